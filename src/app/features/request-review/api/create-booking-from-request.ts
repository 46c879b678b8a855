import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBooking } from '#domain/api/bookings';
import type * as v from 'valibot';
import type { requestBookingSchema } from '#domain/schemas/booking';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterBooking } from '../../bookings/index.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

interface CreateCall {
  /** The form's values as typed: the server reads the amounts with the same schema. */
  input: v.InferInput<typeof requestBookingSchema>;
  /** The same key for a repeat of the same attempt: the server then makes one booking, not two. */
  idempotencyKey: string;
}

/**
 * POST staff-booking-requests/{id}/booking/: online only, like Add Booking — a booking is not
 * promised offline when the dates may be gone by the time it is sent (decision 035). The request
 * (now booked), its clashes and every booking list refresh after it.
 */
export function useCreateBookingFromRequest(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: CreateCall) =>
      api.post<StaffBooking>(`staff-booking-requests/${requestId}/booking/`, input, { idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_KEY }),
        invalidateAfterBooking(queryClient),
      ]).then(() => undefined),
    // Offline it fails at once with a NetworkError instead of waiting: this write is not kept.
    networkMode: 'always',
  });
}
