import { createFileRoute } from '@tanstack/react-router';
import { CustomerDashboard } from '../../features/customer-dashboard/components/customer-dashboard.tsx';

export const Route = createFileRoute('/_customer/customer/dashboard')({
  component: CustomerDashboardRoute,
});

function CustomerDashboardRoute() {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return <CustomerDashboard userId={user.id} firstName={user.first_name} />;
}
