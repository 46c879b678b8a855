import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the booking history (GET bookings/history/), which lists latest end first: its
 * first page comes straight off them, for one agency or for every one, without a sort.
 */
const INDEXES = [
  ['bookings_end_id', 'end_date, id'],
  ['bookings_agency_end_id', 'agency_id, end_date, id'],
] as const;

export function bookingHistory() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, columns] of INDEXES) await sql.raw(`CREATE INDEX ${name} ON bookings (${columns})`).execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
    },
  };
}
