import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** One booking in the staff shape with its stored quote (GET bookings/{id}/); another agency's is a 404. */
export const staffBookingQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.staffDetail(bookingId),
    queryFn: ({ signal }) => api.get<StaffBookingDetail>(`bookings/${bookingId}/`, signal),
  });

export function useStaffBooking(bookingId: number) {
  return useQuery(staffBookingQueryOptions(bookingId));
}
