import type { ReturnCharges } from '#domain/api/return-charges';
import type { DisputeMessageInput } from '#domain/schemas/return-charge-dispute';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation, lockRow } from '../../db/sql-helpers.ts';
import { findDisputableCharge, insertDispute } from '../../repositories/return-charge-disputes.ts';
import { findSettlement } from '../../repositories/return-charges.ts';
import { Conflict, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { readableBooking } from '../booking-access.ts';
import { customersView } from './customer-view.ts';
import { CHARGE_NOT_FOUND } from './edit-charge.ts';
import { returnChargesView, returnFactsOf } from './return-proposal.ts';

export const NOT_FINAL = 'A charge can be disputed once the final invoice is issued.';
export const NOT_CHARGED = 'Only a charge you were charged can be disputed.';
export const ALREADY_DISPUTED = 'You have already disputed this charge: the agency has not answered yet.';

/**
 * The booking's customer disputes a confirmed charge of a finalized return with a message
 * (POST bookings/{id}/return-charges/{charge}/disputes/), in one transaction under the booking's
 * lock. A charge not confirmed, a return not finalized, or a dispute of the charge still open is
 * a conflict (409), and nothing is written. Answers the return's charges as the customer sees them.
 */
export async function disputeCharge(
  deps: Deps,
  user: AuthUser,
  call: { bookingId: number; chargeId: number; input: DisputeMessageInput; replyKey: ReplyKey | null },
): Promise<ReturnCharges> {
  const booking = await readableBooking(deps, user, call.bookingId);
  const facts = await returnFactsOf(deps.db, booking.id, null);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockRow(trx, deps.dialect, 'bookings', facts.id);
      const charge = await findDisputableCharge(trx, facts.id, call.chargeId);
      if (!charge) throw new NotFound(CHARGE_NOT_FOUND);
      if (!(await findSettlement(trx, facts.id))) throw new Conflict(NOT_FINAL);
      if (charge.status !== 'confirmed') throw new Conflict(NOT_CHARGED);
      if (charge.open_dispute) throw new Conflict(ALREADY_DISPUTED);
      await insertDispute(trx, {
        charge_id: charge.id,
        booking_id: facts.id,
        agency_id: charge.agency_id,
        status: 'open',
        message: call.input.message,
        raised_by: user.id,
        created_at: deps.now().toISOString(),
        answer: null,
        answered_by: null,
        answered_at: null,
      });
      const reply = customersView(await returnChargesView(trx, facts, deps.config.currency));
      await storeReplyWithWrite(trx, call.replyKey, 201, reply);
      return reply;
    });
  } catch (error) {
    // The same charge disputed from another tab between the check and this write.
    if (isUniqueViolation(error)) throw new Conflict(ALREADY_DISPUTED);
    throw error;
  }
}
