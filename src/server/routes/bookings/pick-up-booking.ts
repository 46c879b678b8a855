import type { StaffBooking } from '#domain/api/bookings';
import { STAFF_ROLES } from '#domain/constants';
import { pickupSchema } from '#domain/schemas/agreement';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { progressBooking } from '../../services/bookings/booking-progress.ts';

/**
 * POST bookings/{id}/pickup/: the customer drove off; a pending or confirmed booking becomes
 * active. Its agreement must be signed by both, unless `no_agreement_reason` says why not (409).
 */
export const pickUpBooking = defineRoute({
  method: 'POST',
  url: 'bookings/:id/pickup/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  body: pickupSchema,
  status: 200,
  async handler({ deps, user, params, body }): Promise<StaffBooking> {
    return progressBooking(deps, user, params.id, { step: 'pickup', noAgreementReason: body.no_agreement_reason });
  },
});
