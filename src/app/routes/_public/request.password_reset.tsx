import { createFileRoute } from '@tanstack/react-router';
import { RequestPasswordResetPage } from '../../features/accounts/components/request-password-reset-page.tsx';

export const Route = createFileRoute('/_public/request/password_reset')({
  component: RequestPasswordResetPage,
});
