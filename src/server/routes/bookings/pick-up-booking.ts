import type { StaffBooking } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { markPickedUp } from '../../repositories/booking-progress.ts';
import { progressBooking } from './booking-progress.ts';

/** POST bookings/{id}/pickup/: the customer drove off; a pending or confirmed booking becomes active. */
export const pickUpBooking = defineRoute({
  method: 'POST',
  url: 'bookings/:id/pickup/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  status: 200,
  async handler({ deps, user, params }): Promise<StaffBooking> {
    return progressBooking(
      deps,
      user,
      params.id,
      (booking) => markPickedUp(deps.db, booking.id),
      (status) => `This booking is ${status}: only a pending or confirmed booking can be picked up.`,
    );
  },
});
