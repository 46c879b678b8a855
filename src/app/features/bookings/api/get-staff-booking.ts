import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** One booking in the staff shape (GET bookings/{id}/); another agency's is a 404. */
export const staffBookingQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.staffDetail(bookingId),
    queryFn: ({ signal }) => api.get<StaffBooking>(`bookings/${bookingId}/`, signal),
  });

export function useStaffBooking(bookingId: number) {
  return useQuery(staffBookingQueryOptions(bookingId));
}
