import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * The inspections recorded at the car when a booking is picked up and returned (one of each kind
 * per booking), and their photos, kept in the private media store under `object_key`.
 */
export function inspections(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('booking_inspections'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('mileage', 'integer', notNull)
        .addColumn('fuel_eighths', 'integer', notNull)
        .addColumn('damage_marks', 'text', notNull)
        .addColumn('notes', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('booking_inspections_booking_kind', ['booking_id', 'kind'])
        .execute();
      await withId(db.schema.createTable('inspection_photos'), dialect)
        .addColumn('inspection_id', 'integer', (c) =>
          c.notNull().references('booking_inspections.id').onDelete('cascade'),
        )
        .addColumn('object_key', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('inspection_photos_inspection')
        .on('inspection_photos')
        .column('inspection_id')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('inspection_photos').ifExists().execute();
      await db.schema.dropTable('booking_inspections').ifExists().execute();
    },
  };
}
