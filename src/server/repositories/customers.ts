import type { ApiCustomer, CustomerAnalytics } from '#domain/api/customers';
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { formatMoney } from '#domain/money';
import { containsText } from '../db/sql-helpers.ts';
import type { Customer, CustomerUpdate, Database, NewCustomer } from '../db/types.ts';
import { keysetPage, orderName, type CursorPaged, type KeysetOrder, type ListPage } from './keyset.ts';
import { countUpTo, keptTotal } from './list-counts.ts';

/** The wire type lives in the domain so the app reads the same shape the server writes. */
export type { ApiCustomer };

/** Whose customers a caller sees: null for the operator (all), else one agency's. */
export type AgencyScope = number | null;

/** The orders GET customers/ offers (`-` for descending); names sort by last name, then first name. */
export const CUSTOMER_ORDERINGS = ['name', '-name', 'email', '-email', 'created_at', '-created_at'] as const;
export type CustomerOrdering = (typeof CUSTOMER_ORDERINGS)[number];

export interface CustomerListOptions extends ListPage {
  search?: string | undefined;
  ordering?: CustomerOrdering | undefined;
}

type CustomerRow = Customer & { last_booking_date: string | null };
type CustomersEb = ExpressionBuilder<Database, 'customers'>;

/** The customer record of a signed-in customer user. */
export async function findCustomerByUserId(db: Kysely<Database>, userId: number): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The customer-of-agency rule as a condition on `customers`: the agency created the record, or
 * the customer booked or asked to book one of its vehicles.
 */
export function ofAgency(eb: CustomersEb, agencyId: number) {
  return eb.or([
    eb('customers.agency_id', '=', agencyId),
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
  ]);
}

/**
 * Whether a scope may see a customer: for agency users, the agency created the record or the
 * customer booked or asked to book one of its vehicles; for the operator, the customer exists.
 */
export async function isCustomerInScope(
  db: Kysely<Database>,
  customerId: number,
  scope: AgencyScope,
): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .$if(scope !== null, (query) => query.where((eb) => ofAgency(eb, scope ?? 0)))
    .executeTakeFirst();
  return row !== undefined;
}

/** The customers a scope may see. */
function visibleCustomers(db: Kysely<Database>, scope: AgencyScope) {
  return db.selectFrom('customers').$if(scope !== null, (query) => query.where((eb) => ofAgency(eb, scope ?? 0)));
}

type VisibleCustomers = ReturnType<typeof visibleCustomers>;

/** Customers with their latest booking date, as far as the scope may see bookings. */
function withLastBooking(customers: VisibleCustomers, scope: AgencyScope) {
  return customers.selectAll('customers').select((eb) => {
    let latest = eb
      .selectFrom('bookings')
      .select((inner) => inner.fn.max('bookings.start_date').as('latest'))
      .whereRef('bookings.customer_id', '=', 'customers.id');
    if (scope !== null) latest = latest.where('bookings.agency_id', '=', scope);
    return latest.as('last_booking_date');
  });
}

function searchCondition(eb: CustomersEb, search: string) {
  const like = (expression: RawBuilder<string>) => containsText(expression, search);
  const conditions = [
    like(sql<string>`${sql.ref('customers.first_name')} || ' ' || ${sql.ref('customers.last_name')}`),
    like(sql<string>`${sql.ref('customers.email')}`),
    like(sql<string>`${sql.ref('customers.phone_number')}`),
    like(sql<string>`coalesce(${sql.ref('customers.national_id')}, '')`),
  ];
  // Phone numbers are stored as typed ("+44 7700 900123"); let "7700900123" find them too.
  const digits = search.replace(/[\s()-]/g, '');
  if (/^\+?\d+$/.test(digits)) {
    conditions.push(
      containsText(
        sql<string>`replace(replace(replace(replace(${sql.ref('customers.phone_number')}, ' ', ''), '-', ''), '(', ''), ')', '')`,
        digits,
      ),
    );
  }
  return eb.or(conditions);
}

/** Sort keys of an ordering, the id last so pages never overlap when values tie. */
function customerOrder(ordering: CustomerOrdering): KeysetOrder {
  const field = ordering.replace(/^-/, '');
  const lower = (column: 'last_name' | 'first_name' | 'email') => ({
    expression: sql`lower(${sql.ref(`customers.${column}`)})`,
    type: 'text' as const,
  });
  const keys =
    field === 'email'
      ? [lower('email')]
      : field === 'created_at'
        ? [{ expression: sql`${sql.ref('customers.created_at')}`, type: 'text' as const }]
        : [lower('last_name'), lower('first_name')];
  return {
    name: orderName('customers', ordering),
    keys: [...keys, { expression: sql`${sql.ref('customers.id')}`, type: 'integer' }],
    direction: ordering.startsWith('-') ? 'desc' : 'asc',
  };
}

/**
 * One page of the customers a scope may see, by last name, first name, id unless told otherwise.
 * The total is kept by the database; a search is counted up to SEARCH_COUNT_CAP.
 */
export async function listCustomers(
  db: Kysely<Database>,
  scope: AgencyScope,
  options: CustomerListOptions,
): Promise<CursorPaged<ApiCustomer>> {
  const search = options.search?.trim() ?? '';
  const matching = visibleCustomers(db, scope).$if(search !== '', (query) =>
    query.where((eb) => searchCondition(eb, search)),
  );
  const total = async () => {
    if (search !== '') return countUpTo(db, matching);
    const kept = scope === null ? keptTotal(db, 'customers', 0) : keptTotal(db, 'agency-customers', scope);
    return { total: await kept, capped: false };
  };
  const order = customerOrder(options.ordering ?? 'name');
  const [found, counted] = await Promise.all([
    keysetPage(order, options, withLastBooking(matching, scope), matching),
    total(),
  ]);
  return { items: found.rows.map(toApiCustomer), total: counted.total, totalCapped: counted.capped, next: found.next };
}

/** One customer if the scope may see it. */
export async function findCustomerInScope(
  db: Kysely<Database>,
  id: number,
  scope: AgencyScope,
): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .$if(scope !== null, (query) => query.where((eb) => ofAgency(eb, scope ?? 0)))
    .executeTakeFirst();
}

/** The API shape of one customer; `scope` limits which bookings give the last booking date. */
export async function getApiCustomer(
  db: Kysely<Database>,
  id: number,
  scope: AgencyScope,
): Promise<ApiCustomer | undefined> {
  const row = await withLastBooking(visibleCustomers(db, scope), scope)
    .where('customers.id', '=', id)
    .executeTakeFirst();
  return row ? toApiCustomer(row) : undefined;
}

/**
 * The agency's customer with this e-mail (any case), the oldest when there are several: whom a
 * visitor's request is booked for (POST staff-booking-requests/{id}/booking/).
 */
export async function findAgencyCustomerByEmail(
  db: Kysely<Database>,
  agencyId: number,
  email: string,
): Promise<Pick<Customer, 'id' | 'first_name' | 'last_name' | 'email'> | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where((eb) =>
      eb.and([ofAgency(eb, agencyId), eb(sql`lower(${sql.ref('customers.email')})`, '=', email.toLowerCase())]),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertCustomer(db: Kysely<Database>, values: NewCustomer): Promise<number> {
  const row = await db.insertInto('customers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** What a license change does: put a new stored file in place, or take the current one away. */
export type LicenseChange = { key: string; type: string } | null;

/** The fields an update may change; the license columns change only through a LicenseChange. */
export type CustomerChanges = Omit<CustomerUpdate, 'id' | 'drivers_license_key' | 'drivers_license_type'>;

/** Writes details of a customer as given (the confirmation wizard's address and next of kin). */
export async function updateCustomerDetails(db: Kysely<Database>, id: number, details: CustomerUpdate): Promise<void> {
  await db.updateTable('customers').set(details).where('id', '=', id).execute();
}

/**
 * Updates a customer's fields and, when `license` is given, swaps its license. The swap only
 * lands if the license is still the one read, so two concurrent uploads can't both believe they
 * replaced the same file; the caller removes `previousKey` from disk once this has committed.
 * With `expectedUpdatedAt` the write lands only on that version of the record, else it throws
 * StaleCustomerError and writes nothing. Undefined when the customer no longer exists.
 */
export async function updateCustomer(
  db: Kysely<Database>,
  id: number,
  changes: CustomerChanges,
  license: LicenseChange | undefined,
  now: string,
  expectedUpdatedAt?: string,
): Promise<{ previousKey: string | null } | undefined> {
  const hasChanges = Object.keys(changes).length > 0 || license !== undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await db
      .selectFrom('customers')
      .select(['drivers_license_key', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    if (expectedUpdatedAt !== undefined && current.updated_at !== expectedUpdatedAt) throw new StaleCustomerError();
    if (!hasChanges) return { previousKey: null };
    // Every write moves updated_at on, even two in the same millisecond: it is the version editors check.
    const stamp = now > current.updated_at ? now : new Date(Date.parse(current.updated_at) + 1).toISOString();
    const licenseColumns =
      license === undefined
        ? {}
        : { drivers_license_key: license?.key ?? null, drivers_license_type: license?.type ?? null };
    const result = await db
      .updateTable('customers')
      .set({ ...changes, ...licenseColumns, updated_at: stamp })
      .where('id', '=', id)
      // Another write between the read and this one makes it miss, and the next round sees it.
      .$if(expectedUpdatedAt !== undefined, (query) => query.where('updated_at', '=', current.updated_at))
      .$if(license !== undefined, (query) =>
        query.where((eb) =>
          current.drivers_license_key === null
            ? eb('drivers_license_key', 'is', null)
            : eb('drivers_license_key', '=', current.drivers_license_key),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return { previousKey: license === undefined ? null : current.drivers_license_key };
    }
  }
  throw new Error(`customer ${id}: license kept changing under a concurrent update`);
}

/** The record changed since the version the editor loaded: nothing was written. */
export class StaleCustomerError extends Error {
  constructor() {
    super('customer changed since it was loaded');
  }
}

/** Who may be deleted: a record with no login of its own; the license file to remove after. */
export async function findCustomerForDelete(
  db: Kysely<Database>,
  id: number,
): Promise<{ user_id: number | null; drivers_license_key: string | null } | undefined> {
  return db.selectFrom('customers').select(['user_id', 'drivers_license_key']).where('id', '=', id).executeTakeFirst();
}

export async function customerHasBookings(db: Kysely<Database>, id: number): Promise<boolean> {
  const booked = await db.selectFrom('bookings').select('id').where('customer_id', '=', id).executeTakeFirst();
  return booked !== undefined;
}

export async function deleteCustomerRequests(db: Kysely<Database>, customerId: number): Promise<void> {
  await db.deleteFrom('booking_requests').where('customer_id', '=', customerId).execute();
}

/**
 * Deletes a customer with no login and no booking, both checked by the delete itself so a booking
 * made meanwhile is never cascaded away; false when the record did not qualify (nothing deleted).
 */
export async function deleteCustomerWithoutBookings(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('customers')
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('bookings').select('bookings.id').whereRef('bookings.customer_id', '=', 'customers.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A booking or login appeared between the checks and the delete: the transaction is undone. */
export class CustomerChangedError extends Error {
  constructor() {
    super('customer changed during delete');
  }
}

/** Booking totals of a customer; `scope` limits them to one agency's bookings. */
export async function customerAnalytics(
  db: Kysely<Database>,
  customerId: number,
  scope: AgencyScope,
): Promise<CustomerAnalytics> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.countAll<number>().as('total_bookings'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            eb.case().when('booking_status', '=', 'cancelled').then(eb.lit(0)).else(eb.ref('booking_amount')).end(),
          ),
          eb.lit(0),
        )
        .as('total_spent'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.fn.coalesce('estimated_mileage', eb.lit(0))), eb.lit(0)).as('total_mileage'),
    ])
    .where('customer_id', '=', customerId)
    .$if(scope !== null, (query) => query.where('agency_id', '=', scope ?? 0))
    .executeTakeFirstOrThrow();
  return {
    totalBookings: Number(row.total_bookings),
    totalSpent: formatMoney(Number(row.total_spent)),
    totalMileage: Number(row.total_mileage),
  };
}

const LICENSE_URL = (id: number) => `/api/customers/${id}/drivers_license/`;

function toApiCustomer(row: CustomerRow): ApiCustomer {
  return {
    id: row.id,
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    national_id: row.national_id,
    street_address: row.street_address,
    address_line2: row.address_line2,
    city: row.city,
    country: row.country,
    drivers_license: row.drivers_license_key ? LICENSE_URL(row.id) : null,
    drivers_license_type: row.drivers_license_key ? row.drivers_license_type : null,
    next_of_kin1_first_name: row.next_of_kin1_first_name,
    next_of_kin1_last_name: row.next_of_kin1_last_name,
    next_of_kin1_id_number: row.next_of_kin1_id_number,
    next_of_kin1_phone: row.next_of_kin1_phone,
    next_of_kin2_first_name: row.next_of_kin2_first_name,
    next_of_kin2_last_name: row.next_of_kin2_last_name,
    next_of_kin2_id_number: row.next_of_kin2_id_number,
    next_of_kin2_phone: row.next_of_kin2_phone,
    date_of_birth: row.date_of_birth,
    license_number: row.license_number,
    license_expiry: row.license_expiry,
    next_of_kin_2: [
      row.next_of_kin2_first_name,
      row.next_of_kin2_last_name,
      row.next_of_kin2_id_number,
      row.next_of_kin2_phone,
    ].some((value) => value !== null && value !== ''),
    agency_id: row.agency_id,
    has_account: row.user_id !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_booking_date: row.last_booking_date ?? null,
  };
}
