import type { FinalizedRequest } from '#domain/api/bookings';
import { finalizeSchema } from '#domain/schemas/customer';
import { defineRoute } from '../../http/route.ts';
import { finalizeBookingRequest } from '../../services/booking-requests/finalize-request.ts';
import { requestIdParams } from './booking-params.ts';
import { mailBookingConfirmed } from './booking-confirmed-mail.ts';

/**
 * POST booking-request/:id/finalize/: the customer confirms their accepted request (step 3 of
 * the wizard; services/booking-requests/finalize-request), then is mailed the confirmation.
 * Answers the booking in the customer's shape.
 */
export const finalizeBookingRequestRoute = defineRoute({
  method: 'POST',
  url: 'booking-request/:id/finalize/',
  access: ['customer'],
  params: requestIdParams,
  body: finalizeSchema,
  async handler({ deps, user, params, body, request }): Promise<FinalizedRequest> {
    const finalized = await finalizeBookingRequest(deps, user, params.id, body);
    await mailBookingConfirmed(deps, params.id, finalized.booking, request.log);
    return finalized;
  },
});
