import * as v from 'valibot';
import type { StaffBooking } from '#domain/api/bookings';
import { staffBookingUpdateSchema } from '#domain/schemas/booking';
import { id } from '#domain/schemas/fields';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findStaffBooking, getStaffBooking } from '../../repositories/bookings.ts';
import { refuseRetiredVehicle } from '../../services/booking-refusals.ts';
import { changeBooking } from '../../services/bookings/place-booking.ts';
import { staffBookingValues } from './staff-booking-rules.ts';

/**
 * PATCH bookings/:id/: staff "Edit Booking". The body is the whole booking, as on creation
 * (fields left out take the creation defaults, an empty amount is repriced), and the status may
 * be any of pending, confirmed, active, completed or cancelled. Another agency's booking is a
 * 404; new dates overlapping another booking of the vehicle are a 409, as on creation.
 */
export const updateBooking = defineRoute({
  method: 'PATCH',
  url: 'bookings/:id/',
  access: ['staff', 'agency', 'agent'],
  params: v.object({ id: id('Booking') }),
  body: staffBookingUpdateSchema,
  async handler({ deps, user, params, body }): Promise<StaffBooking> {
    const found = await findStaffBooking(deps.db, params.id);
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound('Booking not found.');
    const values = await staffBookingValues(deps, user, body);
    // A booking of a vehicle retired since keeps being edited; moving one onto a retired vehicle is refused.
    if (values.vehicle_id !== found.booking.vehicle) await refuseRetiredVehicle(deps, values.vehicle_id, 'vehicle');
    await changeBooking(deps, params.id, values, deps.now().toISOString());
    return getStaffBooking(deps.db, params.id);
  },
});
