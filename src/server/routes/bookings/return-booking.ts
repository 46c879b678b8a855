import type { StaffBooking } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams, bookingReturnSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { progressBooking } from '../../services/bookings/booking-progress.ts';

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
    return progressBooking(deps, user, params.id, { step: 'return', mileage: body.mileage });
  },
});
