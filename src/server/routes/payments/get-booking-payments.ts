import type { BookingMoney } from '#domain/api/payments';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findBookingMoney } from '../../repositories/payments.ts';
import { payableBooking } from '../../services/payments/payment-checks.ts';

/** GET bookings/:id/payments/: the booking's money (paid, due, deposit held and due) and its payments. */
export const getBookingPaymentsRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/payments/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  async handler({ deps, user, params }): Promise<BookingMoney> {
    return findBookingMoney(deps.db, await payableBooking(deps, params.id, agencyScope(user)));
  },
});
