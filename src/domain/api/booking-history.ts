import type { BookingStatus } from '../constants.ts';

/** GET bookings/history/totals/: the whole filtered history, whatever page is shown. */
export interface BookingHistoryTotals {
  /** How many bookings match. */
  count: number;
  /** The sum of their booking amounts, as money is written on the wire ("1234.50"). */
  amount: string;
  /** How many of them are in each status (every status present, 0 when none). */
  statuses: Record<BookingStatus, number>;
}
