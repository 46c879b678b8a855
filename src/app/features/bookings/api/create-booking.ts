import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { ALL_BOOKINGS_KEY } from './staff-bookings-key.ts';

interface CreateBookingCall {
  body: Record<string, unknown>;
  /** The same key for a repeat of the same attempt: the server then makes one booking, not two. */
  idempotencyKey: string;
}

/** POST bookings/ (staff Add Booking): online only; the lists of bookings refresh after it. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateBookingCall) =>
      api.post<StaffBooking>('bookings/', body, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL_BOOKINGS_KEY }),
    // Offline it fails at once with a NetworkError instead of waiting: this write is not kept.
    networkMode: 'always',
  });
}
