import { createFileRoute } from '@tanstack/react-router';
import { ownCustomerQueryOptions } from '../../features/customers/api/get-own-customer.ts';
import { CustomerSettings } from '../../features/customer-settings/components/customer-settings.tsx';
import { StaffSettings } from '../../features/settings/components/staff-settings.tsx';

/** `/settings`: a customer's own details, license and password; anyone else's details and password. */
export const Route = createFileRoute('/_signed-in/settings')({
  // Not awaited: a cached record shows at once, and without one the screen shows its own states.
  loader: ({ context }) => {
    if (context.user.role === 'customer') {
      void context.queryClient.ensureQueryData(ownCustomerQueryOptions()).catch(() => undefined);
    }
  },
  component: SettingsPage,
});

function SettingsPage() {
  const role = Route.useRouteContext({ select: (context) => context.user.role });
  return role === 'customer' ? <CustomerSettings /> : <StaffSettings />;
}
