import type { Kysely } from 'kysely';
import type { Customer, Database } from '../db/types.ts';

/** The customer record of a signed-in customer user. */
export async function findCustomerByUserId(db: Kysely<Database>, userId: number): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Whether agency users of `agencyId` may see a customer: the agency created the record, or the
 * customer booked or asked to book one of its vehicles.
 */
export async function isCustomerOfAgency(db: Kysely<Database>, customerId: number, agencyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .where((eb) =>
      eb.or([
        eb('agency_id', '=', agencyId),
        eb.exists(
          eb
            .selectFrom('bookings')
            .select('bookings.id')
            .whereRef('bookings.customer_id', '=', 'customers.id')
            .where('bookings.agency_id', '=', agencyId),
        ),
        eb.exists(
          eb
            .selectFrom('booking_requests')
            .select('booking_requests.id')
            .whereRef('booking_requests.customer_id', '=', 'customers.id')
            .where('booking_requests.agency_id', '=', agencyId),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
