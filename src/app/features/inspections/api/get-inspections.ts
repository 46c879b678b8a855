import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingInspections } from '#domain/api/inspections';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** Under every booking query's key: whatever refreshes the bookings refreshes these too. */
export const inspectionsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingKeys.inspections(bookingId),
    queryFn: ({ signal }) => api.get<BookingInspections>(`bookings/${bookingId}/inspections/`, signal),
  });

/** GET bookings/{id}/inspections/: the pickup and the return inspection (null until recorded). */
export function useBookingInspections(bookingId: number) {
  return useQuery(inspectionsQueryOptions(bookingId));
}

/**
 * Reads the booking and its inspections again: after a refusal (recorded meanwhile at another
 * desk, the booking moved on), the screen then shows what the server has beside the refusal.
 */
export function useRefreshBookingInspections() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}
