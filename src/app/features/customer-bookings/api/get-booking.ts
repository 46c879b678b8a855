import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** One of the customer's own bookings (GET bookings/{id}/, customer shape); anyone else's is a 404. */
export const bookingQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.own(bookingId),
    queryFn: ({ signal }) => api.get<CustomerBooking>(`bookings/${bookingId}/`, signal),
  });

export function useBooking(bookingId: number) {
  return useQuery(bookingQueryOptions(bookingId));
}
