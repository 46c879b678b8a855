import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnCharges } from '#domain/api/return-charges';
import type { DisputeMessageInput } from '#domain/schemas/return-charge-dispute';
import { api } from '../../../lib/api-client.ts';
import { returnChargesKey } from './return-charges.ts';

/**
 * POST bookings/{id}/return-charges/{charge}/disputes/: the customer disputes a charge with a
 * message. Online only, like the charges themselves; the reply (the return as the customer sees
 * it, the dispute on its charge) replaces the cached one.
 */
export function useDisputeCharge(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chargeId, body }: { chargeId: number; body: DisputeMessageInput }) =>
      api.post<ReturnCharges>(`bookings/${bookingId}/return-charges/${chargeId}/disputes/`, body),
    onSuccess: (charges) => queryClient.setQueryData(returnChargesKey(bookingId), charges),
  });
}
