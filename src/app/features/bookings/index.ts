/** What other features use of staff bookings. */
export { invalidateAfterBooking } from './api/invalidate-bookings.ts';
