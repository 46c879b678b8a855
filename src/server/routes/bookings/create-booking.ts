import { staffBookingSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { createBooking as insertBooking, getStaffBooking } from '../../repositories/bookings.ts';
import { bookingConflict, refuseRetiredVehicle } from './booking-refusals.ts';
import { staffBookingValues } from './staff-booking-rules.ts';

/**
 * POST bookings/: staff "Add Booking". The vehicle and customer must be the caller's; the
 * amount defaults to days × price − discount; overlapping a held booking is a 409.
 */
export const createBooking = defineRoute({
  method: 'POST',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent'],
  body: staffBookingSchema,
  async handler({ deps, user, body }) {
    const values = await staffBookingValues(deps, user, body);
    await refuseRetiredVehicle(deps, values.vehicle_id, 'vehicle');
    let id: number;
    try {
      id = await insertBooking(deps.db, deps.dialect, {
        ...values,
        booking_request_id: null,
        created_by: user.id,
        created_at: deps.now().toISOString(),
      });
    } catch (error) {
      throw bookingConflict(error);
    }
    return getStaffBooking(deps.db, id);
  },
});
