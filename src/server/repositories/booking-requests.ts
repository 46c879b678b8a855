import type { Kysely } from 'kysely';
import type { BookingRequestBase, StaffBookingRequest } from '#domain/api/booking-requests';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { StoredQuoteView } from '#domain/api/quotes';
import type { RequestStatus } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { Database, NewBookingRequest } from '../db/types.ts';
import { requestQuoteViews } from './stored-quotes.ts';
import { keysetPage, newestFirstOrder, type CursorPaged, type ListPage } from './keyset.ts';
import { keptTotal } from './list-counts.ts';

/** Turns a vehicle image's storage key into the URL the client loads. */
export type ImageUrl = (fileKey: string) => string;

/** What a customer or a visitor asks for; every request starts pending and unreviewed. */
export type RequestSubmission = Omit<
  NewBookingRequest,
  'status' | 'staff_notes' | 'is_reviewed' | 'reviewed_by' | 'reviewed_at'
>;

/** Stores a new request, pending and unreviewed. */
export async function insertBookingRequest(db: Kysely<Database>, values: RequestSubmission): Promise<number> {
  const row = await db
    .insertInto('booking_requests')
    .values({ ...values, status: 'pending', staff_notes: null, is_reviewed: 0, reviewed_by: null, reviewed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The rate plan's version a new request was priced by, stored once its quote is made. */
export async function setRequestPlanVersion(db: Kysely<Database>, id: number, version: number): Promise<void> {
  await db.updateTable('booking_requests').set({ rate_plan_version: version }).where('id', '=', id).execute();
}

interface RequestFilter {
  id?: number;
  customerId?: number;
  /** null = every agency. */
  agencyId?: number | null;
  status?: RequestStatus | undefined;
}

function requestsOf(db: Kysely<Database>, filter: RequestFilter) {
  let query = db.selectFrom('booking_requests as r');
  if (filter.id !== undefined) query = query.where('r.id', '=', filter.id);
  if (filter.customerId !== undefined) query = query.where('r.customer_id', '=', filter.customerId);
  if (filter.agencyId !== undefined && filter.agencyId !== null) {
    query = query.where('r.agency_id', '=', filter.agencyId);
  }
  if (filter.status !== undefined) query = query.where('r.status', '=', filter.status);
  return query;
}

function requestQuery(requests: ReturnType<typeof requestsOf>) {
  return requests
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('locations as pl', 'pl.id', 'r.pickup_location_id')
    .leftJoin('locations as dl', 'dl.id', 'r.dropoff_location_id')
    .leftJoin('bookings as b', 'b.booking_request_id', 'r.id')
    .select((eb) => [
      'r.id',
      'r.customer_id',
      'r.agency_id',
      'r.vehicle_id',
      'r.first_name',
      'r.last_name',
      'r.email',
      'r.phone_number',
      'r.start_date',
      'r.end_date',
      'r.pickup_time',
      'r.dropoff_time',
      'r.message',
      'r.status',
      'r.staff_notes',
      'r.is_reviewed',
      'r.hold_until',
      'r.created_at',
      'r.rate_plan_version',
      'r.driver_age',
      'c.first_name as customer_first_name',
      'c.last_name as customer_last_name',
      'c.email as customer_email',
      'c.phone_number as customer_phone_number',
      'v.make',
      'v.model',
      'v.registration_number',
      'v.price_per_day',
      'v.deposit',
      'pl.id as pickup_location_id',
      'pl.name as pickup_location_name',
      'dl.id as dropoff_location_id',
      'dl.name as dropoff_location_name',
      'b.id as booking_id',
      eb
        .selectFrom('vehicle_images as vi')
        .select('vi.file_key')
        .whereRef('vi.vehicle_id', '=', 'v.id')
        .orderBy('vi.position')
        .orderBy('vi.id')
        .limit(1)
        .as('main_image_key'),
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>;

function place(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

/** The rows' stored quotes, by request id. */
function quotesOf(db: Kysely<Database>, rows: readonly RequestRow[]): Promise<Map<number, StoredQuoteView>> {
  return requestQuoteViews(
    db,
    rows.map((row) => ({ id: row.id, planVersion: row.rate_plan_version })),
  );
}

function toBase(row: RequestRow, imageUrl: ImageUrl, quotes: Map<number, StoredQuoteView>): BookingRequestBase {
  // A customer's request shows the customer record; a visitor's, the contact details they typed.
  const fromRecord = row.customer_id !== null && row.customer_first_name !== null;
  return {
    id: row.id,
    customer: row.customer_id,
    customer_details: {
      first_name: (fromRecord ? row.customer_first_name : row.first_name) ?? '',
      last_name: (fromRecord ? row.customer_last_name : row.last_name) ?? '',
      email: (fromRecord ? row.customer_email : row.email) ?? '',
      phone_number: (fromRecord ? row.customer_phone_number : row.phone_number) ?? '',
    },
    vehicle: row.vehicle_id,
    vehicle_details: {
      id: row.vehicle_id,
      make: row.make,
      model: row.model,
      price_per_day: formatMoney(row.price_per_day),
      deposit: formatMoney(row.deposit),
      main_image: row.main_image_key ? imageUrl(row.main_image_key) : null,
    },
    start_date: row.start_date,
    end_date: row.end_date,
    pickup_time: row.pickup_time,
    dropoff_time: row.dropoff_time,
    pickup_location: place(row.pickup_location_id, row.pickup_location_name),
    dropoff_location: place(row.dropoff_location_id, row.dropoff_location_name),
    message: row.message,
    status: row.status,
    has_booking: row.booking_id !== null,
    booking_id: row.booking_id,
    // Only a request waiting for its customer holds anything: once booked or declined the end means nothing.
    hold_until: row.status === 'accepted' && row.booking_id === null ? row.hold_until : null,
    created_at: row.created_at,
    quote: quotes.get(row.id) ?? null,
  };
}

function toStaffRequest(
  row: RequestRow,
  imageUrl: ImageUrl,
  quotes: Map<number, StoredQuoteView>,
): StaffBookingRequest {
  const base = toBase(row, imageUrl, quotes);
  return {
    ...base,
    vehicle_details: { ...base.vehicle_details, registration_number: row.registration_number },
    staff_notes: row.staff_notes,
    is_reviewed: row.is_reviewed === 1,
  };
}

function toCustomerRequest(
  row: RequestRow,
  imageUrl: ImageUrl,
  quotes: Map<number, StoredQuoteView>,
): CustomerBookingRequest {
  return { ...toBase(row, imageUrl, quotes), deposit: formatMoney(row.deposit), driver_age: row.driver_age };
}

const STAFF_ORDER = newestFirstOrder('staff-booking-requests', 'r');
const CUSTOMER_ORDER = newestFirstOrder('booking-requests', 'r');

/** Newest first, one page, with the kept total, each row in the shape `toView` gives it. */
async function listRequests<T>(
  db: Kysely<Database>,
  filter: RequestFilter,
  page: ListPage,
  total: () => Promise<number>,
  toView: (row: RequestRow, quotes: Map<number, StoredQuoteView>) => T,
): Promise<CursorPaged<T>> {
  const requests = requestsOf(db, filter);
  const order = filter.customerId === undefined ? STAFF_ORDER : CUSTOMER_ORDER;
  const [found, count] = await Promise.all([keysetPage(order, page, requestQuery(requests), requests), total()]);
  const quotes = await quotesOf(db, found.rows);
  return {
    items: found.rows.map((row) => toView(row, quotes)),
    total: count,
    totalCapped: false,
    next: found.next,
  };
}

/** One request with the agency it belongs to, for the caller's scope check. */
export async function findStaffRequest(
  db: Kysely<Database>,
  id: number,
  imageUrl: ImageUrl,
): Promise<{ agencyId: number; request: StaffBookingRequest } | undefined> {
  const row = await requestQuery(requestsOf(db, { id })).executeTakeFirst();
  if (!row) return undefined;
  return { agencyId: row.agency_id, request: toStaffRequest(row, imageUrl, await quotesOf(db, [row])) };
}

export async function listStaffRequests(
  db: Kysely<Database>,
  filter: { agencyId: number | null; status: RequestStatus | undefined },
  page: ListPage,
  imageUrl: ImageUrl,
): Promise<CursorPaged<StaffBookingRequest>> {
  const total = () => keptTotal(db, 'booking-requests', filter.agencyId, filter.status);
  return listRequests(db, filter, page, total, (row, quotes) => toStaffRequest(row, imageUrl, quotes));
}

export async function findCustomerRequest(
  db: Kysely<Database>,
  id: number,
  customerId: number,
  imageUrl: ImageUrl,
): Promise<CustomerBookingRequest | undefined> {
  const row = await requestQuery(requestsOf(db, { id, customerId })).executeTakeFirst();
  return row ? toCustomerRequest(row, imageUrl, await quotesOf(db, [row])) : undefined;
}

export async function listCustomerRequests(
  db: Kysely<Database>,
  customerId: number,
  page: ListPage,
  imageUrl: ImageUrl,
): Promise<CursorPaged<CustomerBookingRequest>> {
  const total = () => keptTotal(db, 'customer-booking-requests', customerId);
  return listRequests(db, { customerId }, page, total, (row, quotes) => toCustomerRequest(row, imageUrl, quotes));
}

/** What a review decides on: the request's dates and status, its hold, and its agency's hold length. */
export async function findReviewFacts(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('booking_requests as r')
    .innerJoin('agencies as a', 'a.id', 'r.agency_id')
    .leftJoin('bookings as b', 'b.booking_request_id', 'r.id')
    .select([
      'r.vehicle_id',
      'r.start_date',
      'r.end_date',
      'r.status',
      'r.hold_until',
      'a.hold_hours',
      'b.id as booking_id',
    ])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
}

export interface ReviewValues {
  status: RequestStatus;
  staff_notes?: string | null;
  reviewed_by: number;
  reviewed_at: string;
  hold_until: string | null;
}

/**
 * Stores a review only if it changes the request's status, and says whether it did. The change is
 * decided by the UPDATE itself (`WHERE status <> new`), so of two concurrent reviews to the same
 * status, on any engine and across processes, exactly one sees it.
 */
export async function updateReviewIfStatusChanges(
  db: Kysely<Database>,
  id: number,
  review: ReviewValues,
): Promise<boolean> {
  const changed = await db
    .updateTable('booking_requests')
    .set({ ...review, is_reviewed: 1 })
    .where('id', '=', id)
    .where('status', '<>', review.status)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** Stores a review's notes, reviewer and hold, leaving the status as it is. */
export async function updateReviewKeepingStatus(
  db: Kysely<Database>,
  id: number,
  review: Omit<ReviewValues, 'status'>,
): Promise<void> {
  await db
    .updateTable('booking_requests')
    .set({ ...review, is_reviewed: 1 })
    .where('id', '=', id)
    .execute();
}

/** A request's status and hold, read under the vehicle's lock before its booking is written. */
export async function requestConfirmFacts(db: Kysely<Database>, requestId: number) {
  return db
    .selectFrom('booking_requests')
    .select(['status', 'hold_until'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
}

/** The parts of a request that finalizing checks before it opens its transaction. */
export async function findRequestForFinalize(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('booking_requests as r')
    .leftJoin('bookings as b', 'b.booking_request_id', 'r.id')
    .select(['r.id', 'r.customer_id', 'r.vehicle_id', 'r.end_date', 'r.status', 'r.hold_until', 'b.id as booking_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * What a confirmed booking takes from its request: vehicle, dates, times, places, price and
 * deposit, and the plan version and driver's age its quote was made with (null before quotes).
 */
export async function findRequestBookingTerms(db: Kysely<Database>, requestId: number) {
  return db
    .selectFrom('booking_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .leftJoin('locations as pl', 'pl.id', 'r.pickup_location_id')
    .leftJoin('locations as dl', 'dl.id', 'r.dropoff_location_id')
    .select([
      'r.id',
      'r.rate_plan_version',
      'r.driver_age',
      'r.vehicle_id',
      'r.start_date',
      'r.end_date',
      'r.pickup_time',
      'r.dropoff_time',
      'r.pickup_location_id',
      'r.dropoff_location_id',
      'v.agency_id',
      'v.price_per_day',
      'v.deposit',
      'pl.name as pickup_location',
      'dl.name as dropoff_location',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirstOrThrow();
}
