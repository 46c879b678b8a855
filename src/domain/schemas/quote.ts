import * as v from 'valibot';
import { DEFAULT_DROPOFF_TIME, DEFAULT_PICKUP_TIME } from '../constants.ts';
import { END_BEFORE_START, id, isoDate, optionalId, optionalMoney, optionalWholeNumber, time } from './fields.ts';

/** The most extras one rental may list. */
export const MAX_EXTRAS_PER_RENTAL = 20;

const extraChoice = v.object(
  {
    extra_id: id('Extra'),
    quantity: optionalWholeNumber('Quantity', { min: 1, max: 20 }),
  },
  'Each extra is an object with extra_id and quantity.',
);

/** A list of extras: each at most once; a missing quantity is one. */
export const extrasList = v.pipe(
  v.array(extraChoice, 'Extras must be a list.'),
  v.maxLength(MAX_EXTRAS_PER_RENTAL, `At most ${MAX_EXTRAS_PER_RENTAL} extras.`),
  v.transform((items) => items.map((item) => ({ extra_id: item.extra_id, quantity: item.quantity ?? 1 }))),
  v.check(
    (items) => new Set(items.map((item) => item.extra_id)).size === items.length,
    'Each extra may be chosen once; set its quantity instead.',
  ),
);

/** The extras chosen (none when missing). */
export const extrasChoice = v.optional(extrasList, []);

/** POST quotes/: what a rental would cost (issue 21); nothing is stored or promised. */
export const quoteSchema = v.pipe(
  v.object({
    vehicle_id: id('Vehicle'),
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    pickup_time: time('Pickup time', DEFAULT_PICKUP_TIME),
    dropoff_time: time('Dropoff time', DEFAULT_DROPOFF_TIME),
    pickup_location_id: optionalId('Pickup location'),
    dropoff_location_id: optionalId('Dropoff location'),
    extras: extrasChoice,
    driver_age: optionalWholeNumber("Driver's age", { min: 16, max: 120 }),
    /** Staff only. */
    discount_amount: optionalMoney('Discount amount'),
  }),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type QuoteRequest = v.InferOutput<typeof quoteSchema>;
