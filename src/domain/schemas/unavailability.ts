import * as v from 'valibot';
import { UNAVAILABILITY_KINDS } from '../constants.ts';
import { choice, END_BEFORE_START, id, isoDate, optionalIsoDate, optionalText } from './fields.ts';

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

/** GET unavailability/: periods of one vehicle and/or touching [from, to]. */
export const unavailabilityFilterFields = {
  vehicle: v.optional(id('Vehicle')),
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
};

/** "Available between these dates" on the public browse (GET public-vehicles/): both or neither. */
export const availabilityFields = {
  available_from: optionalIsoDate('Available from'),
  available_to: optionalIsoDate('Available to'),
};
export const AVAILABILITY_NEEDS_BOTH = 'Give both available from and available to.';

/** The longest range GET staff-vehicles/{id}/bookings/ answers for: a calendar shows one month. */
export const VEHICLE_BOOKINGS_MAX_DAYS = 62;
export const VEHICLE_BOOKINGS_RANGE = `From and To may be at most ${VEHICLE_BOOKINGS_MAX_DAYS} days apart, From first.`;

const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;

/** GET staff-vehicles/{id}/bookings/: bookings touching [from, to], both required, at most two months. */
export const vehicleBookingsQuery = v.pipe(
  v.object({ from: isoDate('From'), to: isoDate('To') }),
  v.forward(
    v.partialCheck(
      [['from'], ['to']],
      ({ from, to }) => to >= from && dayNumber(to) - dayNumber(from) < VEHICLE_BOOKINGS_MAX_DAYS,
      VEHICLE_BOOKINGS_RANGE,
    ),
    ['to'],
  ),
);
