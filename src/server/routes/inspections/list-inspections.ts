import type { BookingInspections } from '#domain/api/inspections';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { readableBooking } from '../../services/booking-access.ts';
import { bookingInspections } from '../../services/inspections/inspection-access.ts';

/**
 * GET bookings/:id/inspections/: the pickup and return inspections (null where not recorded),
 * to the booking's agency staff and to the customer of that booking; 404 to anyone else.
 */
export const listInspectionsRoute = defineRoute({
  method: 'GET',
  url: 'bookings/:id/inspections/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  async handler({ deps, user, params, reply }): Promise<BookingInspections> {
    const booking = await readableBooking(deps, user, params.id);
    // Photos and damage of one person's rental: never kept by a shared cache or the service worker.
    reply.header('Cache-Control', 'private, no-store');
    return bookingInspections(deps.db, booking.id);
  },
});
