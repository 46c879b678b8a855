import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

export const Route = createFileRoute('/_public/login')({
  component: LoginPage,
});
