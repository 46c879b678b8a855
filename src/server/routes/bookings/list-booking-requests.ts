import type { CustomerBookingRequest } from '#domain/api/bookings';
import { defineRoute } from '../../http/route.ts';
import { listCustomerRequests } from '../../repositories/booking-requests.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { emptyPage, sendPage } from '../params.ts';
import { pageQuery } from './booking-params.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

/** GET booking-requests/: the signed-in customer's own requests, newest first. */
export const listBookingRequests = defineRoute({
  method: 'GET',
  url: 'booking-requests/',
  access: ['customer'],
  query: pageQuery,
  async handler({ deps, user, query, request, reply }): Promise<CustomerBookingRequest[]> {
    return sendPage(request, reply, async () => {
      const customer = await findCustomerByUserId(deps.db, user.id);
      return customer ? listCustomerRequests(deps.db, customer.id, query, cardImageUrl(deps)) : emptyPage();
    });
  },
});
