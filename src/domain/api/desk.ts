/** GET staff-dashboard/: what a desk needs at a glance on the given day (the caller's agency; the operator: all). */

/** A pickup or a return of the day. */
export interface DeskBooking {
  id: number;
  customer_id: number;
  customer_name: string;
  vehicle: string;
  registration_number: string;
  /** pickup_time for pickups, dropoff_time for returns (HH:MM). */
  time: string;
}

/** A vehicle whose next service is within 14 days or past. */
export interface DeskServiceDue {
  id: number;
  vehicle: string;
  registration_number: string;
  next_service_date: string;
}

export interface DeskSummary {
  /** The day counted (YYYY-MM-DD): the caller's local today, sent by the app. */
  date: string;
  /** Booking requests nobody has reviewed yet. */
  pending_requests: number;
  /** The first pickups and returns of the day, by time; the totals count them all. */
  pickups: DeskBooking[];
  pickups_total: number;
  returns: DeskBooking[];
  returns_total: number;
  /** Vehicles held by a booking (pending, confirmed or active) that covers the day. */
  vehicles_out: number;
  fleet_size: number;
  /** The vehicles whose service is most overdue or nearest first; the total counts them all. */
  services_due: DeskServiceDue[];
  services_due_total: number;
}
