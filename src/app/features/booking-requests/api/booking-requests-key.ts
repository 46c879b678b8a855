/**
 * The start of every booking-request list's query key (the customer's own list, staff's list):
 * invalidated once the server has accepted a new request.
 */
export const BOOKING_REQUESTS_KEY = ['booking-requests'] as const;
