import { anonymousBookingRequestSchema } from '#domain/schemas/booking-request';
import { defineRoute } from '../../http/route.ts';
import type { AnonymousBookingRequestReceipt } from '#domain/api/booking-requests';
import { submitVisitorRequest } from '../../services/booking-requests/submit-request.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { mailRequestArrival } from './request-arrival-mail.ts';

/** POST rentals/booking-requests/: a visitor's request with contact details instead of an account. */
export const createAnonymousBookingRequest = defineRoute({
  method: 'POST',
  url: 'rentals/booking-requests/',
  access: 'public',
  body: anonymousBookingRequestSchema,
  async handler({ deps, request, body }): Promise<AnonymousBookingRequestReceipt> {
    await limitAnonymousWrite(deps, 'booking-requests', { address: request.ip, email: body.email });
    const receipt = await submitVisitorRequest(deps, body, request.idempotencyClaim);
    await mailRequestArrival(deps, receipt.id, request.log);
    return receipt;
  },
});
