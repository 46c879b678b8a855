import type { Payment } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { paymentSchema } from '#domain/schemas/payment';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { settleIfPaid } from '../../repositories/invoices.ts';
import { findPayment, insertPayment } from '../../repositories/payments.ts';
import { payableBooking, paymentNotFound, refundConflict } from './payment-checks.ts';

/**
 * POST payments/: money taken (a payment or a deposit) or given back (a refund) at the desk for
 * a booking of the caller's agency; it is received as recorded. A refund beyond what the booking
 * has received is a 409. The payment that settles the booking's issued invoice marks it paid in
 * the same transaction.
 */
export const createPaymentRoute = defineRoute({
  method: 'POST',
  url: 'payments/',
  access: STAFF_ROLES,
  body: paymentSchema,
  async handler({ deps, user, body, request }) {
    const scope = agencyScope(user);
    const booking = await payableBooking(deps, body.booking, scope);
    const now = deps.now().toISOString();
    // The reply is read and stored inside the write's transaction (see plugins/idempotency-commit).
    let created: Payment | undefined;
    try {
      await insertPayment(
        deps.db,
        deps.dialect,
        {
          agency_id: booking.agency_id,
          booking_id: booking.id,
          kind: body.kind,
          status: 'received',
          amount: body.amount,
          method: body.method,
          paid_on: body.paid_on,
          reference: body.reference,
          recorded_by: user.id,
          created_at: now,
          updated_at: now,
        },
        async (trx, id) => {
          if (body.kind === 'payment') await settleIfPaid(trx, { bookingId: booking.id }, body.paid_on, now);
          created = await findPayment(trx, id, scope);
          if (created) await storeReplyWithWrite(trx, request, 201, created);
        },
      );
    } catch (error) {
      throw refundConflict(error, deps.config.currency);
    }
    if (!created) throw paymentNotFound();
    return created;
  },
});
