import type { StaffBookingDetail } from '#domain/api/bookings';
import { staffBookingSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { refuseRetiredVehicle } from '../../services/booking-refusals.ts';
import { createStaffBooking, staffBookingDetail } from '../../services/bookings/staff-booking.ts';
import { staffBookingValues } from './staff-booking-rules.ts';

/**
 * POST bookings/: staff "Add Booking". The vehicle and customer must be the caller's; it is
 * priced by the quote (extras, locations, driver's age, discount) with staff's line overrides,
 * and an empty amount is the lines' total; overlapping a held booking, or an extra short of
 * stock, is a 409. The reply carries the stored quote.
 */
export const createBooking = defineRoute({
  method: 'POST',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent'],
  body: staffBookingSchema,
  async handler({ deps, user, body }): Promise<StaffBookingDetail> {
    const write = await staffBookingValues(deps, user, body);
    await refuseRetiredVehicle(deps, write.values.vehicle_id, 'vehicle');
    const id = await createStaffBooking(deps, user, write, {
      booking_request_id: null,
      created_by: user.id,
      created_at: deps.now().toISOString(),
    });
    return staffBookingDetail(deps.db, id);
  },
});
