import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnCharges } from '#domain/api/return-charges';
import { ApiError, api } from '../../../lib/api-client.ts';
import { discardEntry, OUTBOX_VERSION, submitThroughOutbox, type OutboxEntry } from '../../../offline/outbox.ts';
import { INVOICES_KEY } from '../../invoices/index.ts';
import { PAYMENTS_KEY } from '../../payments/index.ts';
import { chargeRequest, chargesTarget, type ChargeWrite } from './queued-charges.ts';

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

/**
 * GET bookings/{id}/return-charges/: the proposal with its working, the decided charges, the
 * settlement. Kept in the persisted cache, so a tablet that opened the page online shows it offline.
 * Only once the booking is returned (before, the server answers 409).
 */
export function useReturnCharges(bookingId: number, returned = true) {
  return useQuery({ ...returnChargesOptions(bookingId), enabled: returned });
}

/** What became of a write: accepted, kept on the device for later, or refused (its fields beside the form's). */
export type ChargeOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'refused'; error: ApiError };

/**
 * The panel's writes — POST …/return-charges/ (decide or add), PATCH …/return-charges/{charge}/
 * (change), POST …/finalize/ (the final invoice and the deposit settlement) — through the outbox,
 * on the booking's target after its inspections, each under its own Idempotency-Key. Online the
 * server's answer is waited for (decision 013); without a connection the write is kept and sent
 * once, in order, when the connection returns (decision 053). A refusal said at once is the form's
 * to show, so its entry is discarded. `inFlight` is the write being sent from this screen: while it
 * waits for the answer it is not shown as made (the form stays, for a refusal beside its field);
 * once accepted, it is shown as made until the return's charges have been read again after it.
 */
export function useReturnChargeWrites(bookingId: number) {
  const queryClient = useQueryClient();
  const key = returnChargesOptions(bookingId).queryKey;
  const [inFlight, setInFlight] = useState<{ entry: OutboxEntry; accepted: boolean } | null>(null);
  const [handled, setHandled] = useState<readonly string[]>([]);

  const send = async (write: ChargeWrite, label: string): Promise<ChargeOutcome> => {
    const invalidate = write.type === 'finalize' ? [key, PAYMENTS_KEY, INVOICES_KEY] : [key];
    const request = chargeRequest(bookingId, write, label, invalidate);
    const entry = inFlightEntry(bookingId, request);
    setInFlight({ entry, accepted: false });
    try {
      const outcome = await submitThroughOutbox(request);
      if (outcome.status === 'sent') {
        setInFlight({ entry, accepted: true });
        await queryClient.invalidateQueries({ queryKey: key });
        return { status: 'sent' };
      }
      if (outcome.status === 'queued') return { status: 'queued' };
      setHandled((ids) => [...ids, outcome.entry.id]);
      void discardEntry(outcome.entry.id);
      const status = outcome.entry.state === 'conflict' ? 409 : 400;
      return { status: 'refused', error: new ApiError(status, { error: outcome.error, fields: outcome.fields ?? {} }) };
    } finally {
      setInFlight(null);
    }
  };
  return { send, inFlight, handled, busy: inFlight !== null, target: chargesTarget(bookingId) };
}

/** The write being sent from this screen, shown as such until the charges are read again. */
function inFlightEntry(bookingId: number, request: OutboxEntry['request']): OutboxEntry {
  const now = Date.now();
  return {
    id: `in-flight-${now}`,
    kind: request.kind,
    target: chargesTarget(bookingId),
    label: request.label,
    state: 'sending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    errorFields: null,
    createdAt: now,
    seq: Number.MAX_SAFE_INTEGER,
    version: OUTBOX_VERSION,
    userId: null,
    request,
  };
}

/** The same write as another (this screen's in-flight one and its outbox entry). */
export const sameWrite = (a: OutboxEntry['request'], b: OutboxEntry['request']) =>
  a.method === b.method && a.url === b.url && JSON.stringify(a.json ?? null) === JSON.stringify(b.json ?? null);

export type ReturnChargeWrites = ReturnType<typeof useReturnChargeWrites>;
