import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { staffBookingQueryOptions } from './get-staff-booking.ts';
import { invalidateAfterBooking } from './invalidate-bookings.ts';

/**
 * POST bookings/{id}/cancel/, sent at once (online only); the reply is the booking's new copy.
 * Pickup and return go through the inspections (features/inspections), which queue offline.
 */
export function useCancelBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<StaffBooking>(`bookings/${bookingId}/cancel/`, { reason }),
    onSuccess: async (booking) => {
      // The reply is the list's shape: the stored quote the details show stays as it was.
      queryClient.setQueryData(staffBookingQueryOptions(bookingId).queryKey, (old) =>
        old ? { ...old, ...booking } : undefined,
      );
      await invalidateAfterBooking(queryClient);
    },
  });
}
