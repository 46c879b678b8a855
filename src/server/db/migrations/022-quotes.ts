import type { CreateTableBuilder, Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/** A quote's line as stored with what it priced; an override keeps the quoted amount and why. */
function quoteLineColumns<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('position', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit_amount', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('quoted_amount', 'integer')
    .addColumn('override_reason', 'text');
}

/**
 * Issue 21's quotes as stored: the lines a booking request and a booking were made with (a later
 * change to the rates never changes them), the rate plan's version and the driver's age they were
 * priced for, and the extras each took (the stock a booking or a held request promises).
 */
export function quotes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['bookings', 'booking_requests']) {
        await db.schema.alterTable(table).addColumn('rate_plan_version', 'integer').execute();
        await db.schema.alterTable(table).addColumn('driver_age', 'integer').execute();
      }

      await quoteLineColumns(
        withId(db.schema.createTable('booking_quote_lines'), dialect).addColumn('booking_id', 'integer', (c) =>
          c.notNull().references('bookings.id').onDelete('cascade'),
        ),
      ).execute();
      await db.schema
        .createIndex('booking_quote_lines_booking')
        .on('booking_quote_lines')
        .columns(['booking_id', 'position'])
        .execute();

      await quoteLineColumns(
        withId(db.schema.createTable('request_quote_lines'), dialect).addColumn('booking_request_id', 'integer', (c) =>
          c.notNull().references('booking_requests.id').onDelete('cascade'),
        ),
      ).execute();
      await db.schema
        .createIndex('request_quote_lines_request')
        .on('request_quote_lines')
        .columns(['booking_request_id', 'position'])
        .execute();

      await db.schema
        .createTable('booking_extras')
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('extra_id', 'integer', (c) => c.notNull().references('extras.id'))
        // The pickup location whose stock it comes from; null for an unlimited extra.
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('quantity', 'integer', notNull)
        .addPrimaryKeyConstraint('booking_extras_pk', ['booking_id', 'extra_id'])
        .execute();
      await db.schema.createIndex('booking_extras_extra').on('booking_extras').column('extra_id').execute();

      await db.schema
        .createTable('request_extras')
        .addColumn('booking_request_id', 'integer', (c) =>
          c.notNull().references('booking_requests.id').onDelete('cascade'),
        )
        .addColumn('extra_id', 'integer', (c) => c.notNull().references('extras.id'))
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('quantity', 'integer', notNull)
        .addPrimaryKeyConstraint('request_extras_pk', ['booking_request_id', 'extra_id'])
        .execute();
      await db.schema.createIndex('request_extras_extra').on('request_extras').column('extra_id').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('request_extras').execute();
      await db.schema.dropTable('booking_extras').execute();
      await db.schema.dropTable('request_quote_lines').execute();
      await db.schema.dropTable('booking_quote_lines').execute();
      for (const table of ['booking_requests', 'bookings']) {
        await db.schema.alterTable(table).dropColumn('driver_age').execute();
        await db.schema.alterTable(table).dropColumn('rate_plan_version').execute();
      }
    },
  };
}
