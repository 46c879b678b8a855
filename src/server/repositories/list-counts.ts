import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * The totals the database keeps (migration 003, decision 023), by what they count:
 * bookings and booking requests per agency (requests also per status), per customer, all
 * customers (owner 0) and each agency's customers.
 */
export type CountedList =
  | 'bookings'
  | 'customer-bookings'
  | 'booking-requests'
  | 'customer-booking-requests'
  | 'customers'
  | 'agency-customers';

/** A search is counted up to this many matches; past it the list says "1000+" rather than scan on. */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A kept total: of one owner (an agency, a customer, 0 for all customers) or summed over every
 * owner (null: the operator's lists), of one status or of all. An index lookup, never a scan.
 */
export async function keptTotal(
  db: Kysely<Database>,
  list: CountedList,
  owner: number | null,
  status?: string,
): Promise<number> {
  const row = await db
    .selectFrom('list_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('total'))
    .where('list', '=', list)
    .$if(owner !== null, (query) => query.where('owner_id', '=', owner ?? 0))
    .$if(status !== undefined, (query) => query.where('status', '=', status ?? ''))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The version of what an agency's booking list shows, or of every agency's (null): the sum, as
 * versions only grow. Moved on by triggers with every change to the list (migration 003).
 */
export async function listVersion(db: Kysely<Database>, list: 'bookings', owner: number | null): Promise<number> {
  const row = await listVersionQuery(db, list, owner).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** listVersion's query, for reading the version along with something else in one round trip. */
export function listVersionQuery(db: Kysely<Database>, list: 'bookings', owner: number | null) {
  return db
    .selectFrom('list_versions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('version'), eb.lit(0)).as('version'))
    .where('list', '=', list)
    .$if(owner !== null, (query) => query.where('owner_id', '=', owner ?? 0));
}

/**
 * How many rows a list's query matches, counting at most `cap` of them: the cost of a count that
 * no kept total answers (a search, a filter within one customer's rows) stays bounded.
 */
export async function countUpTo<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<DB, TB, O>,
  cap = SEARCH_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const matches = query
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1)
    .as('matches');
  const row = await db
    .selectFrom(matches)
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}
