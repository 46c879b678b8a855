import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { customerExists, listCustomerBookingHistory } from '../../repositories/bookings.ts';
import { isCustomerOfAgency } from '../../repositories/customers.ts';
import { customerIdParams, pageQuery, paged } from './common.ts';

/** GET bookings/customer/:id/: a customer's booking history, limited to the caller's agency. */
export const listCustomerBookings = defineRoute({
  method: 'GET',
  url: 'bookings/customer/:id/',
  access: ['staff', 'agency', 'agent'],
  params: customerIdParams,
  query: pageQuery,
  async handler({ deps, user, params, query, reply }) {
    const scope = agencyScope(user);
    const reachable =
      scope === null ? await customerExists(deps.db, params.id) : await isCustomerOfAgency(deps.db, params.id, scope);
    if (!reachable) throw notFound('Customer not found.');
    return paged(reply, await listCustomerBookingHistory(deps.db, params.id, scope, query));
  },
});
