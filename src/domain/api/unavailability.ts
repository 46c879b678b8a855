/** The shape GET/POST/PATCH unavailability/ send: the server writes it and the app reads it. */
import type { BookingStatus, UnavailabilityKind } from '../constants.ts';

/** A period a vehicle cannot be rented; `start_date` and `end_date` are inclusive (YYYY-MM-DD). */
export interface UnavailabilityPeriod {
  id: number;
  vehicle: number;
  agency_id: number;
  kind: UnavailabilityKind;
  start_date: string;
  end_date: string;
  reason: string | null;
  vehicle_details: { id: number; make: string; model: string; registration_number: string };
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A booking of one vehicle as GET staff-vehicles/{id}/bookings/ lists it (the unavailability calendar). */
export interface VehicleBooking {
  id: number;
  start_date: string;
  end_date: string;
  status: BookingStatus;
  customer_name: string;
}
