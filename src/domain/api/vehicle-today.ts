import type { BookingStatus, UnavailabilityKind } from '../constants.ts';
import type { InspectionKind } from '../schemas/inspection.ts';
import type { ServiceState } from '../service-due.ts';

/** A booking as the today card names it. */
export interface TodayBooking {
  id: number;
  customer_name: string;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  status: BookingStatus;
}

/**
 * GET vehicle-today/{code}/ (issue 23): what a yard worker needs on scanning a car's label — the
 * vehicle, the booking it is on now and the next one (for Start pick-up / Start return), its last
 * inspection, whether its service is due, and the period it is blocked for today, if any.
 */
export interface VehicleToday {
  vehicle: {
    id: number;
    agency_id: number;
    registration_number: string;
    make: string;
    model: string;
    color: string;
    mileage: number;
    label_code: string;
    next_service_date: string;
    retired_at: string | null;
  };
  /** The day the card is for (the desk's own today). */
  date: string;
  /** Out with a customer (active), else a pending or confirmed booking whose days include today. */
  current_booking: TodayBooking | null;
  /** The first pending or confirmed booking after the current one (or from today when none). */
  next_booking: TodayBooking | null;
  last_inspection: {
    id: number;
    booking_id: number;
    kind: InspectionKind;
    mileage: number;
    fuel_eighths: number;
    created_at: string;
  } | null;
  /** Overdue, due (within 14 days) or ok, by `next_service_date`. */
  service: ServiceState;
  /** A period out of service covering today. */
  blocked: { id: number; kind: UnavailabilityKind; start_date: string; end_date: string; reason: string | null } | null;
}
