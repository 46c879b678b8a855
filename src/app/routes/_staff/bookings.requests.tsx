import { createFileRoute } from '@tanstack/react-router';
import { REQUEST_STATUSES, type RequestStatus } from '#domain/constants';
import { staffRequestsQueryOptions } from '../../features/request-review/api/list-staff-requests.ts';
import { StaffRequestsPage } from '../../features/request-review/components/staff-requests-page.tsx';

interface RequestsSearch {
  /** Only the requests in this status; all when absent. */
  status?: RequestStatus;
}

export const Route = createFileRoute('/_staff/bookings/requests')({
  validateSearch: (search: Record<string, unknown>): RequestsSearch => {
    const status = REQUEST_STATUSES.find((option) => option === search['status']);
    return status ? { status } : {};
  },
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context, deps }) => {
    // Not awaited: the page shows the cached list, offline and loading states itself.
    void context.queryClient.prefetchInfiniteQuery(staffRequestsQueryOptions(deps.status));
  },
  component: StaffRequestsRoute,
});

function StaffRequestsRoute() {
  const { status } = Route.useSearch();
  return <StaffRequestsPage status={status} />;
}
