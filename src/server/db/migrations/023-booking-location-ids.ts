import type { Kysely } from 'kysely';

/**
 * The pickup and dropoff locations a staff booking was priced for (issue 21): the ids of the
 * vehicle's locations that chose the one-way fee and the extras' stock, beside SPEC's free-text
 * `pickup_location` / `dropoff_location`. An edit compares them to know whether to price again.
 * Null when not chosen, for bookings made before quotes, and when the location is deleted.
 */
export function bookingLocationIds() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['pickup_location_id', 'dropoff_location_id']) {
        await db.schema
          .alterTable('bookings')
          .addColumn(column, 'integer', (c) => c.references('locations.id').onDelete('set null'))
          .execute();
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').dropColumn('dropoff_location_id').execute();
      await db.schema.alterTable('bookings').dropColumn('pickup_location_id').execute();
    },
  };
}
