/**
 * The figures of the /customers/analytics screen. Every figure is an aggregate computed by the
 * database (a few rows come back, never the bookings themselves), with SQL both engines run:
 * months are the first seven characters of the ISO text timestamps, and the one date difference
 * (rental length) is spelled per engine.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ANALYTICS_MONTHS,
  BOOKING_DURATION_BUCKETS,
  BOOKING_FREQUENCY_BUCKETS,
  type CustomerAnalyticsOverview,
  type CustomerGrowthPoint,
  type LeadConversionPoint,
  type TopCustomer,
} from '#domain/api/customer-analytics';
import { PAYMENT_METHODS } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { DialectName } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import { ofAgency } from './customers.ts';

/** Whose figures: null for the operator (every agency), else one agency's. */
export type InsightsScope = number | null;

const TOP_CUSTOMERS = 5;

/** YYYY-MM of each of the last `count` months, oldest first, ending with `now`'s (UTC). */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** The YYYY-MM of an ISO text column: portable, since both engines store timestamps as text. */
function monthOf(column: string): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, 7)`;
}

/** A count that comes back as a number from either driver (PostgreSQL sends bigints as text). */
const count = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

/** 1 for the rows a condition holds on, else 0: summed, it counts them. */
const when = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

async function customerCounts(db: Kysely<Database>, scope: InsightsScope, months: string[]) {
  const windowStart = `${months[0]}-01`;
  const visible = db
    .selectFrom('customers')
    .$if(scope !== null, (query) => query.where((eb) => ofAgency(eb, scope ?? 0)));
  const [totals, perMonth] = await Promise.all([
    visible
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        when(sql`${sql.ref('customers.created_at')} < ${windowStart}`).as('before_window'),
      ])
      .executeTakeFirstOrThrow(),
    visible
      .select((eb) => [monthOf('customers.created_at').as('month'), eb.fn.countAll<number>().as('new_customers')])
      .where('customers.created_at', '>=', windowStart)
      .groupBy(monthOf('customers.created_at'))
      .execute(),
  ]);
  const byMonth = new Map(perMonth.map((row) => [row.month, count(row.new_customers)]));
  let running = count(totals.before_window);
  const growth: CustomerGrowthPoint[] = months.map((month) => {
    const added = byMonth.get(month) ?? 0;
    running += added;
    return { month, new_customers: added, total_customers: running };
  });
  return { total: count(totals.total), growth };
}

/** Customers by their number of bookings (the scope's bookings), and how many have two or more. */
async function bookingFrequency(db: Kysely<Database>, scope: InsightsScope) {
  const perCustomer = db
    .selectFrom('bookings')
    .select((eb) => ['bookings.customer_id', eb.fn.countAll<number>().as('n')])
    .$if(scope !== null, (query) => query.where('bookings.agency_id', '=', scope ?? 0))
    .groupBy('bookings.customer_id')
    .as('per_customer');
  const n = sql.ref('per_customer.n');
  const row = await db
    .selectFrom(perCustomer)
    .select([
      when(sql`${n} = 1`).as('one'),
      when(sql`${n} between 2 and 3`).as('two_three'),
      when(sql`${n} between 4 and 5`).as('four_five'),
      when(sql`${n} >= 6`).as('six_plus'),
    ])
    .executeTakeFirstOrThrow();
  const buckets = [row.one, row.two_three, row.four_five, row.six_plus].map(count);
  return {
    repeat: buckets.slice(1).reduce((sum, value) => sum + value, 0),
    frequency: BOOKING_FREQUENCY_BUCKETS.map((bucket, index) => ({ bucket, customers: buckets[index] ?? 0 })),
  };
}

/** Rental days, inclusive (one day when picked up and returned the same day), per engine. */
function rentalDaysSql(dialect: DialectName): RawBuilder<number> {
  const start = sql.ref('bookings.start_date');
  const end = sql.ref('bookings.end_date');
  return dialect === 'postgres'
    ? sql<number>`(cast(${end} as date) - cast(${start} as date) + 1)`
    : sql<number>`(julianday(${end}) - julianday(${start}) + 1)`;
}

/** Bookings by rental length and by payment method. */
async function bookingMix(db: Kysely<Database>, dialect: DialectName, scope: InsightsScope) {
  const days = rentalDaysSql(dialect);
  const scoped = db
    .selectFrom('bookings')
    .$if(scope !== null, (query) => query.where('bookings.agency_id', '=', scope ?? 0));
  const [lengths, methods] = await Promise.all([
    scoped
      .select([
        when(sql`${days} <= 3`).as('short'),
        when(sql`${days} between 4 and 7`).as('week'),
        when(sql`${days} between 8 and 14`).as('fortnight'),
        when(sql`${days} >= 15`).as('long'),
      ])
      .executeTakeFirstOrThrow(),
    scoped
      .select((eb) => ['bookings.payment_method', eb.fn.countAll<number>().as('bookings')])
      .groupBy('bookings.payment_method')
      .execute(),
  ]);
  const buckets = [lengths.short, lengths.week, lengths.fortnight, lengths.long].map(count);
  const byMethod = new Map(methods.map((row) => [row.payment_method, count(row.bookings)]));
  return {
    duration: BOOKING_DURATION_BUCKETS.map((bucket, index) => ({ bucket, bookings: buckets[index] ?? 0 })),
    payments: PAYMENT_METHODS.map((method) => ({ method, bookings: byMethod.get(method) ?? 0 })),
  };
}

/**
 * Lead to customer conversion by the month a request was received: leads are the booking
 * requests received (from customers and visitors alike), converted ones those a booking was
 * made from (bookings.booking_request_id).
 */
async function conversion(db: Kysely<Database>, scope: InsightsScope, months: string[]) {
  const rows = await db
    .selectFrom('booking_requests')
    .select((eb) => [
      monthOf('booking_requests.created_at').as('month'),
      eb.fn.countAll<number>().as('requests'),
      when(
        sql`exists (select 1 from bookings where ${sql.ref('bookings.booking_request_id')} = ${sql.ref('booking_requests.id')})`,
      ).as('converted'),
    ])
    .where('booking_requests.created_at', '>=', `${months[0]}-01`)
    .$if(scope !== null, (query) => query.where('booking_requests.agency_id', '=', scope ?? 0))
    .groupBy(monthOf('booking_requests.created_at'))
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month): LeadConversionPoint => {
    const row = byMonth.get(month);
    return { month, requests: count(row?.requests), converted: count(row?.converted) };
  });
}

/** The five customers who spent most with the scope (cancelled bookings add nothing), then by bookings. */
async function topCustomers(db: Kysely<Database>, scope: InsightsScope): Promise<TopCustomer[]> {
  const spent = sql<number>`sum(case when ${sql.ref('bookings.booking_status')} = 'cancelled' then 0 else ${sql.ref('bookings.booking_amount')} end)`;
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select((eb) => [
      'customers.id',
      'customers.first_name',
      'customers.last_name',
      eb.fn.countAll<number>().as('bookings'),
      spent.as('total_spent'),
    ])
    .$if(scope !== null, (query) => query.where('bookings.agency_id', '=', scope ?? 0))
    .groupBy(['customers.id', 'customers.first_name', 'customers.last_name'])
    .orderBy(spent, 'desc')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy('customers.id')
    .limit(TOP_CUSTOMERS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    bookings: count(row.bookings),
    total_spent: formatMoney(count(row.total_spent)),
  }));
}

/** Every figure of the analytics screen for one scope, as of `now`. */
export async function customerAnalyticsOverview(
  db: Kysely<Database>,
  dialect: DialectName,
  scope: InsightsScope,
  now: Date,
): Promise<CustomerAnalyticsOverview> {
  const months = lastMonths(now, ANALYTICS_MONTHS);
  const [customers, frequency, mix, leads, top] = await Promise.all([
    customerCounts(db, scope, months),
    bookingFrequency(db, scope),
    bookingMix(db, dialect, scope),
    conversion(db, scope, months),
    topCustomers(db, scope),
  ]);
  return {
    month: months[months.length - 1] ?? now.toISOString().slice(0, 7),
    total_customers: customers.total,
    repeat_customers: frequency.repeat,
    new_customers_this_month: customers.growth.at(-1)?.new_customers ?? 0,
    growth: customers.growth,
    booking_frequency: frequency.frequency,
    booking_duration: mix.duration,
    payment_methods: mix.payments,
    conversion: leads,
    top_customers: top,
  };
}
