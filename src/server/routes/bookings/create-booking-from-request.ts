import type { StaffBooking } from '#domain/api/bookings';
import { requestBookingSchema } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { bookRequest } from '../../services/booking-requests/book-request.ts';
import { requestIdParams } from './booking-params.ts';

/**
 * POST staff-booking-requests/:id/booking/: staff make an accepted request, whose hold still
 * runs, into its booking in one step (decision 035; services/booking-requests/book-request).
 */
export const createBookingFromRequest = defineRoute({
  method: 'POST',
  url: 'staff-booking-requests/:id/booking/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  body: requestBookingSchema,
  async handler({ deps, user, params, body, request }): Promise<StaffBooking> {
    return bookRequest(deps, user, params.id, body, request.idempotencyClaim);
  },
});
