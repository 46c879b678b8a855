import type { Payment } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { paymentSchema } from '#domain/schemas/payment';
import { defineRoute } from '../../http/route.ts';
import { recordPayment } from '../../services/payments/record-payment.ts';

/**
 * POST payments/: money taken or given back at the desk for a booking of the caller's agency
 * (services/payments/record-payment). A refund beyond what the booking has received is a 409.
 */
export const createPaymentRoute = defineRoute({
  method: 'POST',
  url: 'payments/',
  access: STAFF_ROLES,
  body: paymentSchema,
  async handler({ deps, user, body, request }): Promise<Payment> {
    return recordPayment(deps, user, body, request.idempotencyClaim);
  },
});
