import { type InfiniteData, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { api } from '../../../lib/api-client.ts';
import type { ListPage } from '../../../lib/paging.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

/** One request for the review screen (GET staff-booking-requests/{id}/); another agency's is a 404. */
export const staffRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, 'detail', requestId],
    queryFn: ({ signal }) => api.get<StaffBookingRequest>(`staff-booking-requests/${requestId}/`, signal),
  });

/** The request as a list already on this device has it (the list rows have the review screen's shape). */
function seenInLists(client: QueryClient, requestId: number): StaffBookingRequest | undefined {
  const lists = client.getQueriesData<InfiniteData<ListPage<StaffBookingRequest>>>({
    queryKey: [...STAFF_REQUESTS_KEY, 'list'],
  });
  for (const [, data] of lists) {
    const found = data?.pages.flatMap((page) => page.items).find((request) => request.id === requestId);
    if (found) return found;
  }
  return undefined;
}

/**
 * A request seen in the list opens at once, also offline in the yard, from the list's copy while
 * the server's own copy loads (it replaces the list's when it comes).
 */
export function useStaffRequest(requestId: number) {
  const client = useQueryClient();
  return useQuery({ ...staffRequestQueryOptions(requestId), placeholderData: () => seenInLists(client, requestId) });
}
