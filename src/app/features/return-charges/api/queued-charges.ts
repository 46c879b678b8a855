import * as v from 'valibot';
import type { ProposedChargeView, ReturnChargeView, ReturnCharges } from '#domain/api/return-charges';
import { formatMoney, parseMoney } from '#domain/money';
import {
  isAddedKind,
  returnChargeDecisionSchema,
  returnChargeEditSchema,
  type ReturnChargeDecisionInput,
  type ReturnChargeEditInput,
} from '#domain/schemas/return-charge';
import type { OutboxEntry, OutboxRequest } from '../../../offline/outbox.ts';

/** The text of the forms: amounts as typed ("45.50"), blanks left out. */
export interface DecisionBody {
  code: string;
  decision: ReturnChargeDecisionInput['decision'];
  amount?: string;
  reason?: string;
  note?: string;
}
export interface EditBody {
  decision: ReturnChargeEditInput['decision'];
  amount?: string;
  reason?: string;
}

/** One write of the return-charges panel: decide or add a charge, change a decided one, finalize. */
export type ChargeWrite =
  { type: 'decide'; body: DecisionBody } | { type: 'edit'; chargeId: number; body: EditBody } | { type: 'finalize' };

/**
 * The outbox target of a booking's return charges: the booking's own, which its inspections and
 * agreement signatures use too, so a return inspection saved offline is sent before the charges
 * decided from it, and the finalize after every decision made before it.
 */
export const chargesTarget = (bookingId: number) => `booking:${bookingId}`;

const base = (bookingId: number) => `bookings/${bookingId}/return-charges/`;

/** The API call of a write: POST …/return-charges/, PATCH …/return-charges/{charge}/, POST …/finalize/. */
export function chargeRequest(
  bookingId: number,
  write: ChargeWrite,
  label: string,
  invalidate: OutboxRequest['invalidate'],
): OutboxRequest {
  const common = { kind: 'return-charge', target: chargesTarget(bookingId), label, invalidate } as const;
  switch (write.type) {
    case 'decide':
      return { ...common, method: 'POST', url: base(bookingId), json: write.body };
    case 'edit':
      return { ...common, method: 'PATCH', url: `${base(bookingId)}${write.chargeId}/`, json: write.body };
    case 'finalize':
      return { ...common, method: 'POST', url: `${base(bookingId)}finalize/` };
  }
}

const EDIT_URL = /\/return-charges\/(\d+)\/$/;

/** The write an outbox entry of this feature makes, read back from its request (undefined: not one of ours). */
export function chargeWriteOf(request: OutboxRequest): ChargeWrite | undefined {
  if (request.kind !== 'return-charge') return undefined;
  if (request.url.endsWith('/finalize/')) return { type: 'finalize' };
  const edit = EDIT_URL.exec(request.url);
  if (request.method === 'PATCH' && edit) {
    return { type: 'edit', chargeId: Number(edit[1]), body: request.json as EditBody };
  }
  if (request.method === 'POST' && request.url.endsWith('/return-charges/')) {
    return { type: 'decide', body: request.json as DecisionBody };
  }
  return undefined;
}

/** A charge as the panel shows it: the server's, or one decided on this device and not sent yet. */
export interface ShownCharge {
  /** React's key. */
  key: string;
  label: string;
  kind: ReturnChargeView['kind'];
  status: ReturnChargeView['status'];
  /** A decimal string, "45.00". */
  amount: string;
  reason: string | null;
  /** The server's charge; null while it exists only on this device. */
  saved: ReturnChargeView | null;
  /** The write on this device that made or changed it, not accepted yet. */
  waiting: OutboxEntry | null;
  /** A change to it the server refused: shown beside it with Discard. */
  refused: OutboxEntry | null;
}

export interface ShownProposal {
  charge: ProposedChargeView;
  /** Its decision the server refused, shown beside it with Discard. */
  refused: OutboxEntry | null;
}

/** The return's charges as this device shows them: the server's (or cached) reply with the writes still on the device. */
export interface ShownReturnCharges {
  proposed: ShownProposal[];
  decided: ShownCharge[];
  /** Refused writes with no charge left to show them beside (an added charge, a charge gone). */
  refusedElsewhere: OutboxEntry[];
  /** The finalize waiting to be sent, or refused. */
  finalize: OutboxEntry | null;
  /** The confirmed charges' sum in minor units, with those waiting to send. */
  confirmedTotal: number;
}

/** The server refused it (or found a conflict): it waits for the person, not for the network. */
const isRefused = (entry: OutboxEntry) => entry.state === 'attention' || entry.state === 'conflict';

const ADDED_LABELS = { cleaning: 'Cleaning', other: 'Other charge' } as const;
const money = (minor: number | null) => formatMoney(minor ?? 0);

/** A decision kept on this device, as the server will record it (decision 051), for a charge still proposed. */
function decidedHere(
  input: ReturnChargeDecisionInput,
  proposal: ProposedChargeView | undefined,
  entry: OutboxEntry,
): ShownCharge | null {
  const common = { key: entry.id, saved: null, waiting: entry, refused: null };
  if (isAddedKind(input.code)) {
    return {
      ...common,
      label: `${ADDED_LABELS[input.code]}: ${input.note ?? ''}`,
      kind: input.code,
      status: 'confirmed',
      amount: money(input.amount),
      reason: input.reason,
    };
  }
  if (!proposal) return null;
  const shared = { ...common, label: proposal.label, kind: proposal.kind };
  if (input.decision === 'dismiss') {
    return { ...shared, status: 'dismissed', amount: money(0), reason: input.reason ?? 'Already known' };
  }
  if (input.decision === 'waive') return { ...shared, status: 'waived', amount: money(0), reason: input.reason };
  const amount = input.amount ?? (proposal.amount === null ? null : parseMoney(proposal.amount));
  return { ...shared, status: 'confirmed', amount: money(amount), reason: input.reason };
}

/**
 * Applies this booking's return-charge writes still on the device, in the order they were made, to
 * the return's charges as last read: a decision moves its charge from proposed to decided, a change
 * shows its new amount or waiver, each marked as waiting to send; a refused write changes nothing
 * and is shown beside the charge it was for. The server's reply replaces all of it once they are sent.
 */
export function withQueuedWrites(charges: ReturnCharges, entries: readonly OutboxEntry[]): ShownReturnCharges {
  let proposed: ShownProposal[] = charges.proposed.map((charge) => ({ charge, refused: null }));
  const decided: ShownCharge[] = charges.decided.map((charge) => ({
    key: `charge-${charge.id}`,
    label: charge.label,
    kind: charge.kind,
    status: charge.status,
    amount: charge.amount,
    reason: charge.reason,
    saved: charge,
    waiting: null,
    refused: null,
  }));
  const refusedElsewhere: OutboxEntry[] = [];
  let finalize: OutboxEntry | null = null;

  for (const entry of entries) {
    const write = chargeWriteOf(entry.request);
    if (!write) continue;
    const refused = isRefused(entry);
    if (write.type === 'finalize') {
      finalize = entry;
      continue;
    }
    if (write.type === 'decide') {
      const parsed = v.safeParse(returnChargeDecisionSchema, write.body);
      const index = proposed.findIndex((item) => item.charge.code === write.body.code);
      const proposal = proposed[index];
      if (refused || !parsed.success) {
        // Beside the charge it was for: still proposed, or decided meanwhile (by another desk).
        const decidedAt = decided.findIndex((item) => item.saved?.code === write.body.code);
        const already = decided[decidedAt];
        if (proposal && !isAddedKind(write.body.code)) proposed[index] = { ...proposal, refused: entry };
        else if (already && !already.refused) decided[decidedAt] = { ...already, refused: entry };
        else refusedElsewhere.push(entry);
        continue;
      }
      const shown = decidedHere(parsed.output, proposal?.charge, entry);
      if (!shown) continue;
      if (proposal) proposed = proposed.filter((_, at) => at !== index);
      decided.push(shown);
      continue;
    }
    const index = decided.findIndex((item) => item.saved?.id === write.chargeId);
    const charge = decided[index];
    const parsed = v.safeParse(returnChargeEditSchema, write.body);
    if (!charge) {
      if (refused) refusedElsewhere.push(entry);
      continue;
    }
    if (refused || !parsed.success) {
      decided[index] = { ...charge, refused: entry };
      continue;
    }
    const waived = parsed.output.decision === 'waive';
    decided[index] = {
      ...charge,
      status: waived ? 'waived' : 'confirmed',
      amount: waived ? money(0) : money(parsed.output.amount),
      reason: parsed.output.reason,
      waiting: entry,
    };
  }

  const confirmedTotal = decided
    .filter((charge) => charge.status === 'confirmed')
    .reduce((sum, charge) => sum + (parseMoney(charge.amount) ?? 0), 0);
  return { proposed, decided, refusedElsewhere, finalize, confirmedTotal };
}
