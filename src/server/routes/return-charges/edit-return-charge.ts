import type { ReturnCharges } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { returnChargeEditSchema, returnChargeParams } from '#domain/schemas/return-charge';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { editReturnCharge } from '../../services/return-charges/edit-charge.ts';
import { returnFactsOf } from '../../services/return-charges/return-proposal.ts';

/** PATCH bookings/:id/return-charges/:charge/: charge another amount or waive it, with the reason (kept). */
export const editReturnChargeRoute = defineRoute({
  method: 'PATCH',
  url: 'bookings/:id/return-charges/:charge/',
  access: STAFF_ROLES,
  params: returnChargeParams,
  body: returnChargeEditSchema,
  async guard({ deps, user, params }) {
    await returnFactsOf(deps.db, params.id, agencyScope(user));
  },
  async handler({ deps, user, params, body, request, reply }): Promise<ReturnCharges> {
    reply.header('Cache-Control', 'private, no-store');
    return editReturnCharge(deps, user, {
      bookingId: params.id,
      chargeId: params.charge,
      input: body,
      replyKey: request.idempotencyClaim,
    });
  },
});
