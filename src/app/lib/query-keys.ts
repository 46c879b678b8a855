/**
 * The query keys that more than one feature reads or refreshes, each said once: a write in one
 * feature refreshes another's screens by these names (see lib/invalidate.ts), never by a copy.
 * A key only one feature uses stays in that feature. Their values are what the persisted cache and
 * the outbox match by prefix (offline/persister.ts): change none of them lightly. The public
 * fleet's keys are lib/public-vehicle-keys.ts: the landing needs only those, so they load alone.
 */

const BOOKINGS = ['bookings'] as const;
const STAFF_BOOKINGS = [...BOOKINGS, 'staff'] as const;

/** Every booking query, the staff's and the customers': `all` refreshes them all. */
export const bookingKeys = {
  all: BOOKINGS,
  /** The staff side's booking queries (lists, details, the pickers of the booking form, the history). */
  staff: STAFF_BOOKINGS,
  staffList: (filter: { search: string; ordering: string; customerId: number | null; limit: number }) =>
    [...STAFF_BOOKINGS, 'list', filter] as const,
  staffDetail: (bookingId: number) => [...STAFF_BOOKINGS, 'detail', bookingId] as const,
  history: (params: Record<string, string>) => [...STAFF_BOOKINGS, 'history', params] as const,
  customerChoice: (customerId: number) => [...STAFF_BOOKINGS, 'customer-choice', customerId] as const,
  customerChoices: (search: string, limit: number) =>
    [...STAFF_BOOKINGS, 'customer-choices', { search, limit }] as const,
  vehicleChoice: (vehicleId: number) => [...STAFF_BOOKINGS, 'vehicle-choice', vehicleId] as const,
  vehicleChoices: (search: string) => [...STAFF_BOOKINGS, 'vehicle-choices', { search }] as const,
  /** The planner's windows (issue 23): under the staff's bookings, so every booking write redraws it. */
  planner: [...STAFF_BOOKINGS, 'planner'] as const,
  /** One customer's bookings, as staff see them on the customer's page. */
  ofCustomer: (customerId: number, limit: number) => [...BOOKINGS, 'customer', customerId, { limit }] as const,
  /** The signed-in customer's own bookings. */
  ownList: (limit: number) => [...BOOKINGS, 'list', 'own', { limit }] as const,
  own: (bookingId: number) => [...BOOKINGS, bookingId] as const,
  inspections: (bookingId: number) => [...BOOKINGS, 'inspections', bookingId] as const,
  /** A booking's rental agreement (staff and its customer alike). */
  agreement: (bookingId: number) => [...BOOKINGS, 'agreement', bookingId] as const,
};

const BOOKING_REQUESTS = ['booking-requests'] as const;

/** A customer's booking requests (sent from the request forms, listed and finalised on their bookings). */
export const bookingRequestKeys = {
  all: BOOKING_REQUESTS,
  list: (limit: number) => [...BOOKING_REQUESTS, 'list', { limit }] as const,
  detail: (requestId: number) => [...BOOKING_REQUESTS, requestId] as const,
};

const DESK = ['staff-dashboard'] as const;

/** The staff dashboard's day: it counts bookings, requests, vehicles and maintenance. */
export const deskKeys = {
  all: DESK,
  day: (date: string) => [...DESK, date] as const,
};

const CUSTOMERS = ['customers'] as const;

/** Customers: the staff's queries and the signed-in customer's own record (`['customers', 'me']`). */
export const customerKeys = {
  all: CUSTOMERS,
  lists: [...CUSTOMERS, 'list'] as const,
  list: (filter: { search: string; ordering: string; limit: number }) => [...CUSTOMERS, 'list', filter] as const,
  detail: (id: number) => [...CUSTOMERS, 'detail', id] as const,
  analytics: (id: number) => [...CUSTOMERS, 'analytics', id] as const,
  own: [...CUSTOMERS, 'me'] as const,
  ownLicense: (url: string, version: string) => [...CUSTOMERS, 'me', 'drivers-license', url, version] as const,
};

/** The agency-wide customer analytics (every booking changes them). */
export const customerAnalyticsKeys = { all: ['customer-analytics'] as const };

const STAFF_VEHICLES = ['staff-vehicles'] as const;

/** The caller's fleet as staff see it: an inspection or a maintenance record changes it too. */
export const staffVehicleKeys = {
  all: STAFF_VEHICLES,
  list: (filter: Record<string, unknown>) => [...STAFF_VEHICLES, 'list', filter] as const,
  detail: (id: number) => [...STAFF_VEHICLES, 'detail', id] as const,
  choices: [...STAFF_VEHICLES, 'choices'] as const,
};
