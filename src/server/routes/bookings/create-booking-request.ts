import type { CustomerBookingRequest } from '#domain/api/bookings';
import { bookingRequestSchema } from '#domain/schemas/booking-request';
import { defineRoute } from '../../http/route.ts';
import { submitCustomerRequest } from '../../services/booking-requests/submit-request.ts';
import { mailRequestArrival } from './request-arrival-mail.ts';

/** POST booking-requests/: a signed-in customer asks to book a vehicle of an approved agency. */
export const createBookingRequest = defineRoute({
  method: 'POST',
  url: 'booking-requests/',
  access: ['customer'],
  body: bookingRequestSchema,
  async handler({ deps, user, request, body }): Promise<CustomerBookingRequest> {
    const created = await submitCustomerRequest(deps, user.id, body, request.idempotencyClaim);
    await mailRequestArrival(deps, created.id, request.log);
    return created;
  },
});
