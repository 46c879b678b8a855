import type { ReturnCharges } from '#domain/api/return-charges';
import { returnChargeParams } from '#domain/schemas/return-charge';
import { disputeMessageSchema } from '#domain/schemas/return-charge-dispute';
import { defineRoute } from '../../http/route.ts';
import { readableBooking } from '../../services/booking-access.ts';
import { disputeCharge } from '../../services/return-charges/dispute-charge.ts';

/**
 * POST bookings/:id/return-charges/:charge/disputes/ (`{message}`): the booking's customer disputes
 * a confirmed charge of a finalized return (services/return-charges/dispute-charge). Answers the
 * return's charges as the customer sees them, the dispute on its charge (201).
 */
export const disputeReturnChargeRoute = defineRoute({
  method: 'POST',
  url: 'bookings/:id/return-charges/:charge/disputes/',
  access: ['customer'],
  params: returnChargeParams,
  body: disputeMessageSchema,
  async guard({ deps, user, params }) {
    await readableBooking(deps, user, params.id);
  },
  async handler({ deps, user, params, body, request, reply }): Promise<ReturnCharges> {
    reply.header('Cache-Control', 'private, no-store');
    return disputeCharge(deps, user, {
      bookingId: params.id,
      chargeId: params.charge,
      input: body,
      replyKey: request.idempotencyClaim,
    });
  },
});
