import type { StaffBooking } from '#domain/api/bookings';
import { staffBookingSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { getStaffBooking } from '../../repositories/bookings.ts';
import { refuseRetiredVehicle } from '../../services/booking-refusals.ts';
import { createBooking as placeNewBooking } from '../../services/bookings/place-booking.ts';
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
  async handler({ deps, user, body }): Promise<StaffBooking> {
    const values = await staffBookingValues(deps, user, body);
    await refuseRetiredVehicle(deps, values.vehicle_id, 'vehicle');
    const id = await placeNewBooking(deps, {
      ...values,
      booking_request_id: null,
      created_by: user.id,
      created_at: deps.now().toISOString(),
    });
    return getStaffBooking(deps.db, id);
  },
});
