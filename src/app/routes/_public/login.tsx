import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { redirectSignedIn } from '../../features/session/guards.ts';

export const Route = createFileRoute('/_public/login')({
  // Signed in already (another tab, or a back button): the form would only sign in again.
  beforeLoad: ({ context }) => redirectSignedIn(context.queryClient),
  component: LoginPage,
});
