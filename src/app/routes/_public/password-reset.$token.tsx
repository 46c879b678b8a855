import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/password-reset/$token')({
  component: () => <PlaceholderPage title="Set a New Password" line="Choose a new password for your account." />,
});
