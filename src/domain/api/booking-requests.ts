/** The booking-request shape staff review (GET staff-booking-requests/, staff-booking-requests/{id}/). */
import type { RequestStatus } from '../constants.ts';

/** A booking request as staff, agents and agencies see it: with the registration and the staff notes. */
export interface StaffBookingRequest {
  id: number;
  /** The customer record of a signed-in customer's request; null for a visitor's. */
  customer: number | null;
  /** The customer record's details, or what the visitor typed. */
  customer_details: { first_name: string; last_name: string; email: string; phone_number: string };
  vehicle: number;
  vehicle_details: {
    id: number;
    make: string;
    model: string;
    registration_number: string;
    price_per_day: string;
    deposit: string;
    main_image: string | null;
  };
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: { id: number; name: string } | null;
  dropoff_location: { id: number; name: string } | null;
  message: string | null;
  status: RequestStatus;
  staff_notes: string | null;
  /** Set by the first review, whatever it decided (SPEC §4: the list's Reviewed / Pending badge). */
  is_reviewed: boolean;
  has_booking: boolean;
  booking_id: number | null;
  created_at: string;
}
