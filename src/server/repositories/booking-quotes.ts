import type { Kysely } from 'kysely';
import type { BookingStatus } from '#domain/constants';
import type { Database } from '../db/types.ts';
import { bookingExtras, type ExtraTaken } from './extra-reservations.ts';

/** What a booking was priced for: an edit compares it with the new values to know whether to price again. */
export interface BookingPricingFacts {
  vehicle_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  driver_age: number | null;
  discount_amount: number;
  booking_amount: number;
  booking_status: BookingStatus;
  rate_plan_version: number | null;
  extras: ExtraTaken[];
}

export async function bookingPricingFacts(
  db: Kysely<Database>,
  bookingId: number,
): Promise<BookingPricingFacts | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select([
      'vehicle_id',
      'start_date',
      'end_date',
      'pickup_time',
      'dropoff_time',
      'pickup_location_id',
      'dropoff_location_id',
      'driver_age',
      'discount_amount',
      'booking_amount',
      'booking_status',
      'rate_plan_version',
    ])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, extras: await bookingExtras(db, bookingId) };
}

/** The fields of a booking the staff detail adds to the list's shape. */
export async function bookingQuoteFields(
  db: Kysely<Database>,
  bookingId: number,
): Promise<
  | {
      pickup_location_id: number | null;
      dropoff_location_id: number | null;
      driver_age: number | null;
      rate_plan_version: number | null;
    }
  | undefined
> {
  return db
    .selectFrom('bookings')
    .select(['pickup_location_id', 'dropoff_location_id', 'driver_age', 'rate_plan_version'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

/** The agency's tax rate in basis points (an overridden line's tax is worked out at it). */
export async function agencyTaxRate(db: Kysely<Database>, agencyId: number): Promise<number> {
  const row = await db.selectFrom('agencies').select('tax_rate').where('id', '=', agencyId).executeTakeFirstOrThrow();
  return row.tax_rate;
}
