import * as v from 'valibot';
import { DEFAULT_DROPOFF_TIME, DEFAULT_PICKUP_TIME, REQUEST_STATUSES } from '../constants.ts';
import { todayIso } from '../dates.ts';
import { extrasChoice } from './quote.ts';
import {
  choice,
  email,
  END_BEFORE_START,
  id,
  isoDate,
  optionalId,
  optionalText,
  optionalWholeNumber,
  phone,
  requiredText,
  requiredTime,
  START_IN_PAST,
  time,
} from './fields.ts';

/** A signed-in customer's request (SPEC §5). */
export const bookingRequestSchema = v.pipe(
  v.object({
    vehicle_id: id('Vehicle'),
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    pickup_time: requiredTime('Pickup time'),
    dropoff_time: requiredTime('Dropoff time'),
    pickup_location_id: id('Pickup location'),
    dropoff_location_id: id('Dropoff location'),
    message: optionalText('Message', 2000),
    extras: extrasChoice,
    driver_age: optionalWholeNumber("Driver's age", { min: 16, max: 120 }),
  }),
  v.forward(
    v.partialCheck([['start_date']], (input) => input.start_date >= todayIso(), START_IN_PAST),
    ['start_date'],
  ),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type BookingRequestInput = v.InferOutput<typeof bookingRequestSchema>;

/** A visitor's request from /book-now/{vehicleId}: contact details instead of an account. */
export const anonymousBookingRequestSchema = v.pipe(
  v.object({
    vehicle_id: id('Vehicle'),
    first_name: requiredText('First name', 100),
    last_name: requiredText('Last name', 100),
    phone_number: phone(),
    email,
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    pickup_time: time('Pickup time', DEFAULT_PICKUP_TIME),
    dropoff_time: time('Dropoff time', DEFAULT_DROPOFF_TIME),
    pickup_location_id: optionalId('Pickup location'),
    dropoff_location_id: optionalId('Dropoff location'),
    message: optionalText('Message', 2000),
    extras: extrasChoice,
    driver_age: optionalWholeNumber("Driver's age", { min: 16, max: 120 }),
  }),
  v.forward(
    v.partialCheck([['start_date']], (input) => input.start_date >= todayIso(), START_IN_PAST),
    ['start_date'],
  ),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type AnonymousBookingRequestInput = v.InferOutput<typeof anonymousBookingRequestSchema>;

export const requestReviewSchema = v.object({
  status: choice(REQUEST_STATUSES, 'Status must be pending, accepted or declined.'),
  staff_notes: optionalText('Staff notes', 2000),
});
export type RequestReviewInput = v.InferOutput<typeof requestReviewSchema>;
