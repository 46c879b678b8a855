import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { api } from '../../../lib/api-client.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

/** One request for the review screen (GET staff-booking-requests/{id}/); another agency's is a 404. */
export const staffRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, 'detail', requestId],
    queryFn: ({ signal }) => api.get<StaffBookingRequest>(`staff-booking-requests/${requestId}/`, signal),
  });

export function useStaffRequest(requestId: number) {
  return useQuery(staffRequestQueryOptions(requestId));
}
