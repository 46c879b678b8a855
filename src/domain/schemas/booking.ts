import * as v from 'valibot';
import {
  BOOKING_STATUSES,
  DEFAULT_BOOKING_STATUS,
  DEFAULT_DROPOFF_TIME,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_PICKUP_TIME,
  PAYMENT_METHODS,
} from '../constants.ts';
import { END_BEFORE_START, id, isoDate, optionalMoney, optionalText, optionalWholeNumber, time } from './fields.ts';

/**
 * Staff "Add Booking" (SPEC §3). The spec's form has no required field; the server requires
 * the customer, the vehicle and the dates, without which a booking means nothing.
 */
export const staffBookingSchema = v.pipe(
  v.object({
    customer: id('Customer'),
    vehicle: id('Vehicle'),
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    pickup_time: time('Pickup time', DEFAULT_PICKUP_TIME),
    dropoff_time: time('Dropoff time', DEFAULT_DROPOFF_TIME),
    pickup_location: optionalText('Pickup location', 200),
    dropoff_location: optionalText('Dropoff location', 200),
    booking_amount: optionalMoney('Booking amount'),
    booking_deposit: optionalMoney('Deposit'),
    payment_method: v.optional(
      v.picklist(PAYMENT_METHODS, 'Payment method must be cash, mobile transfer or debit_card.'),
      DEFAULT_PAYMENT_METHOD,
    ),
    booking_status: v.optional(
      v.picklist(['pending', 'confirmed'], 'Booking status must be pending or confirmed.'),
      DEFAULT_BOOKING_STATUS,
    ),
    estimated_mileage: optionalWholeNumber('Estimated mileage', { max: 1_000_000 }),
    discount_amount: v.pipe(
      optionalMoney('Discount amount'),
      v.transform((value) => value ?? 0),
    ),
    discount_description: optionalText('Discount description', 200),
    notes: optionalText('Notes', 2000),
  }),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type StaffBookingInput = v.InferOutput<typeof staffBookingSchema>;

export const bookingStatusSchema = v.picklist(BOOKING_STATUSES);
