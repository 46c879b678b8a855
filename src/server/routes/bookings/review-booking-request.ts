import type { FastifyBaseLogger } from 'fastify';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { requestReviewSchema } from '#domain/schemas/booking-request';
import type { Deps } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../http/scope.ts';
import { findAgencyContact } from '../../repositories/agencies.ts';
import { findStaffRequest, reviewRequest } from '../../repositories/booking-requests.ts';
import { requestIdParams } from './booking-params.ts';
import { bookingConflict, REQUEST_NOT_FOUND, refuseRetiredVehicle } from './booking-refusals.ts';
import { cardImageUrl } from './card-image-url.ts';
import { decisionMail } from './decision-mail.ts';

/**
 * PATCH staff-booking-requests/:id/: sets status and notes and marks the request reviewed (any
 * transition, SPEC §4). Accepting holds the vehicle for the agency's hold length, and is refused
 * (409) when a booking, an unavailability period or another request's hold has any of its days;
 * accepting again once the hold ended holds it anew. A review that moves the request to accepted
 * or declined mails the person who asked, once: a repeat of the same status changes nothing, and
 * a replay with the same Idempotency-Key gets the stored reply without running this handler.
 */
export const reviewBookingRequest = defineRoute({
  method: 'PATCH',
  url: 'staff-booking-requests/:id/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  body: requestReviewSchema,
  async handler({ deps, user, params, body, request }) {
    const imageUrl = cardImageUrl(deps);
    const found = await findStaffRequest(deps.db, params.id, imageUrl);
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound(REQUEST_NOT_FOUND);
    // A retired vehicle takes no new promises (the dates themselves are checked under its lock below).
    if (body.status === 'accepted' && found.request.status !== 'accepted') {
      await refuseRetiredVehicle(deps, found.request.vehicle);
    }
    // A review that leaves staff_notes out keeps the notes already written; null or "" clears them.
    const notesGiven = typeof request.body === 'object' && request.body !== null && 'staff_notes' in request.body;
    const now = deps.now();
    let statusChanged: boolean;
    try {
      statusChanged = await reviewRequest(
        deps.db,
        deps.dialect,
        params.id,
        {
          status: body.status,
          ...(notesGiven ? { staff_notes: body.staff_notes } : {}),
          reviewed_by: user.id,
          reviewed_at: now.toISOString(),
        },
        now,
      );
    } catch (error) {
      // Accepting would promise what confirming must refuse: the dates are booked, blocked or held.
      throw bookingConflict(error);
    }
    const updated = await findStaffRequest(deps.db, params.id, imageUrl);
    if (!updated) throw notFound(REQUEST_NOT_FOUND);
    if (statusChanged && body.status !== 'pending') {
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
