import { Outlet, createFileRoute } from '@tanstack/react-router';
import { StaffLayout } from '../layouts/staff-layout.tsx';
import { requireStaff } from '../features/session/guards.ts';

/** The staff area: staff, agents and agencies; everyone else to /login. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context }) => ({ user: await requireStaff(context.queryClient) }),
  component: () => (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  ),
});
