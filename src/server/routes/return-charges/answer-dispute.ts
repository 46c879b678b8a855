import type { StaffDispute } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { disputeAnswerSchema, disputeParams } from '#domain/schemas/return-charge-dispute';
import { defineRoute } from '../../http/route.ts';
import { answerDispute, staffDispute } from '../../services/return-charges/disputes.ts';

/**
 * POST return-charge-disputes/:dispute/answer/ (`{answer}`): staff of the booking's agency (or the
 * operator) answer an open dispute; the answer is kept and e-mailed to the customer. Another
 * agency's dispute: not found (404), before the body is read.
 */
export const answerDisputeRoute = defineRoute({
  method: 'POST',
  url: 'return-charge-disputes/:dispute/answer/',
  access: STAFF_ROLES,
  params: disputeParams,
  body: disputeAnswerSchema,
  status: 200,
  async guard({ deps, user, params }) {
    await staffDispute(deps, user, params.dispute);
  },
  async handler({ deps, user, params, body, request, reply }): Promise<StaffDispute> {
    reply.header('Cache-Control', 'private, no-store');
    return answerDispute(deps, user, {
      disputeId: params.dispute,
      input: body,
      replyKey: request.idempotencyClaim,
      log: request.log,
    });
  },
});
