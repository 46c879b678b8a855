import type { CustomerBookingRequest } from '#domain/api/bookings';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findCustomerRequest } from '../../repositories/booking-requests.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { requestIdParams } from './booking-params.ts';
import { REQUEST_NOT_FOUND } from '../../services/booking-refusals.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

/** GET booking-requests/:id/: one of the signed-in customer's own requests; anyone else's is a 404. */
export const getBookingRequest = defineRoute({
  method: 'GET',
  url: 'booking-requests/:id/',
  access: ['customer'],
  params: requestIdParams,
  async handler({ deps, user, params }): Promise<CustomerBookingRequest> {
    const customer = await findCustomerByUserId(deps.db, user.id);
    const request = customer && (await findCustomerRequest(deps.db, params.id, customer.id, cardImageUrl(deps)));
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    return request;
  },
});
