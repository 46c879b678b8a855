import { sql, type Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Issue 22's disputes of return charges: the booking's customer questions a confirmed charge of a
 * finalized return with a message; staff of its agency answer it (the answer is kept, the dispute
 * becomes answered). One open dispute per charge at a time (a partial unique index, on both
 * engines); a charge may be disputed again once answered.
 */
export function returnChargeDisputes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('return_charge_disputes'), dialect)
        .addColumn('charge_id', 'integer', (c) => c.notNull().references('return_charges.id').onDelete('cascade'))
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('status', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('raised_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('answer', 'text')
        .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('answered_at', 'text')
        .execute();
      await db.schema
        .createIndex('return_charge_disputes_one_open')
        .on('return_charge_disputes')
        .column('charge_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // The dashboard's list: an agency's open disputes, oldest first.
      await db.schema
        .createIndex('return_charge_disputes_agency_status')
        .on('return_charge_disputes')
        .columns(['agency_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('return_charge_disputes_booking')
        .on('return_charge_disputes')
        .column('booking_id')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('return_charge_disputes').ifExists().execute();
    },
  };
}
