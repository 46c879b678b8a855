import type { ReturnCharges } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { returnChargesView, returnFactsOf } from '../../services/return-charges/return-proposal.ts';

/**
 * GET bookings/:id/return-charges/: what the return inspection proposes against the pickup one
 * (each charge with its working), the charges staff decided, and the settlement once finalized.
 * The booking's agency staff and the operator; another agency's booking is not found (404); 409
 * before the return inspection is recorded.
 */
export const getReturnChargesRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/return-charges/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  async handler({ deps, user, params, reply }): Promise<ReturnCharges> {
    const facts = await returnFactsOf(deps.db, params.id, agencyScope(user));
    reply.header('Cache-Control', 'private, no-store');
    return returnChargesView(deps.db, facts, deps.config.currency);
  },
});
