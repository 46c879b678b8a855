import { Outlet, createFileRoute } from '@tanstack/react-router';
import { CustomerLayout } from '../layouts/customer-layout.tsx';
import { requireCustomer } from '../features/session/guards.ts';

/** The customer area: role customer only, everyone else to /login. */
export const Route = createFileRoute('/_customer')({
  beforeLoad: async ({ context }) => ({ user: await requireCustomer(context.queryClient) }),
  component: () => (
    <CustomerLayout>
      <Outlet />
    </CustomerLayout>
  ),
});
