import type { CustomerBooking, StaffBookingDetail } from '#domain/api/bookings';
import { bookingIdParams } from '#domain/schemas/booking';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findCustomerBooking, findStaffBooking } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';
import { staffBookingDetail } from '../../services/bookings/staff-booking.ts';
import { BOOKING_NOT_FOUND } from '../../services/booking-access.ts';

/**
 * GET bookings/:id/: a customer gets one of their own bookings in the customer shape; staff,
 * agency and agent users one of their agency's (the operator any) in the staff shape with its stored quote. Anyone
 * else's booking is a 404, so its existence is not given away.
 */
export const getBooking = defineRoute({
  method: 'GET',
  url: 'bookings/:id/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  async handler({ deps, user, params }): Promise<CustomerBooking | StaffBookingDetail> {
    if (user.role === 'customer') {
      const customer = await findCustomerByUserId(deps.db, user.id);
      const booking = customer && (await findCustomerBooking(deps.db, params.id, customer.id, cardImageUrl(deps)));
      if (!booking) throw notFound(BOOKING_NOT_FOUND);
      return booking;
    }
    const found = await findStaffBooking(deps.db, params.id);
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound(BOOKING_NOT_FOUND);
    return staffBookingDetail(deps.db, params.id);
  },
});
