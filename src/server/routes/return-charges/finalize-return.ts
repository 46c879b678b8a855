import type { ReturnCharges } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { finalizeReturn } from '../../services/return-charges/finalize-return.ts';
import { returnFactsOf } from '../../services/return-charges/return-proposal.ts';

/**
 * POST bookings/:id/return-charges/finalize/: the final invoice (the booking's lines and the
 * confirmed charges, issued with the next number) and the deposit settlement in the ledger.
 * A retry answers the same settlement (200) and writes nothing; a replayed Idempotency-Key its stored reply.
 */
export const finalizeReturnRoute = defineRoute({
  method: 'POST',
  url: 'bookings/:id/return-charges/finalize/',
  access: STAFF_ROLES,
  params: bookingIdParams,
  status: 200,
  async guard({ deps, user, params }) {
    await returnFactsOf(deps.db, params.id, agencyScope(user));
  },
  async handler({ deps, user, params, reply, request }): Promise<ReturnCharges> {
    reply.header('Cache-Control', 'private, no-store');
    return finalizeReturn(deps, user, params.id, request.log, request.idempotencyClaim);
  },
});
