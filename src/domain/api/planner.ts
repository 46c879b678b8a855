import type { BookingStatus, RequestStatus, UnavailabilityKind } from '../constants.ts';

/**
 * One bar on a vehicle's row of the planner (issue 23): a booking, a booking request waiting for
 * review or holding the vehicle, or a period the vehicle is out of service (maintenance among
 * them). Dates are inclusive; a bar may start before the window or end after it.
 */
export type PlannerBar =
  | {
      kind: 'booking';
      id: number;
      start_date: string;
      end_date: string;
      pickup_time: string;
      dropoff_time: string;
      status: BookingStatus;
      /** The customer's name. */
      label: string;
    }
  | {
      kind: 'request';
      id: number;
      start_date: string;
      end_date: string;
      pickup_time: string;
      dropoff_time: string;
      /** Pending (to review), or accepted with its hold on the vehicle still running. */
      status: Extract<RequestStatus, 'pending' | 'accepted'>;
      /** The requester's name. */
      label: string;
    }
  | {
      kind: 'unavailability';
      id: number;
      start_date: string;
      end_date: string;
      status: UnavailabilityKind;
      /** The reason staff gave, or null. */
      label: string | null;
    };

/** A vehicle's row: the vehicle as the planner groups, filters and names it, and its bars in the window. */
export interface PlannerRow {
  vehicle: {
    id: number;
    agency_id: number;
    registration_number: string;
    make: string;
    model: string;
    category_id: number | null;
    category_name: string | null;
    /** Where it is picked up (its agency's locations), by id. */
    location_ids: number[];
    /** Shown as a service-due mark when it falls in the window (or before it). */
    next_service_date: string;
  };
  /** By start date, then kind and id. */
  bars: PlannerBar[];
}

/** GET planner/: a page of rows over a window of days; the number of vehicles in X-Total-Count. */
export interface PlannerWindow {
  from: string;
  /** The window's last day (inclusive). */
  to: string;
  rows: PlannerRow[];
}
