import type { Kysely } from 'kysely';

/** The terms a booking or a request is quoted with, copied when its quote is stored. */
const QUOTED_TERMS = [
  ['quoted_mileage_allowance', 'integer'],
  ['quoted_price_per_extra_km', 'integer'],
  ['quoted_fuel_policy', 'text'],
  ['quoted_fuel_price_per_eighth', 'integer'],
  ['quoted_late_grace_minutes', 'integer'],
  ['quoted_hourly_basis_points', 'integer'],
] as const;

/**
 * Issue 22's follow-ups: the customer's license number (the agreement names it), and the terms a
 * booking (and the request it may come from) was quoted with — the vehicle's km a day, the price
 * per extra km, the fuel policy and price per eighth, the grace period and the hourly share — so a
 * return is charged, and an agreement written, by the terms of the booking, not the agency's
 * terms of the day. All null on rows stored before this migration, which fall back to the current
 * terms.
 */
export function licenseNumberAndQuotedTerms() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('customers').addColumn('license_number', 'text').execute();
      for (const table of ['bookings', 'booking_requests']) {
        for (const [column, type] of QUOTED_TERMS) {
          await db.schema.alterTable(table).addColumn(column, type).execute();
        }
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['booking_requests', 'bookings']) {
        for (const [column] of QUOTED_TERMS) await db.schema.alterTable(table).dropColumn(column).execute();
      }
      await db.schema.alterTable('customers').dropColumn('license_number').execute();
    },
  };
}
