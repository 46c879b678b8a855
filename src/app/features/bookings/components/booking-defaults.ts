import type { StaffBooking } from '#domain/api/bookings';
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

/** A stored booking as the form's text. */
export function bookingValues(booking: StaffBooking): BookingFormValues {
  return {
    customer: booking.customer,
    vehicle: booking.vehicle,
    start_date: booking.start_date,
    end_date: booking.end_date,
    pickup_time: booking.pickup_time,
    dropoff_time: booking.dropoff_time,
    pickup_location: booking.pickup_location ?? '',
    dropoff_location: booking.dropoff_location ?? '',
    booking_amount: booking.booking_amount,
    booking_deposit: booking.booking_deposit,
    payment_method: booking.payment_method,
    booking_status: booking.booking_status,
    estimated_mileage: booking.estimated_mileage === null ? '' : String(booking.estimated_mileage),
    discount_amount: booking.discount_amount,
    discount_description: booking.discount_description ?? '',
    notes: booking.notes ?? '',
  };
}
