/**
 * The booking-request shapes: what every view of a request shows, and the fuller one staff review
 * (GET staff-booking-requests/, staff-booking-requests/{id}/). The customer's own is in bookings.ts.
 */
import type { BookingStatus, RequestStatus, UnavailabilityKind } from '../constants.ts';
import type { StoredQuoteView } from './quotes.ts';

/** The requested vehicle as its customer sees it. */
export interface RequestVehicleDetails {
  id: number;
  make: string;
  model: string;
  price_per_day: string;
  deposit: string;
  main_image: string | null;
}

/** What staff and the request's customer both see of a booking request. */
export interface BookingRequestBase {
  id: number;
  /** The customer record of a signed-in customer's request; null for a visitor's. */
  customer: number | null;
  /** The customer record's details, or what the visitor typed. */
  customer_details: { first_name: string; last_name: string; email: string; phone_number: string };
  vehicle: number;
  vehicle_details: RequestVehicleDetails;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: { id: number; name: string } | null;
  dropoff_location: { id: number; name: string } | null;
  message: string | null;
  status: RequestStatus;
  has_booking: boolean;
  booking_id: number | null;
  /** When an accepted, unconfirmed request's hold on the vehicle ends: confirm before it (ISO 8601 UTC); null otherwise. */
  hold_until: string | null;
  created_at: string;
  /** The quote the request was priced with when sent (issue 21); null for a request sent before quotes. */
  quote: StoredQuoteView | null;
}

/** A booking request as staff, agents and agencies see it: with the registration and the staff notes. */
export interface StaffBookingRequest extends BookingRequestBase {
  vehicle_details: RequestVehicleDetails & { registration_number: string };
  staff_notes: string | null;
  /** Set by the first review, whatever it decided (SPEC §4: the list's Reviewed / Pending badge). */
  is_reviewed: boolean;
}

/**
 * GET staff-booking-requests/{id}/clashes/: what else wants the vehicle on the request's days —
 * other requests pending or accepted and still held, bookings that hold the vehicle, and
 * unavailability periods — each earliest first, at most 20 of each.
 */
export interface RequestClashes {
  requests: { id: number; name: string; start_date: string; end_date: string; status: 'pending' | 'accepted' }[];
  bookings: {
    id: number;
    customer_name: string;
    start_date: string;
    end_date: string;
    booking_status: BookingStatus;
  }[];
  periods: { id: number; kind: UnavailabilityKind; start_date: string; end_date: string; reason: string | null }[];
}

/**
 * GET staff-booking-requests/{id}/booking/: what "Create booking" fills in: the request's stored
 * quote's total (days × price per day for a request sent before quotes) with the vehicle's
 * deposit, and the customer record the booking will be for: the request's own, one of the
 * agency's found by the visitor's e-mail, or null when a new record will be made from the
 * request's name, phone and e-mail.
 */
export interface RequestBookingDraft {
  days: number;
  booking_amount: string;
  booking_deposit: string;
  customer: { id: number; first_name: string; last_name: string; email: string } | null;
}

/** POST rentals/booking-requests/: what a visitor gets back for their request. */
export interface AnonymousBookingRequestReceipt {
  id: number;
  status: RequestStatus;
  vehicle: number;
  start_date: string;
  end_date: string;
  created_at: string;
  /** The server's quote the request was stored with. */
  quote: StoredQuoteView;
}
