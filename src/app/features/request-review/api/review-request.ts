import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { RequestReviewInput } from '#domain/schemas/booking-request';
import { formatDate } from '../../../lib/format.ts';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { deskKeys } from '#app/lib/query-keys';
import { decisionLabel } from '../review-labels.ts';
import { STAFF_REQUESTS_KEY } from './staff-requests-key.ts';

/** The outbox target of a request's reviews: two reviews of one request are sent in the order made. */
export const reviewTarget = (requestId: number) => `booking-request:${requestId}`;

/**
 * The outbox request for PATCH staff-booking-requests/{id}/: a review survives a lost connection
 * and is sent once (its Idempotency-Key) when the server is reachable; the lists refresh then.
 */
export function reviewRequest(request: StaffBookingRequest, input: RequestReviewInput): OutboxRequest {
  const { customer_details: person, vehicle_details: vehicle } = request;
  return {
    kind: 'request-review',
    target: reviewTarget(request.id),
    method: 'PATCH',
    url: `staff-booking-requests/${request.id}/`,
    json: { status: input.status, staff_notes: input.staff_notes },
    // The dashboard counts the requests still to review.
    invalidate: [STAFF_REQUESTS_KEY, deskKeys.all],
    label: `Review (${decisionLabel(input.status)}): ${person.first_name} ${person.last_name}, ${vehicle.make} ${vehicle.model}, ${formatDate(request.start_date)} – ${formatDate(request.end_date)}`,
  };
}
