/** Every booking query of the app starts with `['bookings']`; invalidating it refreshes them all. */
export const ALL_BOOKINGS_KEY = ['bookings'] as const;
/** The staff side's booking queries. */
export const STAFF_BOOKINGS_KEY = [...ALL_BOOKINGS_KEY, 'staff'] as const;
