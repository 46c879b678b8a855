import * as v from 'valibot';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { staffBookingUpdateSchema } from '#domain/schemas/booking';
import { id } from '#domain/schemas/fields';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findStaffBooking } from '../../repositories/bookings.ts';
import { BOOKING_NOT_FOUND } from '../../services/booking-access.ts';
import { applyStaffEdit } from './staff-booking-rules.ts';

/**
 * PATCH bookings/:id/: staff "Edit Booking". The body is the whole booking, as on creation
 * (fields left out take the creation defaults), and the status may be any of pending, confirmed,
 * active, completed or cancelled. A change to what prices it (vehicle, dates, times, locations,
 * extras, driver's age, discount) prices it again by the current plan; any other edit keeps its
 * stored lines. An empty amount is the lines' total. Another agency's booking is a
 * 404; new dates overlapping another booking of the vehicle are a 409, as on creation.
 */
export const updateBooking = defineRoute({
  method: 'PATCH',
  url: 'bookings/:id/',
  access: ['staff', 'agency', 'agent'],
  params: v.object({ id: id('Booking') }),
  body: staffBookingUpdateSchema,
  async handler({ deps, user, params, body }): Promise<StaffBookingDetail> {
    const found = await findStaffBooking(deps.db, params.id);
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound(BOOKING_NOT_FOUND);
    return applyStaffEdit(deps, user, found.booking, body);
  },
});
