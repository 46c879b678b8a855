import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Work done on vehicles (services, repairs, tyres, inspections), and each agency's service
 * interval, which decides how far a service moves a vehicle's next service date.
 */
export function maintenance(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('maintenance_records'), dialect)
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('type', 'text', notNull)
        .addColumn('service_date', 'text', notNull)
        .addColumn('mileage', 'integer', notNull)
        .addColumn('cost', 'integer', notNull)
        .addColumn('garage', 'text')
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('maintenance_records_agency_date')
        .on('maintenance_records')
        .columns(['agency_id', 'service_date'])
        .execute();
      await db.schema
        .createIndex('maintenance_records_vehicle_date')
        .on('maintenance_records')
        .columns(['vehicle_id', 'service_date'])
        .execute();
      await db.schema
        .alterTable('agencies')
        // A migration keeps its own literal: it must mean the same thing whatever the code says later.
        .addColumn('service_interval_months', 'integer', (c) => c.notNull().defaultTo(12))
        .execute();
      // The dashboard's "services due" reads vehicles by next service date within an agency.
      await db.schema
        .createIndex('vehicles_agency_next_service')
        .on('vehicles')
        .columns(['agency_id', 'next_service_date'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('vehicles_agency_next_service').ifExists().execute();
      await db.schema.alterTable('agencies').dropColumn('service_interval_months').execute();
      await db.schema.dropTable('maintenance_records').ifExists().execute();
    },
  };
}
