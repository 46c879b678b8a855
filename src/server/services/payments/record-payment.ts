import type { Payment } from '#domain/api/payments';
import type { paymentSchema } from '#domain/schemas/payment';
import type * as v from 'valibot';
import type { AuthUser, Deps } from '../../context.ts';
import { lockRow } from '../../db/sql-helpers.ts';
import { settleIfPaid } from '../../repositories/invoices.ts';
import { findPayment, insertPaymentRow, receivedBalance, RefundTooLargeError } from '../../repositories/payments.ts';
import { agencyScope } from '../agency-scope.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { payableBooking, paymentNotFound, refundConflict } from './payment-checks.ts';

/**
 * Money taken (a payment or a deposit) or given back (a refund) at the desk for a booking of the
 * caller's agency; it is received as recorded. A refund is checked against what the booking has
 * received under a lock on the booking (PostgreSQL; SQLite's transaction is the lock), so two
 * refunds at once cannot together give back more than was taken (a conflict on `amount`). The
 * payment that settles the booking's issued invoice marks it paid in the same transaction.
 */
export async function recordPayment(
  deps: Deps,
  user: AuthUser,
  input: v.InferOutput<typeof paymentSchema>,
  replyKey: ReplyKey | null,
): Promise<Payment> {
  const scope = agencyScope(user);
  const booking = await payableBooking(deps, input.booking, scope);
  const now = deps.now().toISOString();
  let created: Payment | undefined;
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      if (input.kind === 'refund') {
        await lockRow(trx, deps.dialect, 'bookings', booking.id);
        const available = await receivedBalance(trx, booking.id);
        if (input.amount > available) throw new RefundTooLargeError(available);
      }
      const id = await insertPaymentRow(trx, {
        agency_id: booking.agency_id,
        booking_id: booking.id,
        kind: input.kind,
        status: 'received',
        amount: input.amount,
        method: input.method,
        paid_on: input.paid_on,
        reference: input.reference,
        recorded_by: user.id,
        created_at: now,
        updated_at: now,
      });
      if (input.kind === 'payment') await settleIfPaid(trx, { bookingId: booking.id }, input.paid_on, now);
      const payment = await findPayment(trx, id, scope);
      if (payment) await storeReplyWithWrite(trx, replyKey, 201, payment);
      return payment;
    });
  } catch (error) {
    throw refundConflict(error, deps.config.currency);
  }
  if (!created) throw paymentNotFound();
  return created;
}
