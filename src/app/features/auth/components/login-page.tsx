import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathAfterLogin } from '../../session/index.ts';
import { LoginForm } from './login-form.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <div className="page page--narrow">
      <section className="panel auth-panel">
        <PageHeader title="Login" description="Sign in to manage your bookings or your fleet." />
        <LoginForm onSignedIn={(user) => void navigate({ to: pathAfterLogin(user), replace: true })} />
      </section>
    </div>
  );
}
