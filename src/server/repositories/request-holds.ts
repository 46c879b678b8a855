import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { RequestClashes } from '#domain/api/booking-requests';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import type { Database } from '../db/types.ts';

/** An accepted request that keeps its vehicle for its dates (decision 035). */
export interface HoldingRequest {
  id: number;
  /** Who asked: the customer record's name, or what the visitor typed. */
  name: string;
  start_date: string;
  end_date: string;
  hold_until: string;
}

type RequestsEb = ExpressionBuilder<Database, 'booking_requests'>;

/** Accepted, its hold still running at `now`, and not confirmed into a booking yet. */
export function holdsAt(eb: RequestsEb, now: string) {
  return eb.and([
    eb('booking_requests.status', '=', 'accepted'),
    eb('booking_requests.hold_until', '>', now),
    eb.not(
      eb.exists(
        eb
          .selectFrom('bookings')
          .select('bookings.id')
          .whereRef('bookings.booking_request_id', '=', 'booking_requests.id'),
      ),
    ),
  ]);
}

/** The request's name as staff read it: the customer record's, else the visitor's own. */
export function requesterName(eb: ExpressionBuilder<Database, 'booking_requests' | 'customers'>) {
  return sql<string>`coalesce(${eb.ref('customers.first_name')} || ' ' || ${eb.ref('customers.last_name')}, coalesce(${eb.ref('booking_requests.first_name')}, '') || ' ' || coalesce(${eb.ref('booking_requests.last_name')}, ''))`;
}

/**
 * The earliest request holding the vehicle on any day of [startDate, endDate] (inclusive) at
 * `now`, other than `exceptRequestId` (the request being accepted or confirmed itself). Asked
 * with the vehicle locked, beside the bookings and periods, so two writes cannot both win.
 */
export async function findHoldingRequest(
  db: Kysely<Database>,
  vehicleId: number,
  startDate: string,
  endDate: string,
  now: string,
  exceptRequestId?: number,
): Promise<HoldingRequest | undefined> {
  const row = await db
    .selectFrom('booking_requests')
    .leftJoin('customers', 'customers.id', 'booking_requests.customer_id')
    .select((eb) => [
      'booking_requests.id',
      requesterName(eb).as('name'),
      'booking_requests.start_date',
      'booking_requests.end_date',
      'booking_requests.hold_until',
    ])
    .where('booking_requests.vehicle_id', '=', vehicleId)
    .$if(exceptRequestId !== undefined, (query) => query.where('booking_requests.id', '<>', exceptRequestId ?? 0))
    .where('booking_requests.start_date', '<=', endDate)
    .where('booking_requests.end_date', '>=', startDate)
    .where((eb) => holdsAt(eb, now))
    .orderBy('booking_requests.start_date')
    .orderBy('booking_requests.id')
    .limit(1)
    .executeTakeFirst();
  return row && row.hold_until !== null ? { ...row, name: row.name.trim(), hold_until: row.hold_until } : undefined;
}

/** Thrown inside a write's transaction when an accepted request holds the vehicle for those dates. */
export class VehicleHeldError extends Error {
  constructor(readonly hold: HoldingRequest) {
    super('vehicle held by a booking request');
  }
}

/** Throws VehicleHeldError when a request holds the dates; call with the vehicle locked. */
export async function assertNotHeld(
  db: Kysely<Database>,
  vehicleId: number,
  startDate: string,
  endDate: string,
  now: string,
  exceptRequestId?: number,
): Promise<void> {
  const hold = await findHoldingRequest(db, vehicleId, startDate, endDate, now, exceptRequestId);
  if (hold) throw new VehicleHeldError(hold);
}

export type Clashes = RequestClashes;

/** Enough of each kind for a decision; a vehicle rarely has more over a few days. */
const CLASH_LIMIT = 20;

/**
 * Over [startDate, endDate] of the vehicle: other requests still pending or accepted and held at
 * `now`, bookings that hold the vehicle, and unavailability periods, each earliest first.
 */
export async function findClashes(
  db: Kysely<Database>,
  request: { id: number; vehicleId: number; startDate: string; endDate: string },
  now: string,
): Promise<Clashes> {
  const { id, vehicleId, startDate, endDate } = request;
  const [requests, bookings, periods] = await Promise.all([
    db
      .selectFrom('booking_requests')
      .leftJoin('customers', 'customers.id', 'booking_requests.customer_id')
      .select((eb) => [
        'booking_requests.id',
        requesterName(eb).as('name'),
        'booking_requests.start_date',
        'booking_requests.end_date',
        'booking_requests.status',
      ])
      .where('booking_requests.vehicle_id', '=', vehicleId)
      .where('booking_requests.id', '<>', id)
      .where('booking_requests.start_date', '<=', endDate)
      .where('booking_requests.end_date', '>=', startDate)
      .where((eb) => eb.or([eb('booking_requests.status', '=', 'pending'), holdsAt(eb, now)]))
      .orderBy('booking_requests.start_date')
      .orderBy('booking_requests.id')
      .limit(CLASH_LIMIT)
      .execute(),
    db
      .selectFrom('bookings')
      .innerJoin('customers', 'customers.id', 'bookings.customer_id')
      .select((eb) => [
        'bookings.id',
        sql<string>`${eb.ref('customers.first_name')} || ' ' || ${eb.ref('customers.last_name')}`.as('customer_name'),
        'bookings.start_date',
        'bookings.end_date',
        'bookings.booking_status',
      ])
      .where('bookings.vehicle_id', '=', vehicleId)
      .where('bookings.booking_status', 'in', [...BLOCKING_BOOKING_STATUSES])
      .where('bookings.start_date', '<=', endDate)
      .where('bookings.end_date', '>=', startDate)
      .orderBy('bookings.start_date')
      .orderBy('bookings.id')
      .limit(CLASH_LIMIT)
      .execute(),
    db
      .selectFrom('vehicle_unavailability')
      .select(['id', 'kind', 'start_date', 'end_date', 'reason'])
      .where('vehicle_id', '=', vehicleId)
      .where('start_date', '<=', endDate)
      .where('end_date', '>=', startDate)
      .orderBy('start_date')
      .orderBy('id')
      .limit(CLASH_LIMIT)
      .execute(),
  ]);
  return {
    requests: requests.map((row) => ({
      ...row,
      name: row.name.trim(),
      status: row.status === 'pending' ? 'pending' : 'accepted',
    })),
    bookings: bookings.map((row) => ({ ...row, customer_name: row.customer_name.trim() })),
    periods,
  };
}
