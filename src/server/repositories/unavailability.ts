import type { Insertable, Kysely } from 'kysely';
import type { UnavailabilityPeriod, VehicleBooking } from '#domain/api/unavailability';
import type { Database, VehicleUnavailabilityTable } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

export type { UnavailabilityPeriod, VehicleBooking };

/** What a create or an edit writes. */
export type PeriodValues = Omit<Insertable<VehicleUnavailabilityTable>, 'id' | 'created_by' | 'created_at'>;

export interface PeriodFilter {
  /** One agency's periods, or every agency's when null. */
  scope: number | null;
  vehicleId?: number | undefined;
  /** Periods touching any day from `from` on / up to `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Thrown when a period's dates overlap a booking that holds the vehicle. */
export class PeriodOverlapsBookingError extends Error {
  constructor(readonly booking: { id: number; start_date: string; end_date: string }) {
    super('period overlaps a booking');
  }
}

function periodsOf(db: Kysely<Database>, filter: PeriodFilter) {
  let query = db.selectFrom('vehicle_unavailability as u').innerJoin('vehicles as v', 'v.id', 'u.vehicle_id');
  if (filter.scope !== null) query = query.where('u.agency_id', '=', filter.scope);
  if (filter.vehicleId !== undefined) query = query.where('u.vehicle_id', '=', filter.vehicleId);
  if (filter.from !== undefined) query = query.where('u.end_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('u.start_date', '<=', filter.to);
  return query;
}

function periodRows(periods: ReturnType<typeof periodsOf>) {
  return periods.select([
    'u.id',
    'u.vehicle_id',
    'u.agency_id',
    'u.kind',
    'u.start_date',
    'u.end_date',
    'u.reason',
    'u.created_by',
    'u.created_at',
    'u.updated_at',
    'v.make',
    'v.model',
    'v.registration_number',
  ]);
}

type PeriodRow = Awaited<ReturnType<ReturnType<typeof periodRows>['executeTakeFirstOrThrow']>>;

function toPeriod(row: PeriodRow): UnavailabilityPeriod {
  return {
    id: row.id,
    vehicle: row.vehicle_id,
    agency_id: row.agency_id,
    kind: row.kind,
    start_date: row.start_date,
    end_date: row.end_date,
    reason: row.reason,
    vehicle_details: {
      id: row.vehicle_id,
      make: row.make,
      model: row.model,
      registration_number: row.registration_number,
    },
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A page of periods by start date, vehicle and id, with the total. */
export async function listPeriods(
  db: Kysely<Database>,
  filter: PeriodFilter,
  page: Page,
): Promise<Paged<UnavailabilityPeriod>> {
  const periods = periodsOf(db, filter);
  const [rows, total] = await Promise.all([
    periodRows(periods)
      .orderBy('u.start_date')
      .orderBy('u.vehicle_id')
      .orderBy('u.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(periods),
  ]);
  return { items: rows.map(toPeriod), total };
}

/** One period within the caller's scope; undefined when missing or another agency's. */
export async function findPeriod(
  db: Kysely<Database>,
  id: number,
  scope: number | null,
): Promise<UnavailabilityPeriod | undefined> {
  const row = await periodRows(periodsOf(db, { scope }).where('u.id', '=', id)).executeTakeFirst();
  return row ? toPeriod(row) : undefined;
}

/** Inserts a period; the checks that the vehicle is free on its days are the caller's, in the same transaction. */
export async function insertPeriod(
  db: Kysely<Database>,
  values: PeriodValues & { created_by: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('vehicle_unavailability').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a period's new values; checked by the caller like a creation. */
export async function updatePeriod(db: Kysely<Database>, id: number, values: PeriodValues): Promise<void> {
  await db.updateTable('vehicle_unavailability').set(values).where('id', '=', id).execute();
}

export async function deletePeriod(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('vehicle_unavailability').where('id', '=', id).execute();
}

/** A calendar's month holds a few bookings of a vehicle; this bounds a reply all the same. */
const VEHICLE_BOOKINGS_LIMIT = 200;

/**
 * The bookings of one vehicle touching [from, to] (inclusive), cancelled ones left out, by start
 * date: the unavailability calendar shows them beside the vehicle's blocked periods.
 */
export async function listVehicleBookings(
  db: Kysely<Database>,
  vehicleId: number,
  from: string,
  to: string,
): Promise<VehicleBooking[]> {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select([
      'bookings.id',
      'bookings.start_date',
      'bookings.end_date',
      'bookings.booking_status',
      'customers.first_name',
      'customers.last_name',
    ])
    .where('bookings.vehicle_id', '=', vehicleId)
    .where('bookings.booking_status', '<>', 'cancelled')
    .where('bookings.start_date', '<=', to)
    .where('bookings.end_date', '>=', from)
    .orderBy('bookings.start_date')
    .orderBy('bookings.id')
    .limit(VEHICLE_BOOKINGS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    start_date: row.start_date,
    end_date: row.end_date,
    status: row.booking_status,
    customer_name: [row.first_name, row.last_name].filter(Boolean).join(' '),
  }));
}
