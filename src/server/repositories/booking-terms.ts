import type { Kysely } from 'kysely';
import type { FuelPolicy } from '#domain/rate-plan';
import type { Database } from '../db/types.ts';

/**
 * The terms a booking is held to (migration 027): the vehicle's km a day and the agency's price
 * per extra km, fuel policy and price per eighth, grace period for a late return and hourly share,
 * as they were when the booking's (or its request's) quote was stored.
 */
export interface BookingTerms {
  mileage_allowance: number;
  price_per_extra_km: number;
  fuel_policy: FuelPolicy;
  fuel_price_per_eighth: number;
  late_grace_minutes: number;
  hourly_basis_points: number;
}

/** The stored terms of a booking or request, each null on one quoted before they were kept. */
export interface QuotedTerms {
  quoted_mileage_allowance: number | null;
  quoted_price_per_extra_km: number | null;
  quoted_fuel_policy: FuelPolicy | null;
  quoted_fuel_price_per_eighth: number | null;
  quoted_late_grace_minutes: number | null;
  quoted_hourly_basis_points: number | null;
}

export const QUOTED_TERM_COLUMNS = [
  'quoted_mileage_allowance',
  'quoted_price_per_extra_km',
  'quoted_fuel_policy',
  'quoted_fuel_price_per_eighth',
  'quoted_late_grace_minutes',
  'quoted_hourly_basis_points',
] as const;

/**
 * The booking's own terms where it has them; a booking quoted before migration 027 kept none and
 * is held to the current ones (`current`: its vehicle's and agency's columns read now).
 */
export function bookingTerms(quoted: QuotedTerms, current: BookingTerms): BookingTerms {
  return {
    mileage_allowance: quoted.quoted_mileage_allowance ?? current.mileage_allowance,
    price_per_extra_km: quoted.quoted_price_per_extra_km ?? current.price_per_extra_km,
    fuel_policy: quoted.quoted_fuel_policy ?? current.fuel_policy,
    fuel_price_per_eighth: quoted.quoted_fuel_price_per_eighth ?? current.fuel_price_per_eighth,
    late_grace_minutes: quoted.quoted_late_grace_minutes ?? current.late_grace_minutes,
    hourly_basis_points: quoted.quoted_hourly_basis_points ?? current.hourly_basis_points,
  };
}

/** A row read with both the booking's stored terms and the current ones: the terms it is held to, the stored columns left out. */
export function withBookingTerms<Row extends QuotedTerms & BookingTerms>(row: Row): Omit<Row, keyof QuotedTerms> {
  const {
    quoted_mileage_allowance: _allowance,
    quoted_price_per_extra_km: _perKm,
    quoted_fuel_policy: _policy,
    quoted_fuel_price_per_eighth: _perEighth,
    quoted_late_grace_minutes: _grace,
    quoted_hourly_basis_points: _hourly,
    ...rest
  } = row;
  return { ...rest, ...bookingTerms(row, row) };
}

/** The vehicle's and its agency's terms as they are now, as a booking or a request would keep them. */
async function currentTermsOf(db: Kysely<Database>, vehicleId: number): Promise<QuotedTerms> {
  const row = await db
    .selectFrom('vehicles as v')
    .innerJoin('agencies as a', 'a.id', 'v.agency_id')
    .select([
      'v.mileage_allowance',
      'a.price_per_extra_km',
      'a.fuel_policy',
      'a.fuel_price_per_eighth',
      'a.late_grace_minutes',
      'a.hourly_basis_points',
    ])
    .where('v.id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return {
    quoted_mileage_allowance: row.mileage_allowance,
    quoted_price_per_extra_km: row.price_per_extra_km,
    quoted_fuel_policy: row.fuel_policy,
    quoted_fuel_price_per_eighth: row.fuel_price_per_eighth,
    quoted_late_grace_minutes: row.late_grace_minutes,
    quoted_hourly_basis_points: row.hourly_basis_points,
  };
}

/** Keeps the current terms of its vehicle and agency with a booking whose quote is being stored. */
export async function storeBookingTerms(db: Kysely<Database>, bookingId: number, vehicleId: number): Promise<void> {
  const terms = await currentTermsOf(db, vehicleId);
  await db.updateTable('bookings').set(terms).where('id', '=', bookingId).execute();
}

/** Keeps the current terms with a request whose quote is being stored. */
export async function storeRequestTerms(db: Kysely<Database>, requestId: number, vehicleId: number): Promise<void> {
  const terms = await currentTermsOf(db, vehicleId);
  await db.updateTable('booking_requests').set(terms).where('id', '=', requestId).execute();
}

/**
 * The booking made from a request takes the terms the request was quoted with; a request sent
 * before they were kept gives the current ones.
 */
export async function copyRequestTermsToBooking(
  db: Kysely<Database>,
  requestId: number,
  booking: { id: number; vehicleId: number },
): Promise<void> {
  const request = await db
    .selectFrom('booking_requests')
    .select(QUOTED_TERM_COLUMNS)
    .where('id', '=', requestId)
    .executeTakeFirst();
  const terms = request && request.quoted_fuel_policy !== null ? request : await currentTermsOf(db, booking.vehicleId);
  await db.updateTable('bookings').set(terms).where('id', '=', booking.id).execute();
}
