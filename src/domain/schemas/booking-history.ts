import * as v from 'valibot';
import { BOOKING_STATUSES } from '../constants.ts';
import { optionalId, optionalIsoDate } from './fields.ts';

export const HISTORY_STATUS_MESSAGE = `Status must be one of ${BOOKING_STATUSES.join(', ')}.`;
export const FROM_AFTER_TO = 'From cannot be after To.';

/**
 * The filters of the booking history (GET bookings/history/ and its totals): bookings touching
 * [from, to], of one vehicle, one customer, in one status. `today` is the desk's own day
 * (decision 016): a booking whose end date is before it has passed.
 */
export const bookingHistoryFilterFields = {
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To'),
  vehicle: optionalId('Vehicle'),
  customer: optionalId('Customer'),
  status: v.optional(v.picklist(BOOKING_STATUSES, HISTORY_STATUS_MESSAGE)),
  today: optionalIsoDate('Today'),
};

/** True unless both dates are given and `from` is after `to`. */
export const datesInOrder = (input: { from?: string | undefined; to?: string | undefined }) =>
  input.from === undefined || input.to === undefined || input.from <= input.to;

/** The filters alone (the screen's URL, GET bookings/history/totals/); `from` after `to` is refused on `to`. */
export const bookingHistoryFilterSchema = v.pipe(
  v.object(bookingHistoryFilterFields),
  v.forward(v.partialCheck([['from'], ['to']], datesInOrder, FROM_AFTER_TO), ['to']),
);
export type BookingHistoryFilter = v.InferOutput<typeof bookingHistoryFilterSchema>;
