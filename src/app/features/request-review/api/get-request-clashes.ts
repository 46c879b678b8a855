import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestClashes } from '#domain/api/booking-requests';
import { api } from '../../../lib/api-client.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

export type { RequestClashes };

/**
 * GET staff-booking-requests/{id}/clashes/: other requests, bookings and unavailability over the
 * request's vehicle and dates. Under the requests' key, so a sent review or booking refreshes it.
 */
export const requestClashesQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, 'clashes', requestId],
    queryFn: ({ signal }) => api.get<RequestClashes>(`staff-booking-requests/${requestId}/clashes/`, signal),
  });

export function useRequestClashes(requestId: number) {
  return useQuery(requestClashesQueryOptions(requestId));
}
