import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { staffBookingQueryOptions } from './get-staff-booking.ts';
import { invalidateAfterBooking } from './invalidate-bookings.ts';

interface UpdateBookingCall {
  id: number;
  body: Record<string, unknown>;
  idempotencyKey: string;
}

/** PATCH bookings/{id}/ (staff Edit Booking, the whole booking): online only. */
export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: UpdateBookingCall) =>
      api.patch<StaffBookingDetail>(`bookings/${id}/`, body, { idempotencyKey }),
    onSuccess: async (booking) => {
      queryClient.setQueryData(staffBookingQueryOptions(booking.id).queryKey, booking);
      await invalidateAfterBooking(queryClient);
    },
    networkMode: 'always',
  });
}
