import type { Kysely } from 'kysely';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import type { DialectName } from '../db/connect.ts';
import { lockRow } from '../db/sql-helpers.ts';
import { type ParameterOf, preparedQuery } from '../db/prepared-query.ts';
import type { Database } from '../db/types.ts';
import { holdsAt } from './request-holds.ts';

/** One extra a booking or a request takes, from a pickup location's stock when it is limited. */
export interface ExtraTaken {
  extraId: number;
  quantity: number;
  /** The pickup location whose stock it comes from; null for an unlimited extra. */
  locationId: number | null;
}

/** A stock-limited extra at one location: what it holds and what is promised over some dates. */
export interface ExtraStockUse {
  extraId: number;
  name: string;
  /** Units kept at the location (0 when none are kept there). */
  stock: number;
  /** Units promised to bookings that hold their vehicle and to requests whose hold runs. */
  promised: number;
}

/**
 * Serialises the promises of one extra, as `lockVehicle` does for bookings of one vehicle: on
 * PostgreSQL a row lock held to the end of the transaction; on SQLite the transaction itself.
 */
export async function lockExtra(db: Kysely<Database>, dialect: DialectName, extraId: number): Promise<void> {
  await lockRow(db, dialect, 'extras', extraId);
}

/** No row has id 0: "other than 0" leaves nothing out. */
const NO_ROW = 0;

/** One statement: the extra with its stock, and the units booked and held as two subqueries. */
const stockUseQuery = preparedQuery(
  (
    db,
    parameter: ParameterOf<{
      extraId: number;
      locationId: number;
      startDate: string;
      endDate: string;
      now: string;
      exceptBookingId: number;
      exceptRequestId: number;
    }>,
  ) =>
    db
      .selectFrom('extras')
      .leftJoin('extra_stock', (join) =>
        join
          .onRef('extra_stock.extra_id', '=', 'extras.id')
          .on('extra_stock.location_id', '=', parameter('locationId')),
      )
      .select(['extras.id', 'extras.name', 'extra_stock.quantity'])
      .select((eb) => [
        eb
          .selectFrom('booking_extras')
          .innerJoin('bookings', 'bookings.id', 'booking_extras.booking_id')
          .select((inner) =>
            inner.fn.coalesce(inner.fn.sum<number>('booking_extras.quantity'), inner.lit(0)).as('units'),
          )
          .where('booking_extras.extra_id', '=', parameter('extraId'))
          .where('booking_extras.location_id', '=', parameter('locationId'))
          .where('bookings.booking_status', 'in', [...BLOCKING_BOOKING_STATUSES])
          .where('bookings.start_date', '<=', parameter('endDate'))
          .where('bookings.end_date', '>=', parameter('startDate'))
          .where('bookings.id', '<>', parameter('exceptBookingId'))
          .as('booked'),
        eb
          .selectFrom('request_extras')
          .innerJoin('booking_requests', 'booking_requests.id', 'request_extras.booking_request_id')
          .select((inner) =>
            inner.fn.coalesce(inner.fn.sum<number>('request_extras.quantity'), inner.lit(0)).as('units'),
          )
          .where('request_extras.extra_id', '=', parameter('extraId'))
          .where('request_extras.location_id', '=', parameter('locationId'))
          .where('booking_requests.start_date', '<=', parameter('endDate'))
          .where('booking_requests.end_date', '>=', parameter('startDate'))
          .where((inner) => holdsAt(inner, parameter('now')))
          .where('booking_requests.id', '<>', parameter('exceptRequestId'))
          .as('held'),
      ])
      .where('extras.id', '=', parameter('extraId'))
      .where('extras.stock_limited', '=', 1),
);

/**
 * The stock of a limited extra at `locationId` and the units promised on any day of
 * [startDate, endDate] (inclusive) at `now`, leaving out the booking or request being written.
 */
export async function extraStockUse(
  db: Kysely<Database>,
  extraId: number,
  locationId: number,
  range: { startDate: string; endDate: string; now: string },
  except: { bookingId?: number; requestId?: number } = {},
): Promise<ExtraStockUse | undefined> {
  const [extra] = await stockUseQuery.execute(db, {
    extraId,
    locationId,
    ...range,
    exceptBookingId: except.bookingId ?? NO_ROW,
    exceptRequestId: except.requestId ?? NO_ROW,
  });
  if (!extra) return undefined;
  return {
    extraId: extra.id,
    name: extra.name,
    stock: extra.quantity ?? 0,
    promised: Number(extra.booked ?? 0) + Number(extra.held ?? 0),
  };
}

export async function insertBookingExtras(
  db: Kysely<Database>,
  bookingId: number,
  extras: readonly ExtraTaken[],
): Promise<void> {
  if (extras.length === 0) return;
  await db
    .insertInto('booking_extras')
    .values(
      extras.map((extra) => ({
        booking_id: bookingId,
        extra_id: extra.extraId,
        location_id: extra.locationId,
        quantity: extra.quantity,
      })),
    )
    .execute();
}

export async function deleteBookingExtras(db: Kysely<Database>, bookingId: number): Promise<void> {
  await db.deleteFrom('booking_extras').where('booking_id', '=', bookingId).execute();
}

export async function insertRequestExtras(
  db: Kysely<Database>,
  requestId: number,
  extras: readonly ExtraTaken[],
): Promise<void> {
  if (extras.length === 0) return;
  await db
    .insertInto('request_extras')
    .values(
      extras.map((extra) => ({
        booking_request_id: requestId,
        extra_id: extra.extraId,
        location_id: extra.locationId,
        quantity: extra.quantity,
      })),
    )
    .execute();
}

/** The extras a request asked for, by extra id. */
export async function requestExtras(db: Kysely<Database>, requestId: number): Promise<ExtraTaken[]> {
  const rows = await db
    .selectFrom('request_extras')
    .select(['extra_id', 'quantity', 'location_id'])
    .where('booking_request_id', '=', requestId)
    .orderBy('extra_id')
    .execute();
  return rows.map((row) => ({ extraId: row.extra_id, quantity: row.quantity, locationId: row.location_id }));
}

export async function bookingExtras(db: Kysely<Database>, bookingId: number): Promise<ExtraTaken[]> {
  const rows = await db
    .selectFrom('booking_extras')
    .select(['extra_id', 'quantity', 'location_id'])
    .where('booking_id', '=', bookingId)
    .orderBy('extra_id')
    .execute();
  return rows.map((row) => ({ extraId: row.extra_id, quantity: row.quantity, locationId: row.location_id }));
}
