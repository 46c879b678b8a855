import type { Kysely } from 'kysely';

/** A booking picked up, returned (with the mileage read at return) or cancelled (with a reason). */
export function bookingProgress() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').addColumn('return_mileage', 'integer').execute();
      await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').dropColumn('cancel_reason').execute();
      await db.schema.alterTable('bookings').dropColumn('return_mileage').execute();
    },
  };
}
