import { createFileRoute } from '@tanstack/react-router';
import { FleetVehiclesPage } from '../../features/fleet/components/fleet-vehicles-page.tsx';
import { staffVehiclesQueryOptions } from '../../features/fleet/api/list-staff-vehicles.ts';

interface FleetSearch {
  /** "due": only the vehicles due a service (the dashboard links here). */
  service?: 'due';
}

export const Route = createFileRoute('/_staff/fleet/vehicles')({
  validateSearch: (search: Record<string, unknown>): FleetSearch =>
    search['service'] === 'due' ? { service: 'due' } : {},
  // Not awaited: a cached list (or the offline notice) shows at once instead of a blank wait.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(staffVehiclesQueryOptions({ search: '', ownership: 'all' }));
  },
  component: FleetVehiclesRoute,
});

function FleetVehiclesRoute() {
  const { service } = Route.useSearch();
  return <FleetVehiclesPage serviceDue={service === 'due'} />;
}
