import type { Kysely } from 'kysely';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { RequestStatus } from '#domain/constants';
import { rentalDays } from '#domain/dates';
import { formatMoney } from '#domain/money';
import { holdEndsAt, isHeld, isHoldExpired } from '#domain/request-hold';
import type { DialectName } from '../db/connect.ts';
import { isUniqueViolation } from '../db/sql-helpers.ts';
import type { CustomerUpdate, Database, NewBooking, NewBookingRequest } from '../db/types.ts';
import { contactOnlyCustomer } from './contact-customer.ts';
import { findAgencyCustomerByEmail, insertCustomer } from './customers.ts';
import {
  findBlockingBooking,
  insertBookingIfFree,
  lockVehicle,
  RequestAlreadyBookedError,
  VehicleAlreadyBookedError,
} from './bookings.ts';
import { assertNotHeld } from './request-holds.ts';
import { assertNoBlockingPeriod } from './unavailability-overlaps.ts';
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
  hold_until: string | null;
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
      'r.hold_until',
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
    // Only a request waiting for its customer holds anything: once booked or declined the end means nothing.
    hold_until: row.status === 'accepted' && row.booking_id === null ? row.hold_until : null,
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
 * Stores a review. Returns true when it changed the request's status, or renewed the hold of an
 * accepted request whose hold had ended. The change is decided by the UPDATE itself
 * (`WHERE status <> new`), so of two concurrent reviews to the same status, on any engine and
 * across processes, exactly one sees it: the customer hears of a decision once.
 *
 * Accepting holds the vehicle for the agency's hold length from `now` (decision 035): under the
 * vehicle's lock, as a booking is written, it is refused when a booking (VehicleAlreadyBookedError),
 * an unavailability period (VehicleUnavailableError) or another request's hold (VehicleHeldError)
 * has any of its days. Leaving accepted ends the hold.
 */
export async function reviewRequest(
  db: Kysely<Database>,
  dialect: DialectName,
  id: number,
  review: { status: RequestStatus; staff_notes?: string | null; reviewed_by: number; reviewed_at: string },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
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
    const facts = { status: current.status, has_booking: current.booking_id !== null, hold_until: current.hold_until };
    let holdUntil: string | null = null;
    const startsHold = review.status === 'accepted' && !facts.has_booking && !isHeld(facts, now);
    if (startsHold) {
      const { vehicle_id: vehicle, start_date: start, end_date: end } = current;
      await lockVehicle(trx, dialect, vehicle);
      const clash = await findBlockingBooking(trx, vehicle, start, end);
      if (clash) throw new VehicleAlreadyBookedError(clash.start_date, clash.end_date);
      await assertNoBlockingPeriod(trx, vehicle, start, end);
      await assertNotHeld(trx, vehicle, start, end, now.toISOString(), id);
      holdUntil = holdEndsAt(now, current.hold_hours);
    } else if (review.status === 'accepted') {
      holdUntil = current.hold_until;
    }
    const changed = await trx
      .updateTable('booking_requests')
      .set({ ...review, is_reviewed: 1, hold_until: holdUntil })
      .where('id', '=', id)
      .where('status', '<>', review.status)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) return true;
    const { status: _unchanged, ...rest } = review;
    await trx
      .updateTable('booking_requests')
      .set({ ...rest, is_reviewed: 1, hold_until: holdUntil })
      .where('id', '=', id)
      .execute();
    // Accepting again after the hold ended holds the vehicle anew: the customer is told the new end.
    return startsHold && current.status === 'accepted';
  });
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

/**
 * Checked with the vehicle locked, before a request's booking is written: it has none yet
 * (RequestAlreadyBookedError), and it is still accepted with its hold running
 * (RequestNotConfirmableError): staff may have declined it, or its hold ended, since the route looked.
 */
async function assertConfirmable(trx: Kysely<Database>, requestId: number, now: string): Promise<void> {
  const existing = await trx
    .selectFrom('bookings')
    .select('id')
    .where('booking_request_id', '=', requestId)
    .executeTakeFirst();
  if (existing) throw new RequestAlreadyBookedError();
  const current = await trx
    .selectFrom('booking_requests')
    .select(['status', 'hold_until'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  if (current.status !== 'accepted') throw new RequestNotConfirmableError('not-accepted', null);
  if (isHoldExpired({ ...current, has_booking: false }, new Date(now))) {
    throw new RequestNotConfirmableError('expired', current.hold_until);
  }
}

/** Who a request made at the desk into a booking is for. */
export type RequestCustomer =
  | { id: number }
  /** A visitor's request: the agency's customer with this e-mail, or a new record made from these. */
  | { agencyId: number; first_name: string; last_name: string; phone_number: string; email: string };

export interface BookRequestInput {
  requestId: number;
  customer: RequestCustomer;
  booking: Omit<NewBooking, 'customer_id' | 'booking_request_id'>;
  now: string;
  /** Runs in the same transaction once the booking exists (its stored reply); throwing undoes it all. */
  afterBooking?: (trx: Kysely<Database>, bookingId: number) => Promise<void>;
}

/**
 * Staff turn an accepted request into its booking in one transaction (POST
 * staff-booking-requests/{id}/booking/): a visitor's customer record is found by e-mail within the
 * agency or created, and the booking inserted under the vehicle's lock like any other, linked to
 * the request, which ends its hold. Throws what finalizing throws, and the booking refusals.
 */
export async function bookRequest(
  db: Kysely<Database>,
  dialect: DialectName,
  input: BookRequestInput,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const customerId = 'id' in input.customer ? input.customer.id : await customerFor(trx, input.customer, input.now);
    try {
      const bookingId = await insertBookingIfFree(
        trx,
        dialect,
        { ...input.booking, customer_id: customerId, booking_request_id: input.requestId },
        {
          now: input.now,
          confirmsRequest: input.requestId,
          whileLocked: () => assertConfirmable(trx, input.requestId, input.now),
        },
      );
      await input.afterBooking?.(trx, bookingId);
      return bookingId;
    } catch (error) {
      if (isUniqueViolation(error)) throw new RequestAlreadyBookedError();
      throw error;
    }
  });
}

async function customerFor(
  trx: Kysely<Database>,
  visitor: Exclude<RequestCustomer, { id: number }>,
  now: string,
): Promise<number> {
  const found = await findAgencyCustomerByEmail(trx, visitor.agencyId, visitor.email);
  if (found) return found.id;
  return insertCustomer(trx, contactOnlyCustomer(visitor, { user_id: null, agency_id: visitor.agencyId }, now));
}

/** The parts of a request that finalizing checks before it opens its transaction. */
export async function findRequestForFinalize(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('booking_requests as r')
    .leftJoin('bookings as b', 'b.booking_request_id', 'r.id')
    .select(['r.id', 'r.customer_id', 'r.vehicle_id', 'r.status', 'r.hold_until', 'b.id as booking_id'])
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
        {
          now: input.now,
          confirmsRequest: input.requestId,
          whileLocked: () => assertConfirmable(trx, input.requestId, input.now),
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
