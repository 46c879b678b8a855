import type { ReturnCharges } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams } from '#domain/schemas/booking';
import { returnChargeDecisionSchema } from '#domain/schemas/return-charge';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { decideReturnCharge } from '../../services/return-charges/decide-charge.ts';
import { returnFactsOf } from '../../services/return-charges/return-proposal.ts';

/**
 * POST bookings/:id/return-charges/: confirm a proposed charge (a damage with its cost), waive it
 * with a reason, dismiss a damage mark as already known, or add cleaning or other with a note
 * (services/return-charges/decide-charge). Answers the return's charges as they now are.
 */
export const decideReturnChargeRoute = defineRoute({
  method: 'POST',
  url: 'bookings/:id/return-charges/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  body: returnChargeDecisionSchema,
  async guard({ deps, user, params }) {
    await returnFactsOf(deps.db, params.id, agencyScope(user));
  },
  async handler({ deps, user, params, body, request, reply }): Promise<ReturnCharges> {
    reply.header('Cache-Control', 'private, no-store');
    return decideReturnCharge(deps, user, params.id, body, request.idempotencyClaim);
  },
});
