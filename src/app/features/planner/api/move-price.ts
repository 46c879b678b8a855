import { useQuery } from '@tanstack/react-query';
import { parseMoney } from '#domain/money';
import { ApiError } from '../../../lib/api-client.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { quoteQueryOptions } from '../../booking-requests/index.ts';
import { staffBookingQueryOptions } from '../../bookings/index.ts';
import { movedQuoteBody } from '../move-quote.ts';
import type { Place } from '../planner-model.ts';

export type MovePrice =
  | { state: 'loading' }
  /** No connection: the server prices the move when it is sent. */
  | { state: 'offline' }
  /** The booking's price now and after the move (decimal strings). */
  | { state: 'priced'; before: string; after: string; difference: number }
  /** The server would not price it: the move will be refused for the same reason. */
  | { state: 'refused'; message: string }
  | { state: 'unknown' };

/** What the booking costs now and would cost moved to `to` (issue 23: shown before the move is confirmed). */
export function useMovePrice(bookingId: number, to: Place): MovePrice {
  const online = useOnline();
  const booking = useQuery({ ...staffBookingQueryOptions(bookingId), networkMode: 'online' });
  const body = booking.data ? movedQuoteBody(booking.data, to) : null;
  const quote = useQuery(quoteQueryOptions(body));
  if (!online && !quote.data) return { state: 'offline' };
  if (quote.error instanceof ApiError && quote.error.status < 500) {
    const [field] = Object.values(quote.error.fields);
    return { state: 'refused', message: field?.[0] ?? quote.error.message };
  }
  if (booking.data && quote.data) {
    const before = booking.data.booking_amount;
    const after = quote.data.total;
    return { state: 'priced', before, after, difference: (parseMoney(after) ?? 0) - (parseMoney(before) ?? 0) };
  }
  if (booking.isError || quote.isError) return { state: 'unknown' };
  return { state: 'loading' };
}
