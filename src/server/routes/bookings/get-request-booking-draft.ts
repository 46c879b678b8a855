import type { RequestBookingDraft } from '#domain/api/booking-requests';
import { rentalDays } from '#domain/dates';
import { formatMoney } from '#domain/money';
import { defineRoute } from '../../http/route.ts';
import { findAgencyCustomerByEmail } from '../../repositories/customers.ts';
import { requestIdParams } from './booking-params.ts';
import { requestToBook } from '../../services/booking-requests/request-to-book.ts';
import { rentalPrice } from '../../services/booking-price.ts';

/**
 * GET staff-booking-requests/:id/booking/: what "Create booking" starts from — the amount of the
 * request's stored quote (for a request sent before quotes, the server's day rule, rentalPrice),
 * the vehicle's deposit, and whom the booking will be for.
 */
export const getRequestBookingDraft = defineRoute({
  method: 'GET',
  url: 'staff-booking-requests/:id/booking/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  async handler({ deps, user, params }): Promise<RequestBookingDraft> {
    const { agencyId, request, vehicle } = await requestToBook(deps, user, params.id);
    const dates = { start_date: request.start_date, end_date: request.end_date, discount_amount: 0 };
    const person = request.customer_details;
    const customer =
      request.customer !== null
        ? { id: request.customer, first_name: person.first_name, last_name: person.last_name, email: person.email }
        : ((await findAgencyCustomerByEmail(deps.db, agencyId, person.email)) ?? null);
    return {
      days: rentalDays(request.start_date, request.end_date),
      booking_amount:
        request.quote?.total ?? formatMoney(rentalPrice(dates, vehicle.price_per_day, deps.config.currency)),
      booking_deposit: formatMoney(vehicle.deposit),
      customer,
    };
  },
});
