import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingRequestKeys } from '#app/lib/query-keys';

/** One of the customer's own requests (GET booking-requests/{id}/); anyone else's is a 404. */
export const bookingRequestQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: bookingRequestKeys.detail(requestId),
    queryFn: ({ signal }) => api.get<CustomerBookingRequest>(`booking-requests/${requestId}/`, signal),
  });

interface UseBookingRequestOptions {
  /** Ask the server even when the cached copy is recent: a screen that acts on the status needs it live. */
  alwaysRefetch?: boolean;
}

export function useBookingRequest(requestId: number, { alwaysRefetch = false }: UseBookingRequestOptions = {}) {
  return useQuery({ ...bookingRequestQueryOptions(requestId), refetchOnMount: alwaysRefetch ? 'always' : true });
}
