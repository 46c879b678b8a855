import type { CustomerBooking, CustomerBookingHistoryItem, StaffBooking } from '#domain/api/bookings';
import type { StoredQuoteView } from '#domain/api/quotes';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { StaffBookingOrdering } from '#domain/schemas/booking';
import type { DialectName } from '../db/connect.ts';
import { containsText, lockRow } from '../db/sql-helpers.ts';
import type { Database, NewBooking } from '../db/types.ts';
import type { ImageUrl } from './booking-requests.ts';
import {
  keysetPage,
  newestFirstOrder,
  orderName,
  type CursorPaged,
  type KeysetOrder,
  type ListPage,
} from './keyset.ts';
import { countUpTo, keptTotal } from './list-counts.ts';
import { bookingQuoteViews, customerQuoteView } from './stored-quotes.ts';

/** The wire type lives in the domain so the app reads the same shape the server writes. */
export type { StaffBooking };

/** The vehicle a booking is made for, with what pricing and scoping need. */
export interface BookableVehicle {
  id: number;
  agency_id: number;
  agency_status: string;
  price_per_day: number;
  deposit: number;
}

/** Thrown inside a booking transaction when the vehicle is already held for overlapping dates. */
export class VehicleAlreadyBookedError extends Error {
  constructor(
    readonly startDate: string,
    readonly endDate: string,
  ) {
    super('vehicle already booked');
  }
}

/** Thrown when a booking request already has its booking (finalized twice). */
export class RequestAlreadyBookedError extends Error {
  constructor() {
    super('booking request already booked');
  }
}

/** Thrown when a request may not be confirmed (any more): not accepted, or its hold ended. */
export class RequestNotConfirmableError extends Error {
  constructor(
    readonly reason: 'not-accepted' | 'expired',
    readonly holdUntil: string | null,
  ) {
    super(`booking request not confirmable: ${reason}`);
  }
}

export async function findBookableVehicle(
  db: Kysely<Database>,
  vehicleId: number,
): Promise<BookableVehicle | undefined> {
  return db
    .selectFrom('vehicles')
    .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
    .select([
      'vehicles.id',
      'vehicles.agency_id',
      'agencies.status as agency_status',
      'vehicles.price_per_day',
      'vehicles.deposit',
    ])
    .where('vehicles.id', '=', vehicleId)
    .executeTakeFirst();
}

/**
 * The earliest booking that holds the vehicle on any day of [startDate, endDate] (inclusive),
 * other than `exceptId` (the booking being edited).
 */
export async function findBlockingBooking(
  db: Kysely<Database>,
  vehicleId: number,
  startDate: string,
  endDate: string,
  exceptId?: number,
): Promise<{ id: number; start_date: string; end_date: string } | undefined> {
  return db
    .selectFrom('bookings')
    .select(['id', 'start_date', 'end_date'])
    .where('vehicle_id', '=', vehicleId)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? 0))
    .where('booking_status', 'in', [...BLOCKING_BOOKING_STATUSES])
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate)
    .orderBy('start_date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Serialises bookings of one vehicle. PostgreSQL: a row lock on the vehicle held to the end of
 * the transaction, so a second booking waits and then sees the first. SQLite: Kysely runs a
 * transaction on its single connection and queues everything else behind it, so the
 * transaction itself is the lock.
 */
export async function lockVehicle(db: Kysely<Database>, dialect: DialectName, vehicleId: number): Promise<void> {
  await lockRow(db, dialect, 'vehicles', vehicleId);
}

/** Inserts a booking row; the checks that keep the vehicle free are the caller's (services/bookings/place-booking). */
export async function insertBooking(db: Kysely<Database>, values: NewBooking): Promise<number> {
  const row = await db.insertInto('bookings').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The booking made from a request, if any. */
export async function bookingIdOfRequest(db: Kysely<Database>, requestId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('booking_request_id', '=', requestId)
    .executeTakeFirst();
  return row?.id;
}

/** What an edit may change: everything but who created the booking, when, and from which request. */
export type BookingChanges = Omit<NewBooking, 'created_by' | 'created_at' | 'booking_request_id'>;

/** Where a booking is on the planner: its vehicle and its days. */
export interface BookingPlace {
  vehicleId: number;
  startDate: string;
  endDate: string;
}

/** Thrown when a move names where the booking was, and it is no longer there (moved meanwhile). */
export class BookingMovedError extends Error {
  constructor() {
    super('booking moved meanwhile');
  }
}

/**
 * Writes an edit. With `expected`, only while the booking is still at that place (compared in the
 * UPDATE itself, so of two moves of one booking made from the same place one wins), else throws
 * BookingMovedError.
 */
export async function updateBookingRow(
  db: Kysely<Database>,
  id: number,
  changes: BookingChanges,
  expected?: BookingPlace,
): Promise<void> {
  let update = db.updateTable('bookings').set(changes).where('id', '=', id);
  if (expected) {
    update = update
      .where('vehicle_id', '=', expected.vehicleId)
      .where('start_date', '=', expected.startDate)
      .where('end_date', '=', expected.endDate);
  }
  const result = await update.executeTakeFirst();
  if (expected && Number(result.numUpdatedRows) === 0) throw new BookingMovedError();
}

/** Bookings of one customer, of one agency (null = every agency), or of both together. */
function bookingsOf(db: Kysely<Database>, filter: { customerId?: number; agencyId?: number | null }) {
  let query = db.selectFrom('bookings');
  if (filter.customerId !== undefined) query = query.where('bookings.customer_id', '=', filter.customerId);
  if (filter.agencyId !== undefined && filter.agencyId !== null) {
    query = query.where('bookings.agency_id', '=', filter.agencyId);
  }
  return query;
}

export type BookingsQuery = ReturnType<typeof bookingsOf>;

export function staffBookingQuery(bookings: BookingsQuery) {
  return bookings
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
    .select([
      'bookings.id',
      'bookings.customer_id',
      'bookings.vehicle_id',
      'bookings.booking_request_id',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.pickup_time',
      'bookings.dropoff_time',
      'bookings.pickup_location',
      'bookings.dropoff_location',
      'bookings.booking_amount',
      'bookings.booking_deposit',
      'bookings.payment_method',
      'bookings.booking_status',
      'bookings.estimated_mileage',
      'bookings.discount_amount',
      'bookings.discount_description',
      'bookings.notes',
      'bookings.created_at',
      'customers.first_name as customer_first_name',
      'customers.last_name as customer_last_name',
      'customers.email as customer_email',
      'customers.phone_number as customer_phone_number',
      'vehicles.make as vehicle_make',
      'vehicles.model as vehicle_model',
      'vehicles.registration_number as vehicle_registration_number',
    ]);
}

type StaffBookingRow = Awaited<ReturnType<ReturnType<typeof staffBookingQuery>['executeTakeFirstOrThrow']>>;

export function toStaffBooking(row: StaffBookingRow): StaffBooking {
  return {
    id: row.id,
    customer: row.customer_id,
    vehicle: row.vehicle_id,
    customer_details: {
      id: row.customer_id,
      first_name: row.customer_first_name,
      last_name: row.customer_last_name,
      email: row.customer_email,
      phone_number: row.customer_phone_number,
    },
    vehicle_details: {
      id: row.vehicle_id,
      make: row.vehicle_make,
      model: row.vehicle_model,
      registration_number: row.vehicle_registration_number,
    },
    start_date: row.start_date,
    end_date: row.end_date,
    pickup_time: row.pickup_time,
    dropoff_time: row.dropoff_time,
    pickup_location: row.pickup_location,
    dropoff_location: row.dropoff_location,
    booking_amount: formatMoney(row.booking_amount),
    booking_deposit: formatMoney(row.booking_deposit),
    payment_method: row.payment_method,
    booking_status: row.booking_status,
    estimated_mileage: row.estimated_mileage,
    discount_amount: formatMoney(row.discount_amount),
    discount_description: row.discount_description,
    notes: row.notes,
    booking_request: row.booking_request_id,
    created_at: row.created_at,
  };
}

/** A booking just written (or known to exist), in the staff shape. */
export async function getStaffBooking(db: Kysely<Database>, id: number): Promise<StaffBooking> {
  const row = await staffBookingQuery(db.selectFrom('bookings'))
    .where('bookings.id', '=', id)
    .executeTakeFirstOrThrow();
  return toStaffBooking(row);
}

/** One booking in the staff shape, with the agency it belongs to for the caller's scope check. */
export async function findStaffBooking(
  db: Kysely<Database>,
  id: number,
): Promise<{ agencyId: number; booking: StaffBooking } | undefined> {
  const row = await staffBookingQuery(db.selectFrom('bookings'))
    .select('bookings.agency_id')
    .where('bookings.id', '=', id)
    .executeTakeFirst();
  return row ? { agencyId: row.agency_id, booking: toStaffBooking(row) } : undefined;
}

/**
 * What a customer may see of their booking: no customer record, notes, mileage or registration;
 * with their agency's name and contact and the pickup and dropoff addresses.
 */
function customerBookingQuery(bookings: BookingsQuery) {
  return bookings
    .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
    .innerJoin('agencies', 'agencies.id', 'bookings.agency_id')
    .select((eb) => {
      // The address of the agency's location of that name (a request copies the location's name;
      // staff type or pick it); null when no such location has an address.
      const address = (column: 'bookings.pickup_location' | 'bookings.dropoff_location') =>
        eb
          .selectFrom('locations as l')
          .select('l.address')
          .whereRef('l.agency_id', '=', 'bookings.agency_id')
          .whereRef('l.name', '=', column)
          .where('l.address', '<>', '')
          .orderBy('l.id')
          .limit(1);
      return [
        'agencies.name as agency_name',
        'agencies.phone_number as agency_phone',
        'agencies.contact_email as agency_email',
        'bookings.created_by',
        // The customer chose the payment method only when they made the booking themselves (the wizard).
        eb
          .selectFrom('customers as c')
          .select('c.user_id')
          .whereRef('c.id', '=', 'bookings.customer_id')
          .as('customer_user_id'),
        address('bookings.pickup_location').as('pickup_address'),
        address('bookings.dropoff_location').as('dropoff_address'),
        'bookings.id',
        'bookings.vehicle_id',
        'bookings.booking_request_id',
        'bookings.start_date',
        'bookings.end_date',
        'bookings.pickup_time',
        'bookings.dropoff_time',
        'bookings.pickup_location',
        'bookings.dropoff_location',
        'bookings.booking_amount',
        'bookings.booking_deposit',
        'bookings.discount_amount',
        'bookings.payment_method',
        'bookings.booking_status',
        'bookings.created_at',
        'bookings.rate_plan_version',
        'vehicles.make as vehicle_make',
        'vehicles.model as vehicle_model',
        eb
          .selectFrom('vehicle_images as vi')
          .select('vi.file_key')
          .whereRef('vi.vehicle_id', '=', 'vehicles.id')
          .orderBy('vi.position')
          .orderBy('vi.id')
          .limit(1)
          .as('main_image_key'),
      ];
    });
}

type CustomerBookingRow = Awaited<ReturnType<ReturnType<typeof customerBookingQuery>['executeTakeFirstOrThrow']>>;

/** The rows' stored quotes, by booking id. */
function customerQuotes(db: Kysely<Database>, rows: readonly CustomerBookingRow[]) {
  return bookingQuoteViews(
    db,
    rows.map((row) => ({ id: row.id, planVersion: row.rate_plan_version })),
  );
}

function toCustomerBooking(
  row: CustomerBookingRow,
  imageUrl: ImageUrl,
  quotes: Map<number, StoredQuoteView>,
): CustomerBooking {
  return {
    id: row.id,
    vehicle: row.vehicle_id,
    vehicle_details: {
      id: row.vehicle_id,
      make: row.vehicle_make,
      model: row.vehicle_model,
      main_image: row.main_image_key ? imageUrl(row.main_image_key) : null,
    },
    start_date: row.start_date,
    end_date: row.end_date,
    pickup_time: row.pickup_time,
    dropoff_time: row.dropoff_time,
    pickup_location: row.pickup_location,
    dropoff_location: row.dropoff_location,
    pickup_address: row.pickup_address ?? null,
    dropoff_address: row.dropoff_address ?? null,
    booking_amount: formatMoney(row.booking_amount),
    booking_deposit: formatMoney(row.booking_deposit),
    discount_amount: formatMoney(row.discount_amount),
    payment_method: row.created_by !== null && row.created_by === row.customer_user_id ? row.payment_method : null,
    booking_status: row.booking_status,
    booking_request: row.booking_request_id,
    agency_details: { name: row.agency_name, phone_number: row.agency_phone, email: row.agency_email },
    created_at: row.created_at,
    quote: customerQuote(quotes.get(row.id)),
  };
}

function customerQuote(view: StoredQuoteView | undefined): StoredQuoteView | null {
  return view ? customerQuoteView(view) : null;
}

/** One of a customer's own bookings; another customer's is not found. */
export async function findCustomerBooking(
  db: Kysely<Database>,
  id: number,
  customerId: number,
  imageUrl: ImageUrl,
): Promise<CustomerBooking | undefined> {
  const row = await customerBookingQuery(bookingsOf(db, { customerId }))
    .where('bookings.id', '=', id)
    .executeTakeFirst();
  return row ? toCustomerBooking(row, imageUrl, await customerQuotes(db, [row])) : undefined;
}

const OWN_ORDER = newestFirstOrder('own-bookings', 'bookings');
const HISTORY_ORDER = newestFirstOrder('customer-history', 'bookings');

/** A customer's own bookings, newest first, in the customer shape. */
export async function listOwnBookings(
  db: Kysely<Database>,
  customerId: number,
  page: ListPage,
  imageUrl: ImageUrl,
): Promise<CursorPaged<CustomerBooking>> {
  const bookings = bookingsOf(db, { customerId });
  const [found, total] = await Promise.all([
    keysetPage(OWN_ORDER, page, customerBookingQuery(bookings), bookings),
    keptTotal(db, 'customer-bookings', customerId),
  ]);
  const quotes = await customerQuotes(db, found.rows);
  return {
    items: found.rows.map((row) => toCustomerBooking(row, imageUrl, quotes)),
    total,
    totalCapped: false,
    next: found.next,
  };
}

export interface StaffBookingListOptions extends ListPage {
  /** Part of the customer's name, or of the vehicle's make, model or registration. */
  search?: string | null | undefined;
  ordering: StaffBookingOrdering;
  customerId?: number | null | undefined;
}

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

/** The sort keys of each staff ordering, on the `sort_customer` / `sort_vehicle` joins where named. */
function staffOrder(ordering: StaffBookingOrdering): KeysetOrder {
  const field = ordering.replace(/^-/, '');
  const text = (expression: RawBuilder<unknown>) => ({ expression, type: 'text' as const });
  const keys =
    field === 'customer'
      ? [text(lower('sort_customer.first_name')), text(lower('sort_customer.last_name'))]
      : field === 'vehicle'
        ? [
            text(lower('sort_vehicle.make')),
            text(lower('sort_vehicle.model')),
            text(lower('sort_vehicle.registration_number')),
          ]
        : [text(sql`${sql.ref(`bookings.${field}`)}`)];
  return {
    name: orderName('staff-bookings', ordering),
    keys: [...keys, { expression: sql`${sql.ref('bookings.id')}`, type: 'integer' }],
    direction: ordering.startsWith('-') ? 'desc' : 'asc',
  };
}

/**
 * One page of the staff booking list, in keyset order (see keyset.ts). Newest first by default:
 * the page comes straight off the (agency_id, created_at, id) or (created_at, id) index and the
 * joins are primary-key lookups. A search, or a sort by customer or vehicle, reads the joined
 * rows. The total is kept by the database, except for a search or one customer's bookings within
 * an agency, which are counted up to SEARCH_COUNT_CAP.
 */
export async function listStaffBookings(
  db: Kysely<Database>,
  agencyId: number | null,
  options: StaffBookingListOptions,
): Promise<CursorPaged<StaffBooking>> {
  const search = options.search?.trim() ?? '';
  const customerId = options.customerId ?? undefined;
  const like = (expression: RawBuilder<string>) => containsText(expression, search);
  const bookings = bookingsOf(db, { agencyId, customerId });
  const matching =
    search === ''
      ? bookings
      : bookings
          .innerJoin('customers as sc', 'sc.id', 'bookings.customer_id')
          .innerJoin('vehicles as sv', 'sv.id', 'bookings.vehicle_id')
          .where((eb) =>
            eb.or([
              like(sql<string>`${sql.ref('sc.first_name')} || ' ' || ${sql.ref('sc.last_name')}`),
              like(sql<string>`${sql.ref('sv.make')} || ' ' || ${sql.ref('sv.model')}`),
              like(sql<string>`${sql.ref('sv.registration_number')}`),
            ]),
          );
  const field = options.ordering.replace(/^-/, '');
  const sortable =
    field === 'customer'
      ? matching.innerJoin('customers as sort_customer', 'sort_customer.id', 'bookings.customer_id')
      : field === 'vehicle'
        ? matching.innerJoin('vehicles as sort_vehicle', 'sort_vehicle.id', 'bookings.vehicle_id')
        : matching;
  const total = async () => {
    if (search === '' && customerId === undefined) {
      return { total: await keptTotal(db, 'bookings', agencyId), capped: false };
    }
    if (search === '' && agencyId === null) {
      return { total: await keptTotal(db, 'customer-bookings', customerId ?? 0), capped: false };
    }
    return countUpTo(db, matching);
  };
  const [found, counted] = await Promise.all([
    keysetPage(staffOrder(options.ordering), options, staffBookingQuery(sortable), sortable),
    total(),
  ]);
  return { items: found.rows.map(toStaffBooking), total: counted.total, totalCapped: counted.capped, next: found.next };
}

/** One customer's bookings, limited to an agency's (null = every agency), newest first. */
export async function listCustomerBookingHistory(
  db: Kysely<Database>,
  customerId: number,
  agencyId: number | null,
  page: ListPage,
): Promise<CursorPaged<CustomerBookingHistoryItem>> {
  const bookings = bookingsOf(db, { customerId, agencyId });
  const history = bookings
    .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
    .select([
      'bookings.id',
      'bookings.created_at',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.booking_amount',
      'bookings.estimated_mileage',
      'bookings.payment_method',
      'bookings.booking_status',
      'vehicles.id as vehicle_id',
      'vehicles.make',
      'vehicles.model',
      'vehicles.registration_number',
    ]);
  // Without an agency the customer's kept total answers; within one, their bookings are counted.
  const [found, counted] = await Promise.all([
    keysetPage(HISTORY_ORDER, page, history, bookings),
    agencyId === null
      ? keptTotal(db, 'customer-bookings', customerId).then((total) => ({ total, capped: false }))
      : countUpTo(db, bookings),
  ]);
  return {
    items: found.rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      start_date: row.start_date,
      end_date: row.end_date,
      booking_amount: formatMoney(row.booking_amount),
      estimated_mileage: row.estimated_mileage,
      payment_method: row.payment_method,
      booking_status: row.booking_status,
      vehicle_details: {
        id: row.vehicle_id,
        make: row.make,
        model: row.model,
        registration_number: row.registration_number,
      },
    })),
    total: counted.total,
    totalCapped: counted.capped,
    next: found.next,
  };
}
