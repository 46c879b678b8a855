import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/request/password_reset')({
  component: () => (
    <PlaceholderPage
      title="Reset Password"
      line="Enter your e-mail address and we will send you a link to reset your password."
    />
  ),
});
