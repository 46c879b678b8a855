import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '../../features/accounts/components/password-reset-page.tsx';

/** The link in the reset e-mail (`${PUBLIC_URL}/password-reset/<token>`). */
export const Route = createFileRoute('/_public/password-reset/$token')({
  component: function PasswordResetRoute() {
    const { token } = Route.useParams();
    return <PasswordResetPage token={token} />;
  },
});
