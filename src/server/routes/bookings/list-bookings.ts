import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { listStaffBookings, type BookingFilter } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { paged } from '../params.ts';
import { pageQuery } from './common.ts';

/** GET bookings/: staff see their agency's bookings (the operator every agency's); a customer only their own. */
export const listBookings = defineRoute({
  method: 'GET',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent', 'customer'],
  query: pageQuery,
  async handler({ deps, user, query, reply }) {
    let filter: BookingFilter;
    if (user.role === 'customer') {
      const customer = await findCustomerByUserId(deps.db, user.id);
      if (!customer) return paged(reply, { items: [], total: 0 });
      filter = { customerId: customer.id };
    } else {
      filter = { agencyId: agencyScope(user) };
    }
    return paged(reply, await listStaffBookings(deps.db, filter, query));
  },
});
