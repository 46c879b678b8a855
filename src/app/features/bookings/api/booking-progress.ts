import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { staffBookingQueryOptions } from './get-staff-booking.ts';
import { invalidateAfterBooking } from './invalidate-bookings.ts';

/** A step of a booking's progress at the desk, as the server takes it. */
export type ProgressStep =
  { step: 'pickup' } | { step: 'return'; mileage: number } | { step: 'cancel'; reason: string };

/**
 * POST bookings/{id}/pickup|return|cancel/. Sent at once, online only for now (the yard's
 * pick-up and return with inspections will queue offline); the reply is the booking's new copy.
 */
export function useBookingProgress(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, ...body }: ProgressStep) =>
      api.post<StaffBooking>(`bookings/${bookingId}/${step}/`, step === 'pickup' ? undefined : body),
    onSuccess: async (booking) => {
      queryClient.setQueryData(staffBookingQueryOptions(bookingId).queryKey, booking);
      await invalidateAfterBooking(queryClient);
    },
  });
}
