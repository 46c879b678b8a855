import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Money taken or given back for a booking: payments, deposits and refunds, in minor units like
 * bookings.booking_amount. The indexes serve the payments list (one agency's or every agency's,
 * newest day first, optionally only what is still due) and a booking's own payments.
 */
export function payments(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('payments'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('amount', 'integer', notNull)
        .addColumn('method', 'text', notNull)
        .addColumn('paid_on', 'text', notNull)
        .addColumn('reference', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('payments_agency_paid_on').on('payments').columns(['agency_id', 'paid_on']).execute();
      await db.schema
        .createIndex('payments_agency_status')
        .on('payments')
        .columns(['agency_id', 'status', 'paid_on'])
        .execute();
      await db.schema.createIndex('payments_paid_on').on('payments').column('paid_on').execute();
      await db.schema.createIndex('payments_booking').on('payments').column('booking_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payments').ifExists().execute();
    },
  };
}
