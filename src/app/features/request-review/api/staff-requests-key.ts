/** Every query of the staff's booking requests starts with this; a sent review invalidates it. */
export const STAFF_REQUESTS_KEY = ['staff-booking-requests'] as const;
