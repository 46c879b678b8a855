import { requestReviewSchema } from '#domain/schemas/booking-request';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../http/scope.ts';
import { findStaffRequest, reviewRequest } from '../../repositories/booking-requests.ts';
import { cardImageUrl, REQUEST_NOT_FOUND, requestIdParams } from './common.ts';

/** PATCH staff-booking-requests/:id/: sets status and notes and marks the request reviewed (any transition, SPEC §4). */
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
    // A review that leaves staff_notes out keeps the notes already written; null or "" clears them.
    const notesGiven = typeof request.body === 'object' && request.body !== null && 'staff_notes' in request.body;
    await reviewRequest(deps.db, params.id, {
      status: body.status,
      ...(notesGiven ? { staff_notes: body.staff_notes } : {}),
      reviewed_by: user.id,
      reviewed_at: deps.now().toISOString(),
    });
    const updated = await findStaffRequest(deps.db, params.id, imageUrl);
    if (!updated) throw notFound(REQUEST_NOT_FOUND);
    return updated.request;
  },
});
