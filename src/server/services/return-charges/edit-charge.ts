import type { ReturnCharges } from '#domain/api/return-charges';
import type { ReturnChargeEditInput } from '#domain/schemas/return-charge';
import type { AuthUser, Deps } from '../../context.ts';
import { lockRow } from '../../db/sql-helpers.ts';
import { findReturnCharge, findSettlement, updateReturnCharge } from '../../repositories/return-charges.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict, fieldRefusal, Invalid, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { FINALIZED, returnChargesView, returnFactsOf } from './return-proposal.ts';

export const CHARGE_NOT_FOUND = 'Charge not found.';

/**
 * Changes a decided charge (PATCH bookings/{id}/return-charges/{charge}/): another amount, or
 * waived; either way with a reason, which is kept. A dismissed damage given an amount is charged
 * after all. After the return is finalized, a conflict (409). The reply is stored with the write
 * under its Idempotency-Key: a tablet's replay never applies an old change over a later one.
 */
export async function editReturnCharge(
  deps: Deps,
  user: AuthUser,
  call: { bookingId: number; chargeId: number; input: ReturnChargeEditInput; replyKey: ReplyKey | null },
): Promise<ReturnCharges> {
  const { input } = call;
  const facts = await returnFactsOf(deps.db, call.bookingId, agencyScope(user));
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, deps.dialect, 'bookings', facts.id);
    const charge = await findReturnCharge(trx, facts.id, call.chargeId);
    if (!charge) throw new NotFound(CHARGE_NOT_FOUND);
    if (await findSettlement(trx, facts.id)) throw new Conflict(FINALIZED);
    if (input.reason === null) throw fieldRefusal(Invalid, 'reason', 'Say why the charge changes; the reason is kept.');
    const now = deps.now().toISOString();
    if (input.decision === 'waive') {
      await updateReturnCharge(trx, charge.id, {
        status: 'waived',
        quantity: charge.quantity,
        unit_amount: charge.unit_amount,
        amount: 0,
        reason: input.reason,
        decided_by: user.id,
        updated_at: now,
      });
    } else {
      if (input.amount === null || input.amount <= 0) {
        throw fieldRefusal(Invalid, 'amount', 'Give the amount to charge; a charge of nothing is waived.');
      }
      // The proposal's own quantity × unit when it is charged as proposed; else one unit of the amount.
      const asProposed =
        input.amount === charge.proposed_amount && charge.quantity * charge.unit_amount === input.amount;
      await updateReturnCharge(trx, charge.id, {
        status: 'confirmed',
        quantity: asProposed ? charge.quantity : 1,
        unit_amount: asProposed ? charge.unit_amount : input.amount,
        amount: input.amount,
        reason: input.reason,
        decided_by: user.id,
        updated_at: now,
      });
    }
    const reply = await returnChargesView(trx, facts, deps.config.currency);
    await storeReplyWithWrite(trx, call.replyKey, 200, reply);
    return reply;
  });
}
