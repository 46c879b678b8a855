import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.tsx';

export const Route = createFileRoute('/_customer/customer/dashboard')({
  component: CustomerDashboard,
});

/** SPEC §2: welcome text only. */
function CustomerDashboard() {
  const firstName = Route.useRouteContext({ select: (context) => context.user.first_name });
  return (
    <div className="page">
      <PageHeader
        title={firstName ? `Welcome, ${firstName}!` : 'Welcome!'}
        description="Book a vehicle, follow your booking requests and confirm them when they are accepted."
      />
    </div>
  );
}
