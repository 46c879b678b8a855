import * as v from 'valibot';
import { type Payment, PAYMENT_TOTAL_HEADERS } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { paymentFilterFields } from '#domain/schemas/payment';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listPayments } from '../../repositories/payments.ts';
import { paged, pagingFields } from '../params.ts';
import { payableBooking } from '../../services/payments/payment-checks.ts';

const listQuery = v.object({ ...paymentFilterFields, ...pagingFields(50, 200) });

/**
 * GET payments/: the caller's payments (every agency's for staff), newest day first. The count
 * is in X-Total-Count and the money totals of everything the filters match in X-Total-Received,
 * X-Total-Refunded, X-Total-Deposits and X-Total-Due, as the other lists send their totals.
 */
export const listPaymentsRoute = defineRoute({
  method: 'GET',
  url: 'payments/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, reply }): Promise<Payment[]> {
    const { booking, kind, method, status, from, to, ...page } = query;
    const scope = agencyScope(user);
    if (booking !== undefined) await payableBooking(deps, booking, scope);
    const list = await listPayments(deps.db, { scope, bookingId: booking, kind, method, status, from, to }, page);
    for (const [name, header] of Object.entries(PAYMENT_TOTAL_HEADERS)) {
      reply.header(header, list.totals[name as keyof typeof PAYMENT_TOTAL_HEADERS]);
    }
    return paged(reply, list);
  },
});
