import { createFileRoute } from '@tanstack/react-router';
import { FleetVehiclesPage } from '../../features/fleet/components/fleet-vehicles-page.tsx';
import { staffVehiclesQueryOptions } from '../../features/fleet/api/list-staff-vehicles.ts';

interface FleetSearch {
  /** "due": only the vehicles due a service (the dashboard links here). */
  service?: 'due';
  /** "show": retired vehicles are listed too, marked Retired. */
  retired?: 'show';
}

export const Route = createFileRoute('/_staff/fleet/vehicles')({
  validateSearch: (search: Record<string, unknown>): FleetSearch => ({
    ...(search['service'] === 'due' ? { service: 'due' } : {}),
    ...(search['retired'] === 'show' ? { retired: 'show' } : {}),
  }),
  // Not awaited: a cached list (or the offline notice) shows at once instead of a blank wait.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(staffVehiclesQueryOptions({ search: '', ownership: 'all' }));
  },
  component: FleetVehiclesRoute,
});

function FleetVehiclesRoute() {
  const { service, retired } = Route.useSearch();
  return <FleetVehiclesPage serviceDue={service === 'due'} showRetired={retired === 'show'} />;
}
