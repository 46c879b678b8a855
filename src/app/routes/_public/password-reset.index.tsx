import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '../../features/accounts/components/password-reset-page.tsx';

/** The reset link without its token: "Invalid or missing reset token." (SPEC §2). */
export const Route = createFileRoute('/_public/password-reset/')({
  component: () => <PasswordResetPage />,
});
