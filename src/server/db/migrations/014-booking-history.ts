import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the booking history (GET bookings/history/), which lists latest end first: its
 * first page comes straight off them without a sort, for every agency or one, one status of
 * either, one vehicle or one customer. The first four also carry what the history's filters and
 * totals read (status, amount, start date), so those never leave the index (decision 033).
 */
const INDEXES = [
  ['bookings_end_id', 'end_date, id, booking_status, booking_amount, start_date'],
  ['bookings_agency_end_id', 'agency_id, end_date, id, booking_status, booking_amount, start_date'],
  ['bookings_status_end_id', 'booking_status, end_date, id, booking_amount, start_date'],
  ['bookings_agency_status_end_id', 'agency_id, booking_status, end_date, id, booking_amount, start_date'],
  ['bookings_vehicle_end_id', 'vehicle_id, end_date, id'],
  ['bookings_customer_end_id', 'customer_id, end_date, id'],
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
