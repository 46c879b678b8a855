import type { BookingAgreement } from '#domain/api/agreements';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { bookingAgreement } from '../../services/agreements/booking-agreement.ts';

/**
 * GET bookings/:id/agreement/: the booking's rental agreement (its content as assembled now, or
 * as signed), its hash and terms version, the signatures so far and the PDF's URL once rendered.
 * To the booking's agency staff and its customer; 404 to anyone else; never cached.
 */
export const getBookingAgreementRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/agreement/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  async handler({ deps, user, params, reply }): Promise<BookingAgreement> {
    const agreement = await bookingAgreement(deps, user, params.id);
    // One person's rental, address and license: never kept by a shared cache or the service worker.
    reply.header('Cache-Control', 'private, no-store');
    return agreement;
  },
});
