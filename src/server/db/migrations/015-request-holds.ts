import { sql, type Kysely } from 'kysely';

/**
 * An accepted request holds its vehicle until the customer confirms it (decision 035): the
 * request stores when its hold ends, each agency how long its holds last. Requests accepted and
 * waiting before this migration get a hold from now, so none is left holding for ever or expires
 * the moment it is deployed.
 */
export function requestHolds() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('agencies')
        // A migration keeps its own literal: it must mean the same thing whatever the code says later.
        .addColumn('hold_hours', 'integer', (c) => c.notNull().defaultTo(48))
        .execute();
      await db.schema.alterTable('booking_requests').addColumn('hold_until', 'text').execute();
      const holdUntil = new Date(Date.now() + 48 * 3_600_000).toISOString();
      await sql`UPDATE booking_requests SET hold_until = ${holdUntil}
        WHERE status = 'accepted'
          AND NOT EXISTS (SELECT 1 FROM bookings WHERE bookings.booking_request_id = booking_requests.id)`.execute(db);
      // What a booking, an acceptance or a period asks under the vehicle's lock: its accepted requests.
      await db.schema
        .createIndex('booking_requests_vehicle_status_dates')
        .on('booking_requests')
        .columns(['vehicle_id', 'status', 'start_date', 'end_date'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('booking_requests_vehicle_status_dates').ifExists().execute();
      await db.schema.alterTable('booking_requests').dropColumn('hold_until').execute();
      await db.schema.alterTable('agencies').dropColumn('hold_hours').execute();
    },
  };
}
