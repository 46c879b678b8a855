import { conflict, notFound } from '../../http/errors.ts';
import { PeriodOverlapsBookingError } from '../../repositories/unavailability.ts';
import { VehicleHeldError } from '../../repositories/request-holds.ts';
import { britishDate, heldConflict } from '../bookings/booking-refusals.ts';

export const PERIOD_NOT_FOUND = 'Unavailability period not found.';

export const periodNotFound = () => notFound(PERIOD_NOT_FOUND);

/** A period over a booking's days, or a request's hold, is a 409 naming it; anything else passes through. */
export function periodConflict(error: unknown): unknown {
  if (error instanceof VehicleHeldError) return heldConflict(error.hold);
  if (!(error instanceof PeriodOverlapsBookingError)) return error;
  const { id, start_date: start, end_date: end } = error.booking;
  const message = `This vehicle is booked from ${britishDate(start)} to ${britishDate(end)} (booking #${id}).`;
  return conflict(message, { start_date: [message] });
}
