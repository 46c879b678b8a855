import * as v from 'valibot';
import { UNAVAILABILITY_KINDS } from '../constants.ts';
import { isIsoDate } from '../dates.ts';
import { choice, END_BEFORE_START, id, isoDate, optionalText } from './fields.ts';

const KIND_MESSAGE = 'Kind must be maintenance, damage, reserved or other.';

/**
 * A period a vehicle cannot be rented (POST unavailability/, and PATCH with the whole period
 * again, as a booking edit does). Past dates are allowed: staff record what happened.
 */
export const unavailabilitySchema = v.pipe(
  v.object({
    vehicle: id('Vehicle'),
    kind: choice(UNAVAILABILITY_KINDS, KIND_MESSAGE),
    start_date: isoDate('Start date'),
    end_date: isoDate('End date'),
    reason: optionalText('Reason', 500),
  }),
  v.forward(
    v.partialCheck([['start_date'], ['end_date']], (input) => input.end_date >= input.start_date, END_BEFORE_START),
    ['end_date'],
  ),
);
export type UnavailabilityInput = v.InferOutput<typeof unavailabilitySchema>;

export const unavailabilityIdParams = v.object({ id: id('Unavailability period') });

export function optionalDate(label: string) {
  return v.optional(
    v.pipe(
      v.string(`${label} must be a date (YYYY-MM-DD).`),
      v.trim(),
      v.check(isIsoDate, `${label} must be a date (YYYY-MM-DD).`),
    ),
  );
}

/** GET unavailability/: periods of one vehicle and/or touching [from, to]. */
export const unavailabilityFilterFields = {
  vehicle: v.optional(id('Vehicle')),
  from: optionalDate('From'),
  to: optionalDate('To'),
};

/** "Available between these dates" on the public browse (GET public-vehicles/): both or neither. */
export const availabilityFields = {
  available_from: optionalDate('Available from'),
  available_to: optionalDate('Available to'),
};
export const AVAILABILITY_NEEDS_BOTH = 'Give both available from and available to.';
