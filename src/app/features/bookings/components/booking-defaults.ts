import type { StaffBookingDetail } from '#domain/api/bookings';
import {
  DEFAULT_BOOKING_STATUS,
  DEFAULT_DROPOFF_TIME,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_PICKUP_TIME,
} from '#domain/constants';
import type { BookingFormValues } from '../api/booking-payload.ts';

/** A new booking (SPEC §9): pickup 09:00, dropoff 18:00, cash, pending, no discount. */
export function newBookingValues(customerId?: number): BookingFormValues {
  return {
    customer: customerId ?? '',
    vehicle: '',
    start_date: '',
    end_date: '',
    pickup_time: DEFAULT_PICKUP_TIME,
    dropoff_time: DEFAULT_DROPOFF_TIME,
    pickup_location: '',
    dropoff_location: '',
    driver_age: '',
    // Left empty, the booking is charged the quote's total (issue 21); a typed amount wins.
    booking_amount: '',
    booking_deposit: '',
    payment_method: DEFAULT_PAYMENT_METHOD,
    booking_status: DEFAULT_BOOKING_STATUS,
    estimated_mileage: '',
    discount_amount: '0.00',
    discount_description: '',
    notes: '',
  };
}

/**
 * A stored booking as the form's text. An amount that is its quote's total opens empty (it follows
 * the quote, as it did when saved); one typed over the quote, or one made before quotes, stands.
 */
export function bookingValues(booking: StaffBookingDetail): BookingFormValues {
  return {
    customer: booking.customer,
    vehicle: booking.vehicle,
    start_date: booking.start_date,
    end_date: booking.end_date,
    pickup_time: booking.pickup_time,
    dropoff_time: booking.dropoff_time,
    pickup_location: booking.pickup_location ?? '',
    dropoff_location: booking.dropoff_location ?? '',
    driver_age: booking.driver_age === null ? '' : String(booking.driver_age),
    booking_amount: booking.quote && booking.quote.total === booking.booking_amount ? '' : booking.booking_amount,
    booking_deposit: booking.booking_deposit,
    payment_method: booking.payment_method,
    booking_status: booking.booking_status,
    estimated_mileage: booking.estimated_mileage === null ? '' : String(booking.estimated_mileage),
    discount_amount: booking.discount_amount,
    discount_description: booking.discount_description ?? '',
    notes: booking.notes ?? '',
  };
}
