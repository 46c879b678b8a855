/**
 * The booking and booking-request shapes a customer receives (GET bookings/, bookings/{id}/,
 * booking-requests/): what they booked, never the agency's internal notes or the registration;
 * and the fuller staff shape of a booking.
 */
import type { BookingRequestBase } from './booking-requests.ts';
import type { BookingStatus, PaymentMethod } from '../constants.ts';
import type { StoredQuoteView } from './quotes.ts';

/** One of the customer's own bookings. */
export interface CustomerBooking {
  id: number;
  vehicle: number;
  vehicle_details: { id: number; make: string; model: string; main_image: string | null };
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: string | null;
  dropoff_location: string | null;
  /** The street address of the agency's location of that name; null when unknown or not given. */
  pickup_address: string | null;
  dropoff_address: string | null;
  booking_amount: string;
  booking_deposit: string;
  discount_amount: string;
  /** As the customer chose it when confirming; null for a booking staff made (its method is the desk's default). */
  payment_method: PaymentMethod | null;
  booking_status: BookingStatus;
  /** The request this booking confirmed, if it came from one. */
  booking_request: number | null;
  /** Who the customer rents from and how to reach them. */
  agency_details: { name: string; phone_number: string; email: string };
  created_at: string;
  /** The quote the booking was made with (issue 21); null for a booking made before quotes. */
  quote: StoredQuoteView | null;
}

/** One of the customer's own booking requests (GET booking-requests/, booking-requests/{id}/). */
export interface CustomerBookingRequest extends BookingRequestBase {
  deposit: string;
  /** The driver's age the request was priced for (issue 21); null when not asked, or before quotes. */
  driver_age: number | null;
}

/** A booking as staff, agency and agent users see it (GET bookings/, bookings/{id}/, POST, PATCH). */
export interface StaffBooking {
  id: number;
  customer: number;
  vehicle: number;
  customer_details: { id: number; first_name: string; last_name: string; email: string; phone_number: string };
  vehicle_details: { id: number; make: string; model: string; registration_number: string };
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: string | null;
  dropoff_location: string | null;
  booking_amount: string;
  booking_deposit: string;
  payment_method: PaymentMethod;
  booking_status: BookingStatus;
  estimated_mileage: number | null;
  discount_amount: string;
  discount_description: string | null;
  notes: string | null;
  /** The request this booking confirmed, if it came from one. */
  booking_request: number | null;
  created_at: string;
}

/**
 * One booking as staff open it (GET bookings/{id}/, and the replies of Add and Edit Booking): the
 * list's shape, the locations and driver's age it was priced for, and its stored quote (null for
 * a booking made before quotes).
 */
export interface StaffBookingDetail extends StaffBooking {
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  driver_age: number | null;
  quote: StoredQuoteView | null;
}

/** One line of a customer's booking history as staff see it (GET bookings/customer/{id}/). */
export interface CustomerBookingHistoryItem {
  id: number;
  created_at: string;
  start_date: string;
  end_date: string;
  booking_amount: string;
  estimated_mileage: number | null;
  payment_method: PaymentMethod;
  booking_status: BookingStatus;
  vehicle_details: { id: number; make: string; model: string; registration_number: string };
}

/** POST booking-request/{id}/finalize/: the confirmed booking, in the customer's shape. */
export interface FinalizedRequest {
  booking_id: number;
  /** As GET bookings/{id}/ gives it; absent only when it is gone again before it could be read. */
  booking?: CustomerBooking;
}
