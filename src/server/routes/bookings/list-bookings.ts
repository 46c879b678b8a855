import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import type { CustomerBooking } from '#domain/api/bookings';
import { optionalId, optionalText } from '#domain/schemas/fields';
import { STAFF_BOOKING_ORDERINGS } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listOwnBookings, listStaffBookings } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { listVersion } from '../../repositories/list-counts.ts';
import { renderedPage } from '../../services/list-page-cache.ts';
import { emptyPage, sendPage, sendRenderedPage } from '../params.ts';
import { pageFields } from './booking-params.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

/** Paging for everyone; search, order and the customer filter serve the staff list (a customer's list ignores them). */
const listQuery = v.object({
  ...pageFields,
  search: optionalText('Search', 100),
  ordering: v.optional(
    v.picklist(STAFF_BOOKING_ORDERINGS, `Ordering must be one of ${STAFF_BOOKING_ORDERINGS.join(', ')}.`),
    '-created_at',
  ),
  customer: optionalId('Customer'),
});

/**
 * GET bookings/: staff see their agency's bookings (the operator every agency's) in the staff
 * shape, searchable by customer name or vehicle, in the order asked, optionally of one customer;
 * a customer sees only their own, newest first, in the customer shape (no notes, no registration).
 * A staff page is rendered once per version of what it shows (services/list-page-cache).
 */
export const listBookings = defineRoute({
  method: 'GET',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent', 'customer'],
  query: listQuery,
  async handler({ deps, user, query, request, reply }): Promise<CustomerBooking[] | FastifyReply> {
    if (user.role === 'customer') {
      return sendPage(request, reply, async () => {
        const customer = await findCustomerByUserId(deps.db, user.id);
        return customer ? listOwnBookings(deps.db, customer.id, query, cardImageUrl(deps)) : emptyPage();
      });
    }
    const scope = agencyScope(user);
    return sendRenderedPage(request, reply, async () => {
      // Read with the session check (plugins/auth.ts); read here only if that did not.
      const version = request.bookingsVersion ?? (await listVersion(deps.db, 'bookings', scope));
      return renderedPage(deps.db, `${scope ?? 'all'} ${JSON.stringify(query)}`, version, () =>
        listStaffBookings(deps.db, scope, {
          limit: query.limit,
          offset: query.offset,
          cursor: query.cursor,
          search: query.search,
          ordering: query.ordering,
          customerId: query.customer,
        }),
      );
    });
  },
});
