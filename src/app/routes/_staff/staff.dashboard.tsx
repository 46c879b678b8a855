import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.tsx';

export const Route = createFileRoute('/_staff/staff/dashboard')({
  component: StaffDashboard,
});

/** SPEC §2: the heading Dashboard and a welcome line. */
function StaffDashboard() {
  const name = Route.useRouteContext({ select: ({ user }) => user.first_name || user.username });
  return (
    <div className="page">
      <PageHeader title="Dashboard" description={`Welcome back, ${name}.`} />
    </div>
  );
}
