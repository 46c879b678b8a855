import { createFileRoute } from '@tanstack/react-router';
import { maintenanceFilterOf, maintenanceListOptions } from '../../features/maintenance/api/maintenance.ts';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';
import { definedOnly, searchId, searchText } from '../../lib/search-params.ts';

/** The filters in the address; what a type or a date may be is checked with the screen (maintenanceFilterOf). */
interface MaintenanceSearch {
  vehicle?: number | undefined;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const Route = createFileRoute('/_staff/fleet/maintenance')({
  validateSearch: (search: Record<string, unknown>): MaintenanceSearch =>
    definedOnly<MaintenanceSearch>({
      vehicle: searchId(search['vehicle']),
      type: searchText(search['type']),
      from: searchText(search['from']),
      to: searchText(search['to']),
    }),
  // The search as it is: reading it with the screen's rules here would load them with the landing page.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    void context.queryClient.prefetchInfiniteQuery(maintenanceListOptions(maintenanceFilterOf(deps)));
  },
  component: MaintenanceRoute,
});

function MaintenanceRoute() {
  return <MaintenancePage filter={maintenanceFilterOf(Route.useSearch())} />;
}
