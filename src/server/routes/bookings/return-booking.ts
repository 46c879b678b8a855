import type { StaffBooking } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams, bookingReturnSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { markReturned } from '../../repositories/booking-progress.ts';
import { progressBooking } from './booking-progress.ts';

/**
 * POST bookings/{id}/return/ (`mileage`): the vehicle came back; an active booking becomes
 * completed with the odometer reading, which raises the vehicle's mileage.
 */
export const returnBooking = defineRoute({
  method: 'POST',
  url: 'bookings/:id/return/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  body: bookingReturnSchema,
  status: 200,
  async handler({ deps, user, params, body }): Promise<StaffBooking> {
    return progressBooking(
      deps,
      user,
      params.id,
      (booking) =>
        markReturned(deps.db, { id: booking.id, vehicleId: booking.vehicle }, body.mileage, deps.now().toISOString()),
      (status) => `This booking is ${status}: only an active booking can be returned.`,
    );
  },
});
