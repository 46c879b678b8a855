import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnCharges } from '#domain/api/return-charges';
import type { ReturnChargeDecision } from '#domain/schemas/return-charge';
import { api } from '../../../lib/api-client.ts';
import { INVOICES_KEY } from '../../invoices/index.ts';
import { PAYMENTS_KEY } from '../../payments/index.ts';

export type { ReturnCharges };

const RETURN_CHARGES_KEY = ['return-charges'] as const;
/** One booking's return charges (the disputes' calls refresh it too). */
export const returnChargesKey = (bookingId: number) => [...RETURN_CHARGES_KEY, bookingId] as const;

const returnChargesOptions = (bookingId: number) =>
  queryOptions({
    queryKey: returnChargesKey(bookingId),
    queryFn: ({ signal }) => api.get<ReturnCharges>(`bookings/${bookingId}/return-charges/`, signal),
    staleTime: 0,
  });

/** GET bookings/{id}/return-charges/: the proposal with its working, the decided charges, the settlement. */
export function useReturnCharges(bookingId: number) {
  return useQuery(returnChargesOptions(bookingId));
}

/** The text of the forms: amounts as typed ("45.50"), blanks left out. */
export interface DecisionBody {
  code: string;
  decision: ReturnChargeDecision;
  amount?: string;
  reason?: string;
  note?: string;
}
export interface EditBody {
  decision: 'confirm' | 'waive';
  amount?: string;
  reason?: string;
}

/**
 * POST …/return-charges/ (decide or add), PATCH …/return-charges/{charge}/ (change) and POST
 * …/finalize/ (the final invoice and the deposit settlement). Online only: money is not settled
 * offline. Each answers the whole return, which replaces the cached one.
 */
export function useReturnChargeWrites(bookingId: number) {
  const queryClient = useQueryClient();
  const key = returnChargesOptions(bookingId).queryKey;
  const keep = (charges: ReturnCharges) => queryClient.setQueryData(key, charges);
  const decide = useMutation({
    mutationFn: (body: DecisionBody) => api.post<ReturnCharges>(`bookings/${bookingId}/return-charges/`, body),
    onSuccess: keep,
  });
  const edit = useMutation({
    mutationFn: ({ chargeId, body }: { chargeId: number; body: EditBody }) =>
      api.patch<ReturnCharges>(`bookings/${bookingId}/return-charges/${chargeId}/`, body),
    onSuccess: keep,
  });
  const finalize = useMutation({
    mutationFn: () => api.post<ReturnCharges>(`bookings/${bookingId}/return-charges/finalize/`),
    onSuccess: async (charges) => {
      keep(charges);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
      ]);
    },
  });
  return { decide, edit, finalize };
}
