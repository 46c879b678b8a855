import type { Payment } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { todayIso } from '#domain/dates';
import { paymentIdParams, paymentUpdateSchema } from '#domain/schemas/payment';
import { Conflict } from '../../services/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findPayment, updatePayment } from '../../repositories/payments.ts';
import { paymentNotFound } from '../../services/payments/payment-checks.ts';

const RECEIVED_IS_FINAL =
  'A received payment cannot be changed, only its reference corrected; record a refund to give money back.';

/**
 * PATCH payments/:id/: `status: "received"` marks a due deposit taken (with the `method` and
 * `paid_on` of the day, by default the recorded method and today); `reference` alone may be
 * corrected on any payment. Money already received is otherwise never rewritten.
 */
export const updatePaymentRoute = defineRoute({
  method: 'PATCH',
  url: 'payments/:id/',
  access: STAFF_ROLES,
  params: paymentIdParams,
  body: paymentUpdateSchema,
  async handler({ deps, user, params, body }): Promise<Payment> {
    const scope = agencyScope(user);
    const payment = await findPayment(deps.db, params.id, scope);
    if (!payment) throw paymentNotFound();
    const now = deps.now();
    if (payment.status === 'received') {
      if (body.method !== undefined || body.paid_on !== undefined) throw new Conflict(RECEIVED_IS_FINAL);
      if (body.reference !== undefined) {
        await updatePayment(deps.db, payment.id, { reference: body.reference, updated_at: now.toISOString() });
      }
    } else {
      await updatePayment(deps.db, payment.id, {
        ...(body.status === 'received'
          ? { status: 'received', method: body.method ?? payment.method, paid_on: body.paid_on ?? todayIso(now) }
          : { method: body.method, paid_on: body.paid_on }),
        reference: body.reference,
        updated_at: now.toISOString(),
      });
    }
    const updated = await findPayment(deps.db, payment.id, scope);
    if (!updated) throw paymentNotFound();
    return updated;
  },
});
