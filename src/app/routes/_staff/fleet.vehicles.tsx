import { createFileRoute } from '@tanstack/react-router';
import { FleetVehiclesPage } from '../../features/fleet/components/fleet-vehicles-page.tsx';
import { staffVehiclesQueryOptions } from '../../features/fleet/api/list-staff-vehicles.ts';

export const Route = createFileRoute('/_staff/fleet/vehicles')({
  // Not awaited: a cached list (or the offline notice) shows at once instead of a blank wait.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(staffVehiclesQueryOptions({ search: '', ownership: 'all' }));
  },
  component: FleetVehiclesPage,
});
