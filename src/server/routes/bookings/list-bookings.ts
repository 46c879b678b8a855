import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { listOwnBookings, listStaffBookings } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { paged } from '../params.ts';
import { cardImageUrl, pageQuery } from './common.ts';

/**
 * GET bookings/: staff see their agency's bookings (the operator every agency's) in the staff
 * shape; a customer sees only their own, in the customer shape (no notes, no registration).
 */
export const listBookings = defineRoute({
  method: 'GET',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent', 'customer'],
  query: pageQuery,
  async handler({ deps, user, query, reply }) {
    if (user.role === 'customer') {
      const customer = await findCustomerByUserId(deps.db, user.id);
      if (!customer) return paged(reply, { items: [], total: 0 });
      return paged(reply, await listOwnBookings(deps.db, customer.id, query, cardImageUrl(deps)));
    }
    return paged(reply, await listStaffBookings(deps.db, agencyScope(user), query));
  },
});
