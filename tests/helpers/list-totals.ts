import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types';
import { ofAgency } from '#server/repositories/customers';

/** Totals by `list|owner|status`, zeros left out (a kept counter may stay at 0 when rows go). */
export type Totals = Record<string, number>;

function collect(rows: { key: string; n: number | string | bigint }[]): Totals {
  const totals: Totals = {};
  for (const { key, n } of rows) if (Number(n) !== 0) totals[key] = (totals[key] ?? 0) + Number(n);
  return totals;
}

/** What the database keeps in list_counts. */
export async function keptTotals(db: Kysely<Database>): Promise<Totals> {
  const rows = await db.selectFrom('list_counts').select(['list', 'owner_id', 'status', 'total']).execute();
  return collect(rows.map((row) => ({ key: `${row.list}|${row.owner_id}|${row.status}`, n: row.total })));
}

/** Each kept total worked out again with COUNT(*) from the rows it counts (and ofAgency for customers). */
export async function countedTotals(db: Kysely<Database>): Promise<Totals> {
  const bookingsByAgency = await db
    .selectFrom('bookings')
    .select((eb) => ['agency_id', eb.fn.countAll<number>().as('n')])
    .groupBy('agency_id')
    .execute();
  const bookingsByCustomer = await db
    .selectFrom('bookings')
    .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n')])
    .groupBy('customer_id')
    .execute();
  const requestsByAgency = await db
    .selectFrom('booking_requests')
    .select((eb) => ['agency_id', 'status', eb.fn.countAll<number>().as('n')])
    .groupBy(['agency_id', 'status'])
    .execute();
  const requestsByCustomer = await db
    .selectFrom('booking_requests')
    .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n')])
    .where('customer_id', 'is not', null)
    .groupBy('customer_id')
    .execute();
  const customers = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const agencies = await db.selectFrom('agencies').select('id').execute();
  const agencyCustomers = await Promise.all(
    agencies.map(async ({ id }) => {
      const row = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => ofAgency(eb, id))
        .executeTakeFirstOrThrow();
      return { key: `agency-customers|${id}|`, n: row.n };
    }),
  );
  return collect([
    ...bookingsByAgency.map((row) => ({ key: `bookings|${row.agency_id}|`, n: row.n })),
    ...bookingsByCustomer.map((row) => ({ key: `customer-bookings|${row.customer_id}|`, n: row.n })),
    ...requestsByAgency.map((row) => ({ key: `booking-requests|${row.agency_id}|${row.status}`, n: row.n })),
    ...requestsByCustomer.map((row) => ({ key: `customer-booking-requests|${row.customer_id}|`, n: row.n })),
    { key: 'customers|0|', n: customers.n },
    ...agencyCustomers,
  ]);
}

/** The links kept per agency and customer, and the same worked out from the records that make them. */
export async function agencyLinks(db: Kysely<Database>): Promise<{ kept: Totals; counted: Totals }> {
  const kept = await db.selectFrom('agency_customers').select(['agency_id', 'customer_id', 'links']).execute();
  const fromCustomers = await db
    .selectFrom('customers')
    .select(['agency_id', 'id as customer_id'])
    .where('agency_id', 'is not', null)
    .execute();
  const fromBookings = await db.selectFrom('bookings').select(['agency_id', 'customer_id']).execute();
  const fromRequests = await db
    .selectFrom('booking_requests')
    .select(['agency_id', 'customer_id'])
    .where('customer_id', 'is not', null)
    .execute();
  return {
    kept: collect(kept.map((row) => ({ key: `${row.agency_id}|${row.customer_id}`, n: row.links }))),
    counted: collect(
      [...fromCustomers, ...fromBookings, ...fromRequests].map((row) => ({
        key: `${row.agency_id}|${row.customer_id}`,
        n: 1,
      })),
    ),
  };
}
