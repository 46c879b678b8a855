import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Issue 22's return charges: the agency's grace period for a late return (a rate plan setting),
 * the device's own clock when an inspection was recorded (a late return is measured by it), each
 * charge staff confirmed, waived or dismissed at a return (one row per proposed charge, by its
 * code; added cleaning and other charges numbered), and the settlement a finalized return made:
 * its invoice and the deposit's refund or the amount due, one per booking.
 */
export function returnCharges(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('agencies')
        .addColumn('late_grace_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('booking_inspections').addColumn('device_time', 'text').execute();

      await withId(db.schema.createTable('return_charges'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('code', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('label', 'text', notNull)
        .addColumn('working', 'text', notNull)
        .addColumn('quantity', 'integer', notNull)
        .addColumn('unit_amount', 'integer', notNull)
        .addColumn('amount', 'integer', notNull)
        .addColumn('proposed_amount', 'integer')
        .addColumn('reason', 'text')
        .addColumn('note', 'text')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addUniqueConstraint('return_charges_booking_code', ['booking_id', 'code'])
        .execute();

      await db.schema
        .createTable('return_settlements')
        .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
        .addColumn('charges', 'integer', notNull)
        .addColumn('deposit_held', 'integer', notNull)
        .addColumn('deposit_applied', 'integer', notNull)
        .addColumn('refund', 'integer', notNull)
        .addColumn('due', 'integer', notNull)
        .addColumn('settled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('return_settlements_invoice').on('return_settlements').column('invoice_id').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('return_settlements').ifExists().execute();
      await db.schema.dropTable('return_charges').ifExists().execute();
      await db.schema.alterTable('booking_inspections').dropColumn('device_time').execute();
      await db.schema.alterTable('agencies').dropColumn('late_grace_minutes').execute();
    },
  };
}
