import { Outlet, createFileRoute } from '@tanstack/react-router';
import { CustomerLayout } from '../layouts/customer-layout.tsx';
import { StaffLayout } from '../layouts/staff-layout.tsx';
import { requireSignedIn } from '../features/session/guards.ts';

/**
 * Pages in both the customer and the staff sidebars (/bookings/list, /settings): any signed-in
 * user, inside the layout of their role.
 */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: async ({ context }) => ({ user: await requireSignedIn(context.queryClient) }),
  component: SignedInLayout,
});

function SignedInLayout() {
  // The role the guard saw, not the live session: signing out must not swap layouts mid-way.
  const role = Route.useRouteContext({ select: (context) => context.user.role });
  const Layout = role === 'customer' ? CustomerLayout : StaffLayout;
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
