import { createFileRoute } from '@tanstack/react-router';
import { localIsoDate } from '#domain/dates';
import { deskSummaryQueryOptions } from '../../features/staff-dashboard/api/get-desk-summary.ts';
import { StaffDashboardPage } from '../../features/staff-dashboard/components/staff-dashboard-page.tsx';

export const Route = createFileRoute('/_staff/staff/dashboard')({
  // Not awaited: offline, the cached figures (or the offline note) show at once.
  loader: ({ context }) => void context.queryClient.prefetchQuery(deskSummaryQueryOptions(localIsoDate())),
  component: StaffDashboard,
});

function StaffDashboard() {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return <StaffDashboardPage user={user} />;
}
