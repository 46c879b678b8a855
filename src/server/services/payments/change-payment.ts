import type { Payment } from '#domain/api/payments';
import { todayIso } from '#domain/dates';
import type { PaymentUpdateInput } from '#domain/schemas/payment';
import type { AuthUser, Deps } from '../../context.ts';
import { settleIfPaid } from '../../repositories/invoices.ts';
import { findPayment, updatePayment } from '../../repositories/payments.ts';
import { agencyScope } from '../agency-scope.ts';
import { Conflict } from '../errors.ts';
import { paymentNotFound } from './payment-checks.ts';

const RECEIVED_IS_FINAL =
  'A received payment cannot be changed, only its reference corrected; record a refund to give money back.';

/**
 * PATCH payments/:id/: `status: "received"` marks a due entry taken (with the `method` and
 * `paid_on` of the day, by default the recorded method and today); `reference` alone may be
 * corrected on any payment. Money already received is otherwise never rewritten. A due payment
 * marked received (the shortfall a return left, decision 054) marks the booking's issued invoice
 * paid in the same transaction when it is then covered, as recording a payment does.
 */
export async function changePayment(
  deps: Deps,
  user: AuthUser,
  id: number,
  body: PaymentUpdateInput,
): Promise<Payment> {
  const scope = agencyScope(user);
  const payment = await findPayment(deps.db, id, scope);
  if (!payment) throw paymentNotFound();
  const now = deps.now();
  const at = now.toISOString();
  if (payment.status === 'received') {
    if (body.method !== undefined || body.paid_on !== undefined) throw new Conflict(RECEIVED_IS_FINAL);
    if (body.reference !== undefined)
      await updatePayment(deps.db, payment.id, { reference: body.reference, updated_at: at });
  } else if (body.status === 'received') {
    const paidOn = body.paid_on ?? todayIso(now);
    await deps.db.transaction().execute(async (trx) => {
      await updatePayment(trx, payment.id, {
        status: 'received',
        method: body.method ?? payment.method,
        paid_on: paidOn,
        reference: body.reference,
        updated_at: at,
      });
      if (payment.kind === 'payment') await settleIfPaid(trx, { bookingId: payment.booking }, paidOn, at);
    });
  } else {
    await updatePayment(deps.db, payment.id, {
      method: body.method,
      paid_on: body.paid_on,
      reference: body.reference,
      updated_at: at,
    });
  }
  const updated = await findPayment(deps.db, payment.id, scope);
  if (!updated) throw paymentNotFound();
  return updated;
}
