import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { redirectStaffHome } from '../features/session/guards.ts';

/** The visitors' pages. Staff-type users are sent to their dashboard once the session is known. */
export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => redirectStaffHome(context.queryClient),
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
