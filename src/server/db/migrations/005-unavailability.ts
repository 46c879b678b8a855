import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Periods a vehicle cannot be rented (maintenance, damage, …). Dates are inclusive like a
 * booking's, and the index serves the same overlap test the bookings' one does.
 */
export function unavailability(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('vehicle_unavailability'), dialect)
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('start_date', 'text', notNull)
        .addColumn('end_date', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('vehicle_unavailability_vehicle_dates')
        .on('vehicle_unavailability')
        .columns(['vehicle_id', 'start_date', 'end_date'])
        .execute();
      await db.schema
        .createIndex('vehicle_unavailability_agency')
        .on('vehicle_unavailability')
        .columns(['agency_id', 'start_date'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('vehicle_unavailability').ifExists().execute();
    },
  };
}
