import { STAFF_ROLES } from '#domain/constants';
import { paymentIdParams } from '#domain/schemas/payment';
import { conflict } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { deleteDuePayment, findPayment } from '../../repositories/payments.ts';
import { paymentNotFound } from '../../services/payments/payment-checks.ts';

/** DELETE payments/:id/: a deposit still due is withdrawn; money received stays on record (refund it instead). */
export const deletePaymentRoute = defineRoute({
  method: 'DELETE',
  url: 'payments/:id/',
  access: STAFF_ROLES,
  params: paymentIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    if (!(await findPayment(deps.db, params.id, agencyScope(user)))) throw paymentNotFound();
    if (!(await deleteDuePayment(deps.db, params.id))) {
      throw conflict('Only a deposit still due can be deleted; record a refund to give money back.');
    }
    return undefined;
  },
});
