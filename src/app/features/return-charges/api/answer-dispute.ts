import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffDispute } from '#domain/api/return-charges';
import type { DisputeAnswerInput } from '#domain/schemas/return-charge-dispute';
import { api } from '../../../lib/api-client.ts';
import { OPEN_DISPUTES_KEY } from './open-disputes.ts';
import { returnChargesKey } from './return-charges.ts';

/**
 * POST return-charge-disputes/{dispute}/answer/: staff answer a dispute (kept, e-mailed to the
 * customer). Online only; the open disputes and the booking's charges are read again.
 */
export function useAnswerDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, body }: { disputeId: number; body: DisputeAnswerInput }) =>
      api.post<StaffDispute>(`return-charge-disputes/${disputeId}/answer/`, body),
    onSuccess: (dispute) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OPEN_DISPUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: returnChargesKey(dispute.booking) }),
      ]),
  });
}
