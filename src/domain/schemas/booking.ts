import * as v from 'valibot';
import {
  BOOKING_STATUSES,
  DEFAULT_BOOKING_STATUS,
  DEFAULT_DROPOFF_TIME,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_PICKUP_TIME,
  PAYMENT_METHODS,
} from '../constants.ts';
import {
  END_BEFORE_START,
  id,
  isoDate,
  optionalId,
  optionalMoney,
  optionalText,
  optionalWholeNumber,
  requiredText,
  time,
  wholeNumber,
} from './fields.ts';
import { formatMoney, MAX_AMOUNT, parseSignedMoney } from '../money.ts';
import { extrasChoice } from './quote.ts';

/** The most line overrides one booking may carry (a quote has far fewer lines). */
export const MAX_LINE_OVERRIDES = 30;

const OVERRIDE_AMOUNT = 'Amount must be an amount of at most two decimals, e.g. 45.00 or -10.00.';

const lineOverride = v.object(
  {
    code: requiredText('Line', 60),
    amount: v.pipe(
      v.union([v.string(), v.number()], OVERRIDE_AMOUNT),
      // Only a discount's or a tier's line may be negative: the server, which knows the lines, checks it.
      v.transform((value) => parseSignedMoney(String(value))),
      v.number(OVERRIDE_AMOUNT),
      v.check((amount) => Math.abs(amount) <= MAX_AMOUNT, `Amount must be at most ${formatMoney(MAX_AMOUNT)}.`),
    ),
    reason: requiredText('Reason', 200),
  },
  'Each override is an object with code, amount and reason.',
);

/**
 * Staff's overrides of quote lines (issue 21): a line's code, the amount it takes instead of the
 * quoted one, and why (kept on the booking). Each line at most once; a code the quote has no line
 * for is refused by the server, which knows the lines.
 */
export const lineOverrides = v.pipe(
  v.optional(v.array(lineOverride, 'Line overrides must be a list.'), []),
  v.maxLength(MAX_LINE_OVERRIDES, `At most ${MAX_LINE_OVERRIDES} line overrides.`),
  v.check(
    (items) => new Set(items.map((item) => item.code)).size === items.length,
    'Each line may be overridden once.',
  ),
);
export type LineOverride = v.InferOutput<typeof lineOverride>;

/** What staff pick on creation (SPEC §4); an edit may also move the booking along its life. */
export const NEW_BOOKING_STATUSES = ['pending', 'confirmed'] as const;

function staffBookingFields<const S extends readonly [string, ...string[]]>(statuses: S, statusMessage: string) {
  return {
    customer: id('Customer'),
    vehicle: id('Vehicle'),
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    pickup_time: time('Pickup time', DEFAULT_PICKUP_TIME),
    dropoff_time: time('Dropoff time', DEFAULT_DROPOFF_TIME),
    pickup_location: optionalText('Pickup location', 200),
    dropoff_location: optionalText('Dropoff location', 200),
    /** The vehicle's locations the quote is priced for: the one-way fee and the extras' stock. */
    pickup_location_id: optionalId('Pickup location'),
    dropoff_location_id: optionalId('Dropoff location'),
    extras: extrasChoice,
    driver_age: optionalWholeNumber("Driver's age", { min: 16, max: 120 }),
    line_overrides: lineOverrides,
    booking_amount: optionalMoney('Booking amount'),
    booking_deposit: optionalMoney('Deposit'),
    payment_method: v.optional(
      v.picklist(PAYMENT_METHODS, 'Payment method must be cash, mobile transfer or debit_card.'),
      DEFAULT_PAYMENT_METHOD,
    ),
    booking_status: v.optional(v.picklist(statuses, statusMessage), DEFAULT_BOOKING_STATUS),
    estimated_mileage: optionalWholeNumber('Estimated mileage', { max: 1_000_000 }),
    discount_amount: v.pipe(
      optionalMoney('Discount amount'),
      v.transform((value) => value ?? 0),
    ),
    discount_description: optionalText('Discount description', 200),
    notes: optionalText('Notes', 2000),
  };
}

/**
 * Staff "Add Booking" (SPEC §3). The spec's form has no required field; the server requires
 * the customer, the vehicle and the dates, without which a booking means nothing.
 */
export const staffBookingSchema = v.pipe(
  v.object(staffBookingFields(NEW_BOOKING_STATUSES, 'Booking status must be pending or confirmed.')),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type StaffBookingInput = v.InferOutput<typeof staffBookingSchema>;

/**
 * Staff "Edit Booking" (PATCH bookings/{id}/): the whole booking again, as on creation (fields
 * left out take the creation defaults), and the status may be any of the booking's life.
 */
export const staffBookingUpdateSchema = v.pipe(
  v.object(
    staffBookingFields(BOOKING_STATUSES, 'Booking status must be pending, confirmed, active, completed or cancelled.'),
  ),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type StaffBookingUpdateInput = v.InferOutput<typeof staffBookingUpdateSchema>;

/** The orders GET bookings/ takes for staff: `ordering=customer`, `-customer`, … (newest first by default). */
export const STAFF_BOOKING_ORDERINGS = [
  'customer',
  '-customer',
  'vehicle',
  '-vehicle',
  'created_at',
  '-created_at',
  'start_date',
  '-start_date',
] as const;
export type StaffBookingOrdering = (typeof STAFF_BOOKING_ORDERINGS)[number];

export const bookingStatusSchema = v.picklist(BOOKING_STATUSES);

/** POST bookings/{id}/return/: the odometer reading when the vehicle came back. */
export const bookingReturnSchema = v.object({
  mileage: wholeNumber('Mileage at return', { min: 0, max: 10_000_000 }),
});

/** POST bookings/{id}/cancel/: why the booking is cancelled (kept with it). */
export const bookingCancelSchema = v.object({ reason: requiredText('Reason', 500) });

export const bookingIdParams = v.object({ id: id('Booking') });

/**
 * "Create booking" from an accepted request (POST staff-booking-requests/{id}/booking/): the
 * vehicle, dates, times and places come from the request; staff may change what it costs and how
 * it is paid. An empty amount is days × price per day, an empty deposit the vehicle's.
 */
export const requestBookingSchema = v.object({
  booking_amount: optionalMoney('Booking amount'),
  booking_deposit: optionalMoney('Deposit'),
  payment_method: v.optional(
    v.picklist(PAYMENT_METHODS, 'Payment method must be cash, mobile transfer or debit_card.'),
    DEFAULT_PAYMENT_METHOD,
  ),
  booking_status: v.optional(
    v.picklist(NEW_BOOKING_STATUSES, 'Booking status must be pending or confirmed.'),
    'confirmed' satisfies (typeof NEW_BOOKING_STATUSES)[number],
  ),
});
export type RequestBookingInput = v.InferOutput<typeof requestBookingSchema>;
