import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterBooking } from './invalidate-bookings.ts';

interface CreateBookingCall {
  body: Record<string, unknown>;
  /** The same key for a repeat of the same attempt: the server then makes one booking, not two. */
  idempotencyKey: string;
}

/** POST bookings/ (staff Add Booking): online only; what shows bookings refreshes after it. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateBookingCall) =>
      api.post<StaffBookingDetail>('bookings/', body, { idempotencyKey }),
    onSuccess: () => invalidateAfterBooking(queryClient),
    // Offline it fails at once with a NetworkError instead of waiting: this write is not kept.
    networkMode: 'always',
  });
}
