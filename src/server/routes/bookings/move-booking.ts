import * as v from 'valibot';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { bookingMoveSchema } from '#domain/schemas/booking-move';
import { id } from '#domain/schemas/fields';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { BOOKING_NOT_FOUND } from '../../services/booking-access.ts';
import { NotFound } from '../../services/errors.ts';
import { bookingPricingFacts } from '../../repositories/booking-quotes.ts';
import { findStaffBooking } from '../../repositories/bookings.ts';
import { applyStaffEdit, movedBookingInput } from './staff-booking-rules.ts';

/**
 * POST bookings/:id/move/ (issue 23, the planner): the booking onto another vehicle of the
 * caller's fleet and/or other days, everything else kept, priced again by the current plan as
 * Edit Booking prices new dates (the planner shows that price first, from POST quotes/). Checked
 * under the new vehicle's lock as every booking is: an overlap is a 409 on start_date, and a move
 * `from` where the booking no longer is (moved meanwhile, or the move was made offline) is a 409
 * that changes nothing. Another agency's booking is a 404.
 */
export const moveBooking = defineRoute({
  method: 'POST',
  url: 'bookings/:id/move/',
  access: STAFF_ROLES,
  params: v.object({ id: id('Booking') }),
  body: bookingMoveSchema,
  status: 200,
  async handler({ deps, user, params, body }): Promise<StaffBookingDetail> {
    const [found, facts] = await Promise.all([
      findStaffBooking(deps.db, params.id),
      bookingPricingFacts(deps.db, params.id),
    ]);
    if (!found || !facts || !canReachAgency(user, found.agencyId)) throw new NotFound(BOOKING_NOT_FOUND);
    const { from } = body;
    return applyStaffEdit(deps, user, found.booking, movedBookingInput(found.booking, facts, body), {
      vehicleId: from.vehicle,
      startDate: from.start_date,
      endDate: from.end_date,
    });
  },
});
