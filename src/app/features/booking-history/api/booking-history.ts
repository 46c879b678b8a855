import * as v from 'valibot';
import { bookingHistoryFilterFields } from '#domain/schemas/booking-history';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { BookingHistoryTotals } from '#domain/api/booking-history';
import type { StaffBooking } from '#domain/api/bookings';
import type { BookingStatus } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import { definedOnly } from '../../../lib/search-params.ts';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/paging.ts';
import { bookingKeys } from '#app/lib/query-keys';

const PAGE_SIZE = 25;

/** The history's filters as the address keeps them (src/app/routes/_staff/bookings.history.tsx). */
export interface HistoryFilter {
  from?: string | undefined;
  to?: string | undefined;
  vehicle?: number | undefined;
  customer?: number | undefined;
  status?: BookingStatus | undefined;
}

/** A filter of the address, or undefined when it does not read (a hand-edited link drops it alone). */
function read<K extends keyof typeof bookingHistoryFilterFields>(name: K, search: { [name: string]: unknown }) {
  const parsed = v.safeParse(bookingHistoryFilterFields[name], search[name]);
  return parsed.success ? (parsed.output ?? undefined) : undefined;
}

/** The history's filters as the address gave them, checked with the server's own schema; only those set. */
export function historyFilterOf(search: { [name: string]: unknown }): HistoryFilter {
  // Only the filters set: the address stays short and the query key the same for equal filters.
  return definedOnly<HistoryFilter>({
    from: read('from', search),
    to: read('to', search),
    vehicle: read('vehicle', search),
    customer: read('customer', search),
    status: read('status', search),
  });
}

/** The call's query: the filters given, and the desk's day (what ended before it has passed). */
function historyParams(filter: HistoryFilter, today: string): Record<string, string> {
  const params: Record<string, string> = { today };
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined) params[name] = String(value);
  }
  return params;
}

// Under the staff bookings key: every booking change (a cancel, a return) refreshes the history too.
const historyKey = (filter: HistoryFilter, today: string) => bookingKeys.history({ ...historyParams(filter, today) });

/** Past and cancelled bookings (GET bookings/history/), latest end first, a page at a time. */
export const bookingHistoryQueryOptions = (filter: HistoryFilter, today: string) =>
  infiniteQueryOptions({
    queryKey: [...historyKey(filter, today), 'list'],
    queryFn: ({ pageParam, signal }) =>
      api.page<StaffBooking>(
        pagePath('bookings/history/', { ...historyParams(filter, today), limit: String(PAGE_SIZE) }, pageParam),
        signal,
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
  });

/** Count, amount and count per status of the whole filtered history (GET bookings/history/totals/). */
export const bookingHistoryTotalsQueryOptions = (filter: HistoryFilter, today: string) =>
  queryOptions({
    queryKey: [...historyKey(filter, today), 'totals'],
    queryFn: ({ signal }) =>
      api.get<BookingHistoryTotals>(pagePath('bookings/history/totals/', historyParams(filter, today), null), signal),
  });

export function useBookingHistory(filter: HistoryFilter, today: string) {
  // The rows stay while other filters load, so the table does not flash empty.
  return useInfiniteQuery({ ...bookingHistoryQueryOptions(filter, today), placeholderData: keepPreviousData });
}

export function useBookingHistoryTotals(filter: HistoryFilter, today: string) {
  return useQuery({ ...bookingHistoryTotalsQueryOptions(filter, today), placeholderData: keepPreviousData });
}
