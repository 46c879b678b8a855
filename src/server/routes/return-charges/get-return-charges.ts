import type { ReturnCharges } from '#domain/api/return-charges';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { visibleReturnCharges } from '../../services/return-charges/customer-view.ts';

/**
 * GET bookings/:id/return-charges/: what the return inspection proposes against the pickup one
 * (each charge with its working), the charges staff decided, and the settlement once finalized.
 * The booking's agency staff and the operator; the booking's customer sees the confirmed charges
 * and the settlement once the invoice is final (services/return-charges/customer-view). Anyone
 * else: not found (404); 409 before the return inspection is recorded.
 */
export const getReturnChargesRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/return-charges/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  async handler({ deps, user, params, reply }): Promise<ReturnCharges> {
    const charges = await visibleReturnCharges(deps, user, params.id);
    reply.header('Cache-Control', 'private, no-store');
    return charges;
  },
});
