import type { Kysely } from 'kysely';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { RequestStatus } from '#domain/constants';
import { rentalDays } from '#domain/dates';
import { formatMoney } from '#domain/money';
import type { DialectName } from '../db/connect.ts';
import type { CustomerUpdate, Database, NewBookingRequest } from '../db/types.ts';
import { insertBookingIfFree, isUniqueViolation, RequestAlreadyBookedError } from './bookings.ts';
import { keysetPage, newestFirstOrder, type CursorPaged, type ListPage } from './keyset.ts';
import { keptTotal } from './list-counts.ts';

/** Turns a vehicle image's storage key into the URL the client loads. */
export type ImageUrl = (fileKey: string) => string;

interface RequestVehicleDetails {
  id: number;
  make: string;
  model: string;
  price_per_day: string;
  deposit: string;
  main_image: string | null;
}

interface RequestBase {
  id: number;
  customer: number | null;
  customer_details: { first_name: string; last_name: string; email: string; phone_number: string };
  vehicle: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: { id: number; name: string } | null;
  dropoff_location: { id: number; name: string } | null;
  message: string | null;
  status: RequestStatus;
  has_booking: boolean;
  booking_id: number | null;
  created_at: string;
}

/** What a visitor gets back for an anonymous request. */
export interface AnonymousBookingRequestReceipt {
  id: number;
  status: RequestStatus;
  vehicle: number;
  start_date: string;
  end_date: string;
  created_at: string;
}

/** What a customer or a visitor asks for; every request starts pending and unreviewed. */
export type RequestSubmission = Omit<
  NewBookingRequest,
  'status' | 'staff_notes' | 'is_reviewed' | 'reviewed_by' | 'reviewed_at'
>;

/** Stores a new request; `alongside` runs in the same transaction (e.g. to store the reply with it). */
export async function insertBookingRequest(
  db: Kysely<Database>,
  values: RequestSubmission,
  alongside: (trx: Kysely<Database>, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('booking_requests')
      .values({ ...values, status: 'pending', staff_notes: null, is_reviewed: 0, reviewed_by: null, reviewed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await alongside(trx, row.id);
    return row.id;
  });
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
      'r.created_at',
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

function toBase(row: RequestRow, imageUrl: ImageUrl): RequestBase & { vehicle_details: RequestVehicleDetails } {
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
    created_at: row.created_at,
  };
}

function toStaffRequest(row: RequestRow, imageUrl: ImageUrl): StaffBookingRequest {
  const base = toBase(row, imageUrl);
  return {
    ...base,
    vehicle_details: { ...base.vehicle_details, registration_number: row.registration_number },
    staff_notes: row.staff_notes,
    is_reviewed: row.is_reviewed === 1,
  };
}

function toCustomerRequest(row: RequestRow, imageUrl: ImageUrl): CustomerBookingRequest {
  return { ...toBase(row, imageUrl), deposit: formatMoney(row.deposit) };
}

const STAFF_ORDER = newestFirstOrder('staff-booking-requests', 'r');
const CUSTOMER_ORDER = newestFirstOrder('booking-requests', 'r');

/** Newest first, one page, with the kept total, each row in the shape `toView` gives it. */
async function listRequests<T>(
  db: Kysely<Database>,
  filter: RequestFilter,
  page: ListPage,
  total: () => Promise<number>,
  toView: (row: RequestRow) => T,
): Promise<CursorPaged<T>> {
  const requests = requestsOf(db, filter);
  const order = filter.customerId === undefined ? STAFF_ORDER : CUSTOMER_ORDER;
  const [found, count] = await Promise.all([keysetPage(order, page, requestQuery(requests), requests), total()]);
  return { items: found.rows.map(toView), total: count, totalCapped: false, next: found.next };
}

/** One request with the agency it belongs to, for the caller's scope check. */
export async function findStaffRequest(
  db: Kysely<Database>,
  id: number,
  imageUrl: ImageUrl,
): Promise<{ agencyId: number; request: StaffBookingRequest } | undefined> {
  const row = await requestQuery(requestsOf(db, { id })).executeTakeFirst();
  return row ? { agencyId: row.agency_id, request: toStaffRequest(row, imageUrl) } : undefined;
}

export async function listStaffRequests(
  db: Kysely<Database>,
  filter: { agencyId: number | null; status: RequestStatus | undefined },
  page: ListPage,
  imageUrl: ImageUrl,
): Promise<CursorPaged<StaffBookingRequest>> {
  const total = () => keptTotal(db, 'booking-requests', filter.agencyId, filter.status);
  return listRequests(db, filter, page, total, (row) => toStaffRequest(row, imageUrl));
}

export async function findCustomerRequest(
  db: Kysely<Database>,
  id: number,
  customerId: number,
  imageUrl: ImageUrl,
): Promise<CustomerBookingRequest | undefined> {
  const row = await requestQuery(requestsOf(db, { id, customerId })).executeTakeFirst();
  return row ? toCustomerRequest(row, imageUrl) : undefined;
}

export async function listCustomerRequests(
  db: Kysely<Database>,
  customerId: number,
  page: ListPage,
  imageUrl: ImageUrl,
): Promise<CursorPaged<CustomerBookingRequest>> {
  const total = () => keptTotal(db, 'customer-booking-requests', customerId);
  return listRequests(db, { customerId }, page, total, (row) => toCustomerRequest(row, imageUrl));
}

/**
 * Stores a review. Returns true when it changed the request's status. The change is decided by
 * the UPDATE itself (`WHERE status <> new`), so of two concurrent reviews to the same status, on
 * any engine and across processes, exactly one sees it: the customer hears of a decision once.
 */
export async function reviewRequest(
  db: Kysely<Database>,
  id: number,
  review: { status: RequestStatus; staff_notes?: string | null; reviewed_by: number; reviewed_at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('booking_requests')
      .set({ ...review, is_reviewed: 1 })
      .where('id', '=', id)
      .where('status', '<>', review.status)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) return true;
    const { status: _unchanged, ...rest } = review;
    await trx
      .updateTable('booking_requests')
      .set({ ...rest, is_reviewed: 1 })
      .where('id', '=', id)
      .execute();
    return false;
  });
}

/** The parts of a request that finalizing checks before it opens its transaction. */
export async function findRequestForFinalize(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('booking_requests as r')
    .leftJoin('bookings as b', 'b.booking_request_id', 'r.id')
    .select(['r.id', 'r.customer_id', 'r.vehicle_id', 'r.status', 'b.id as booking_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export interface FinalizeInput {
  requestId: number;
  customerId: number;
  userId: number;
  customer: CustomerUpdate;
  paymentMethod: 'cash' | 'debit_card';
  now: string;
  /** Runs in the same transaction once the booking exists (the wizard's deposit); throwing undoes it all. */
  afterBooking?: (trx: Kysely<Database>, booking: FinalizedBooking) => Promise<void>;
}

export interface FinalizedBooking {
  id: number;
  agencyId: number;
  deposit: number;
  startDate: string;
}

/**
 * Confirms an accepted request in one transaction: the customer's details are stored and the
 * booking created (confirmed, priced from the vehicle), or nothing is. Throws
 * VehicleAlreadyBookedError when the dates are taken, RequestAlreadyBookedError when this
 * request was finalized first by a concurrent call.
 */
export async function finalizeBookingRequest(
  db: Kysely<Database>,
  dialect: DialectName,
  input: FinalizeInput,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('booking_requests as r')
      .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
      .leftJoin('locations as pl', 'pl.id', 'r.pickup_location_id')
      .leftJoin('locations as dl', 'dl.id', 'r.dropoff_location_id')
      .select([
        'r.vehicle_id',
        'r.start_date',
        'r.end_date',
        'r.pickup_time',
        'r.dropoff_time',
        'v.agency_id',
        'v.price_per_day',
        'v.deposit',
        'pl.name as pickup_location',
        'dl.name as dropoff_location',
      ])
      .where('r.id', '=', input.requestId)
      .executeTakeFirstOrThrow();
    try {
      // insertBookingIfFree locks the vehicle first, so a concurrent finalize of this request
      // waits here and then finds the booking the first one made.
      const bookingId = await insertBookingIfFree(
        trx,
        dialect,
        {
          customer_id: input.customerId,
          vehicle_id: request.vehicle_id,
          agency_id: request.agency_id,
          booking_request_id: input.requestId,
          start_date: request.start_date,
          end_date: request.end_date,
          pickup_time: request.pickup_time,
          dropoff_time: request.dropoff_time,
          pickup_location: request.pickup_location,
          dropoff_location: request.dropoff_location,
          booking_amount: rentalDays(request.start_date, request.end_date) * request.price_per_day,
          booking_deposit: request.deposit,
          payment_method: input.paymentMethod,
          booking_status: 'confirmed',
          estimated_mileage: null,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: input.userId,
          created_at: input.now,
        },
        async () => {
          const existing = await trx
            .selectFrom('bookings')
            .select('id')
            .where('booking_request_id', '=', input.requestId)
            .executeTakeFirst();
          if (existing) throw new RequestAlreadyBookedError();
        },
      );
      await trx.updateTable('customers').set(input.customer).where('id', '=', input.customerId).execute();
      await input.afterBooking?.(trx, {
        id: bookingId,
        agencyId: request.agency_id,
        deposit: request.deposit,
        startDate: request.start_date,
      });
      return bookingId;
    } catch (error) {
      if (isUniqueViolation(error)) throw new RequestAlreadyBookedError();
      throw error;
    }
  });
}
