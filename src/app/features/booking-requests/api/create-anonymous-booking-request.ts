import type { AnonymousBookingRequestInput } from '#domain/schemas/booking-request';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { CHANGE_THE_DATES, requestLabel } from '../request-label.ts';
import { bookingRequestKeys } from '#app/lib/query-keys';

/**
 * The outbox request for POST rentals/booking-requests/: a visitor's request, no account. One
 * target per e-mail address keeps one visitor's requests in order.
 */
export function anonymousBookingRequest(
  input: AnonymousBookingRequestInput,
  vehicle: { make: string; model: string },
): OutboxRequest {
  return {
    kind: 'anonymous-booking-request',
    target: `visitor:${input.email}`,
    method: 'POST',
    url: 'rentals/booking-requests/',
    json: input,
    invalidate: [bookingRequestKeys.all],
    label: requestLabel(vehicle, input.start_date, input.end_date),
    reopen: { path: `/book-now/${input.vehicle_id}`, label: CHANGE_THE_DATES },
  };
}
