import type { FastifyBaseLogger } from 'fastify';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { requestReviewSchema } from '#domain/schemas/booking-request';
import type { Deps } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { findAgencyContact } from '../../repositories/agencies.ts';
import { reviewBookingRequest as review } from '../../services/booking-requests/review-request.ts';
import { requestIdParams } from './booking-params.ts';
import { decisionMail } from './decision-mail.ts';

/**
 * PATCH staff-booking-requests/:id/: sets status and notes and marks the request reviewed (any
 * transition, SPEC §4; services/booking-requests/review-request). A review that moves the request
 * to accepted or declined mails the person who asked, once: a repeat of the same status changes
 * nothing, and a replay with the same Idempotency-Key gets the stored reply without running this handler.
 */
export const reviewBookingRequest = defineRoute({
  method: 'PATCH',
  url: 'staff-booking-requests/:id/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  body: requestReviewSchema,
  async handler({ deps, user, params, body, request }): Promise<StaffBookingRequest> {
    // A review that leaves staff_notes out keeps the notes already written; null or "" clears them.
    const notesGiven = typeof request.body === 'object' && request.body !== null && 'staff_notes' in request.body;
    const updated = await review(deps, user, params.id, {
      status: body.status,
      ...(notesGiven ? { staff_notes: body.staff_notes } : {}),
    });
    if (updated.statusChanged && body.status !== 'pending') {
      await mailDecision(deps, updated.agencyId, updated.request, body.status, request.log);
    }
    return updated.request;
  },
});

/**
 * Hands the decision mail to the mail service without waiting for it to be delivered: the review
 * is committed already, and a slow or failing mail server must neither delay nor fail it.
 */
async function mailDecision(
  deps: Deps,
  agencyId: number,
  reviewed: StaffBookingRequest,
  decision: 'accepted' | 'declined',
  log: FastifyBaseLogger,
): Promise<void> {
  const failed = (error: unknown) =>
    log.error({ err: error, requestId: reviewed.id, decision }, 'booking request decision mail failed');
  try {
    const agency = await findAgencyContact(deps.db, agencyId);
    if (!agency || !reviewed.customer_details.email) {
      log.warn({ requestId: reviewed.id }, 'booking request decision not mailed: no address');
      return;
    }
    void deps.mailer.send(decisionMail(reviewed, decision, agency, deps.config.publicUrl)).catch(failed);
  } catch (error) {
    failed(error);
  }
}
