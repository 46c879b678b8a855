import type { CustomerBookingHistoryItem } from '#domain/api/bookings';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listCustomerBookingHistory } from '../../repositories/bookings.ts';
import { isCustomerInScope } from '../../repositories/customers.ts';
import { customerIdParams, sendPage } from '../params.ts';
import { pageQuery } from './booking-params.ts';

/** GET bookings/customer/:id/: a customer's booking history, limited to the caller's agency. */
export const listCustomerBookings = defineRoute({
  method: 'GET',
  url: 'bookings/customer/:id/',
  access: ['staff', 'agency', 'agent'],
  params: customerIdParams,
  query: pageQuery,
  async handler({ deps, user, params, query, request, reply }): Promise<CustomerBookingHistoryItem[]> {
    const scope = agencyScope(user);
    if (!(await isCustomerInScope(deps.db, params.id, scope))) throw notFound('Customer not found.');
    return sendPage(request, reply, () => listCustomerBookingHistory(deps.db, params.id, scope, query));
  },
});
