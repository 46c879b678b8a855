import type { Payment } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { paymentIdParams, paymentUpdateSchema } from '#domain/schemas/payment';
import { defineRoute } from '../../http/route.ts';
import { changePayment } from '../../services/payments/change-payment.ts';

/** PATCH payments/:id/: a due entry marked received, or a reference corrected (services/payments/change-payment.ts). */
export const updatePaymentRoute = defineRoute({
  method: 'PATCH',
  url: 'payments/:id/',
  access: STAFF_ROLES,
  params: paymentIdParams,
  body: paymentUpdateSchema,
  async handler({ deps, user, params, body }): Promise<Payment> {
    return changePayment(deps, user, params.id, body);
  },
});
