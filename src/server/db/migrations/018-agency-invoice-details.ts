import { sql, type Kysely } from 'kysely';

/** Agencies gain the postal address and VAT number their invoices carry (Settings, Your agency). */
export function agencyInvoiceDetails() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('agencies')
        .addColumn('postal_address', 'text', (c) => c.notNull().defaultTo(sql`''`))
        .execute();
      await db.schema
        .alterTable('agencies')
        .addColumn('vat_number', 'text', (c) => c.notNull().defaultTo(sql`''`))
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('agencies').dropColumn('vat_number').execute();
      await db.schema.alterTable('agencies').dropColumn('postal_address').execute();
    },
  };
}
