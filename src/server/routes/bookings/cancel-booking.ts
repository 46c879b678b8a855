import type { StaffBooking } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { bookingCancelSchema, bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { progressBooking } from '../../services/bookings/booking-progress.ts';

/** POST bookings/{id}/cancel/ (`reason`): a pending or confirmed booking is cancelled; the reason is kept. */
export const cancelBooking = defineRoute({
  method: 'POST',
  url: 'bookings/:id/cancel/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  body: bookingCancelSchema,
  status: 200,
  async handler({ deps, user, params, body }): Promise<StaffBooking> {
    return progressBooking(deps, user, params.id, { step: 'cancel', reason: body.reason });
  },
});
