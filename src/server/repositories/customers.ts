import type { Kysely } from 'kysely';
import type { Customer, Database } from '../db/types.ts';

/** The customer record of a signed-in customer user. */
export async function findCustomerByUserId(db: Kysely<Database>, userId: number): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
