import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinalizedRequest } from '#domain/api/bookings';
import type { FinalizeInput } from '#domain/schemas/customer';
import { api } from '../../../lib/api-client.ts';
import { ownCustomerQueryOptions } from '../../customers/index.ts';
import { bookingRequestQueryOptions } from './get-booking-request.ts';
import { bookingKeys, bookingRequestKeys } from '#app/lib/query-keys';

/**
 * POST booking-request/{id}/finalize/: stores the address and next of kin and creates the booking,
 * together, with the extras and driver's age chosen in the wizard and the total it showed. Sent directly, not through the outbox: a confirmation must not be promised offline
 * when the dates may be gone by the time it reaches the server.
 */
/** The body as sent: the total shown travels as a decimal string, like every amount on the wire. */
export type FinalizeBody = Omit<FinalizeInput, 'expected_total'> & { expected_total: string | null };

export function useFinalizeBookingRequest(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinalizeBody) => api.post<FinalizedRequest>(`booking-request/${requestId}/finalize/`, input),
    onSuccess: (reply) => {
      // The request is booked now: no screen (nor the offline copy) may offer to confirm it again.
      queryClient.setQueryData(bookingRequestQueryOptions(requestId).queryKey, (request) =>
        request ? { ...request, has_booking: true, booking_id: reply.booking_id } : request,
      );
      void queryClient.invalidateQueries({ queryKey: bookingRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ownCustomerQueryOptions().queryKey });
    },
  });
}
