import { sql, type Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Invoices of bookings, their lines, each agency's tax rate and the counter that numbers issued
 * invoices per agency without gaps (decision 031). Drafts have no number; (agency, number) is
 * unique as a last guard under the counter.
 */
export function invoices(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Basis points: 2000 is 20.00 %.
      await db.schema
        .alterTable('agencies')
        .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute();

      await withId(db.schema.createTable('invoices'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
        .addColumn('number', 'integer')
        .addColumn('status', 'text', notNull)
        .addColumn('issue_date', 'text')
        .addColumn('paid_date', 'text')
        .addColumn('tax_rate', 'integer', notNull)
        .addColumn('subtotal', 'integer', notNull)
        .addColumn('tax', 'integer', notNull)
        .addColumn('total', 'integer', notNull)
        .addColumn('notes', 'text')
        .addColumn('replaces_invoice_id', 'integer', (c) => c.references('invoices.id'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addUniqueConstraint('invoices_agency_number', ['agency_id', 'number'])
        .execute();
      await db.schema
        .createIndex('invoices_agency_created')
        .on('invoices')
        .columns(['agency_id', 'created_at'])
        .execute();
      await db.schema.createIndex('invoices_booking').on('invoices').column('booking_id').execute();

      await withId(db.schema.createTable('invoice_lines'), dialect)
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('position', 'integer', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('quantity', 'integer', notNull)
        .addColumn('unit_amount', 'integer', notNull)
        .addColumn('amount', 'integer', notNull)
        .execute();
      await db.schema
        .createIndex('invoice_lines_invoice')
        .on('invoice_lines')
        .columns(['invoice_id', 'position'])
        .execute();

      await db.schema
        .createTable('invoice_counters')
        .addColumn('agency_id', 'integer', (c) => c.primaryKey().references('agencies.id').onDelete('cascade'))
        .addColumn('last_number', 'integer', notNull)
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('invoice_counters').ifExists().execute();
      await db.schema.dropTable('invoice_lines').ifExists().execute();
      await db.schema.dropTable('invoices').ifExists().execute();
      await db.schema.alterTable('agencies').dropColumn('tax_rate').execute();
    },
  };
}
