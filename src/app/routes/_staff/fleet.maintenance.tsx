import { createFileRoute } from '@tanstack/react-router';
import { MAINTENANCE_TYPES } from '#domain/constants';
import { isIsoDate } from '#domain/dates';
import { maintenanceListOptions, type MaintenanceFilter } from '../../features/maintenance/api/maintenance.ts';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';

const date = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined);

/** The filters a link or the address bar may carry; anything else is dropped, never an error page. */
function maintenanceSearch(search: Record<string, unknown>): MaintenanceFilter {
  const vehicle = Number(search['vehicle']);
  const filter: MaintenanceFilter = {
    vehicle: Number.isInteger(vehicle) && vehicle > 0 ? vehicle : undefined,
    type: MAINTENANCE_TYPES.find((type) => type === search['type']),
    from: date(search['from']),
    to: date(search['to']),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

export const Route = createFileRoute('/_staff/fleet/maintenance')({
  validateSearch: maintenanceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    void context.queryClient.prefetchInfiniteQuery(maintenanceListOptions(deps));
  },
  component: MaintenanceRoute,
});

function MaintenanceRoute() {
  return <MaintenancePage filter={Route.useSearch()} />;
}
