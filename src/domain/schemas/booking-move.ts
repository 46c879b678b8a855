import * as v from 'valibot';
import { END_BEFORE_START, id, isoDate } from './fields.ts';

/** A booking's place on the planner: its vehicle and its days (inclusive). */
function placeFields() {
  return { vehicle: id('Vehicle'), start_date: isoDate('Start date'), end_date: isoDate('End date') };
}

const endNotBeforeStart = <T extends { start_date: string; end_date: string }>(place: T) =>
  place.end_date >= place.start_date;

/**
 * POST bookings/{id}/move/ (issue 23): the vehicle and days a booking moves to, and `from`, where
 * the mover saw it. The move applies only if the booking is still there (someone else may have
 * moved it meanwhile, or the move was made offline), else it is refused with 409.
 */
export const bookingMoveSchema = v.pipe(
  v.object({
    ...placeFields(),
    from: v.pipe(
      v.object(placeFields(), 'From must be the vehicle and dates the booking had.'),
      v.check(endNotBeforeStart, END_BEFORE_START),
    ),
  }),
  v.forward(v.partialCheck([['start_date'], ['end_date']], endNotBeforeStart, END_BEFORE_START), ['end_date']),
);

export type BookingMoveInput = v.InferOutput<typeof bookingMoveSchema>;
