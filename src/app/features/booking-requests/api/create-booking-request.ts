import type { BookingRequestInput } from '#domain/schemas/booking-request';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { CHANGE_THE_DATES, requestLabel } from '../request-label.ts';
import { bookingRequestKeys } from '#app/lib/query-keys';

/**
 * The outbox request for POST booking-requests/: a signed-in customer's request. Requests for one
 * vehicle go in order; the customer's requests list is refreshed once the server has it. It keeps
 * the total the screen showed (`estimate`, a decimal string), which the queued card shows and the
 * sent request's card compares with the server's quote.
 */
export function customerBookingRequest(
  input: BookingRequestInput,
  vehicle: { make: string; model: string },
  estimate: string | null,
): OutboxRequest {
  return {
    kind: 'booking-request',
    target: `vehicle:${input.vehicle_id}`,
    method: 'POST',
    url: 'booking-requests/',
    json: input,
    invalidate: [bookingRequestKeys.all],
    label: requestLabel(vehicle, input.start_date, input.end_date),
    reopen: { path: `/public-customers/book-vehicle/${input.vehicle_id}`, label: CHANGE_THE_DATES },
    ...(estimate !== null ? { estimate } : {}),
  };
}
