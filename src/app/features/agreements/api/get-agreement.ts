import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAgreement } from '#domain/api/agreements';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** Under every booking query's key, kept on the device: the tablet shows the agreement with no signal. */
export const agreementQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.agreement(bookingId),
    queryFn: ({ signal }) => api.get<BookingAgreement>(`bookings/${bookingId}/agreement/`, signal),
  });

/** GET bookings/{id}/agreement/: the content, its hash, the signatures so far and the PDF once rendered. */
export function useBookingAgreement(bookingId: number) {
  return useQuery(agreementQueryOptions(bookingId));
}
