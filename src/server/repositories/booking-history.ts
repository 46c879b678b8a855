import { sql, type Kysely } from 'kysely';
import type { BookingHistoryTotals } from '#domain/api/booking-history';
import type { StaffBooking } from '#domain/api/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { Database } from '../db/types.ts';
import { staffBookingQuery, toStaffBooking } from './bookings.ts';
import { keysetPage, orderName, type CursorPaged, type KeysetOrder, type ListPage } from './keyset.ts';
import { countUpTo } from './list-counts.ts';

/** Statuses that are history whatever the dates: the booking will not run (again). */
const CLOSED_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled'];

export interface BookingHistoryFilter {
  /** The agency whose bookings are shown; null for every agency (the operator). */
  agencyId: number | null;
  /** The desk's day: a booking that ended before it has passed. */
  today: string;
  /** Bookings with at least one day in [from, to] (either end may be open). */
  from?: string | undefined;
  to?: string | undefined;
  vehicleId?: number | null | undefined;
  customerId?: number | null | undefined;
  status?: BookingStatus | undefined;
}

/**
 * The booking history: completed and cancelled bookings, and any whose end date is before today,
 * narrowed by the filter. A vehicle or customer of another agency simply matches nothing, since
 * the agency's own condition always applies.
 */
function historyOf(db: Kysely<Database>, filter: BookingHistoryFilter) {
  // One vehicle's or customer's bookings are few: their own index must be the way in, so the
  // agency and status conditions are written as expressions no index serves. Else SQLite, which
  // has no statistics, prefers (agency_id, booking_status, …) and reads an agency's whole status.
  const narrow = Boolean(filter.vehicleId || filter.customerId);
  const agency = narrow
    ? sql<number>`${sql.ref('bookings.agency_id')} + 0`
    : sql<number>`${sql.ref('bookings.agency_id')}`;
  const status = narrow
    ? sql<string>`${sql.ref('bookings.booking_status')} || ''`
    : sql<string>`${sql.ref('bookings.booking_status')}`;
  let query = db.selectFrom('bookings');
  if (filter.agencyId !== null) query = query.where(agency, '=', filter.agencyId);
  if (filter.vehicleId) query = query.where('bookings.vehicle_id', '=', filter.vehicleId);
  if (filter.customerId) query = query.where('bookings.customer_id', '=', filter.customerId);
  if (filter.status) query = query.where(status, '=', filter.status);
  if (filter.from) query = query.where('bookings.end_date', '>=', filter.from);
  if (filter.to) query = query.where('bookings.start_date', '<=', filter.to);
  return query.where((eb) =>
    eb.or([eb('bookings.end_date', '<', filter.today), eb('bookings.booking_status', 'in', [...CLOSED_STATUSES])]),
  );
}

/** Latest end first: what just came back or was called off leads, served by the (agency_id,) end_date, id indexes. */
const HISTORY_ORDER: KeysetOrder = {
  name: orderName('booking-history', '-end_date'),
  keys: [
    { expression: sql`${sql.ref('bookings.end_date')}`, type: 'text' },
    { expression: sql`${sql.ref('bookings.id')}`, type: 'integer' },
  ],
  direction: 'desc',
};

/**
 * One page of the history in the staff booking shape. The total in the page's headers is counted
 * up to SEARCH_COUNT_CAP like a search's (decision 023); the exact figures come from
 * bookingHistoryTotals, a call of its own so the page never waits for them.
 */
export async function listBookingHistory(
  db: Kysely<Database>,
  filter: BookingHistoryFilter,
  page: ListPage,
): Promise<CursorPaged<StaffBooking>> {
  const history = historyOf(db, filter);
  const [found, counted] = await Promise.all([
    keysetPage(HISTORY_ORDER, page, staffBookingQuery(history), history),
    countUpTo(db, history),
  ]);
  return { items: found.rows.map(toStaffBooking), total: counted.total, totalCapped: counted.capped, next: found.next };
}

/** How many bookings the filtered history holds, what they add up to, and how many in each status. */
export async function bookingHistoryTotals(
  db: Kysely<Database>,
  filter: BookingHistoryFilter,
): Promise<BookingHistoryTotals> {
  const rows = await historyOf(db, filter)
    .select((eb) => [
      'bookings.booking_status',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('bookings.booking_amount').as('amount'),
    ])
    .groupBy('bookings.booking_status')
    .execute();
  const statuses = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<BookingStatus, number>;
  let count = 0;
  let amount = 0;
  for (const row of rows) {
    statuses[row.booking_status] = Number(row.count);
    count += Number(row.count);
    amount += Number(row.amount ?? 0);
  }
  return { count, amount: formatMoney(amount), statuses };
}
