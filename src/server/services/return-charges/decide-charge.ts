import type { ReturnCharges } from '#domain/api/return-charges';
import { moneyText } from '#domain/money';
import type { ProposedCharge } from '#domain/return-charges';
import { isAddedKind, type ReturnChargeDecisionInput } from '#domain/schemas/return-charge';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation, lockRow } from '../../db/sql-helpers.ts';
import {
  decidedCodes,
  findSettlement,
  insertReturnCharge,
  type NewReturnCharge,
} from '../../repositories/return-charges.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, fieldRefusal, Invalid } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { FINALIZED, proposalOf, returnChargesView, returnFactsOf } from './return-proposal.ts';

export const ALREADY_DECIDED = 'This charge is already decided: change or waive it instead.';
export const NOT_PROPOSED = 'No such charge is proposed for this return.';
const ADDED_LABELS = { cleaning: 'Cleaning', other: 'Other charge' } as const;

type Decided = Pick<
  NewReturnCharge,
  | 'code'
  | 'kind'
  | 'status'
  | 'label'
  | 'working'
  | 'quantity'
  | 'unit_amount'
  | 'amount'
  | 'proposed_amount'
  | 'reason'
  | 'note'
>;

/** Cleaning or other, added by staff: confirmed with its amount and a note saying what it is for. */
function addedCharge(input: ReturnChargeDecisionInput, kind: 'cleaning' | 'other', codes: string[]): Decided {
  if (input.decision !== 'confirm') {
    throw fieldRefusal(Invalid, 'decision', 'An added charge is confirmed, with its amount and a note.');
  }
  if (input.amount === null || input.amount <= 0) {
    throw fieldRefusal(Invalid, 'amount', `Give the amount of the ${kind === 'cleaning' ? 'cleaning' : 'charge'}.`);
  }
  if (input.note === null) throw fieldRefusal(Invalid, 'note', 'Say what the charge is for.');
  const number = codes.filter((code) => code.startsWith(`${kind}:`)).length + 1;
  return {
    code: `${kind}:${number}`,
    kind,
    status: 'confirmed',
    label: `${ADDED_LABELS[kind]}: ${input.note}`,
    working: input.note,
    quantity: 1,
    unit_amount: input.amount,
    amount: input.amount,
    proposed_amount: null,
    reason: input.reason,
    note: input.note,
  };
}

/** A proposed charge confirmed (a damage with its cost; another amount than proposed with a reason), waived with a reason, or a damage dismissed. */
function decidedProposal(input: ReturnChargeDecisionInput, proposal: ProposedCharge, currency: string): Decided {
  const base = {
    code: proposal.code,
    kind: proposal.kind,
    label: proposal.label,
    working: proposal.working,
    proposed_amount: proposal.amount,
    note: null,
  };
  if (input.decision === 'dismiss') {
    if (proposal.kind !== 'damage') {
      throw fieldRefusal(Invalid, 'decision', 'Only a damage mark can be dismissed as already known.');
    }
    return {
      ...base,
      status: 'dismissed',
      quantity: 1,
      unit_amount: 0,
      amount: 0,
      reason: input.reason ?? 'Already known',
    };
  }
  if (input.decision === 'waive') {
    if (input.reason === null)
      throw fieldRefusal(Invalid, 'reason', 'Say why the charge is waived; the reason is kept.');
    return {
      ...base,
      status: 'waived',
      quantity: proposal.quantity,
      unit_amount: proposal.unitAmount ?? 0,
      amount: 0,
      reason: input.reason,
    };
  }
  if (proposal.amount === null) {
    if (input.amount === null || input.amount <= 0)
      throw fieldRefusal(Invalid, 'amount', 'Give the cost of the damage.');
    return {
      ...base,
      status: 'confirmed',
      quantity: 1,
      unit_amount: input.amount,
      amount: input.amount,
      reason: input.reason,
    };
  }
  const amount = input.amount ?? proposal.amount;
  if (amount <= 0) throw fieldRefusal(Invalid, 'amount', 'A charge of nothing is waived, with a reason.');
  if (amount === proposal.amount) {
    return {
      ...base,
      status: 'confirmed',
      quantity: proposal.quantity,
      unit_amount: proposal.unitAmount ?? amount,
      amount,
      reason: input.reason,
    };
  }
  if (input.reason === null) {
    throw fieldRefusal(
      Invalid,
      'reason',
      `Say why the amount is not the ${moneyText(proposal.amount, currency)} proposed.`,
    );
  }
  return { ...base, status: 'confirmed', quantity: 1, unit_amount: amount, amount, reason: input.reason };
}

/**
 * Decides one charge of a booking's return (POST bookings/{id}/return-charges/), or adds cleaning or
 * other, in one transaction under the booking's lock, against what the return proposes now. A charge
 * decided twice, or any change after the return is finalized, is a conflict (409); nothing is written
 * on a refusal. Answers the return's charges as they now are.
 */
export async function decideReturnCharge(
  deps: Deps,
  user: AuthUser,
  bookingId: number,
  input: ReturnChargeDecisionInput,
  replyKey: ReplyKey | null,
): Promise<ReturnCharges> {
  const facts = await returnFactsOf(deps.db, bookingId, agencyScope(user));
  const currency = deps.config.currency;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, deps.dialect, 'bookings', facts.id);
      if (await findSettlement(trx, facts.id)) throw new Conflict(FINALIZED);
      const { proposed } = await proposalOf(trx, facts, currency);
      const codes = await decidedCodes(trx, facts.id);
      let decided: Decided;
      if (isAddedKind(input.code)) {
        decided = addedCharge(input, input.code, codes);
      } else {
        const proposal = proposed.find((charge) => charge.code === input.code);
        if (codes.includes(input.code)) throw fieldRefusal(Conflict, 'code', ALREADY_DECIDED);
        if (!proposal) throw fieldRefusal(Invalid, 'code', NOT_PROPOSED);
        decided = decidedProposal(input, proposal, currency);
      }
      const now = deps.now().toISOString();
      await insertReturnCharge(trx, {
        ...decided,
        booking_id: facts.id,
        agency_id: facts.agency_id,
        decided_by: user.id,
        created_at: now,
        updated_at: now,
      });
      const reply = await returnChargesView(trx, facts, currency);
      await storeReplyWithWrite(trx, replyKey, 201, reply);
      return reply;
    });
  } catch (error) {
    // Another desk decided the same charge between the check and this write.
    if (isUniqueViolation(error)) throw fieldRefusal(Conflict, 'code', ALREADY_DECIDED);
    throw error;
  }
}
