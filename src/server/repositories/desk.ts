import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DeskBooking, DeskServiceDue, DeskSummary } from '#domain/api/desk';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import { serviceDueBy } from '#domain/service-due';
import type { Database } from '../db/types.ts';
import type { AgencyScope } from './customers.ts';
import { countRows } from './paging.ts';

/** How many pickups and returns the dashboard lists; the rest are counted. */
const LISTED = 8;

/** The dashboard's figures for one day; `scope` limits them to one agency (null: every agency). */
export async function deskSummary(db: Kysely<Database>, scope: AgencyScope, date: string): Promise<DeskSummary> {
  const bookings = () =>
    db
      .selectFrom('bookings')
      .where('bookings.booking_status', 'in', BLOCKING_BOOKING_STATUSES)
      .$if(scope !== null, (query) => query.where('bookings.agency_id', '=', scope ?? 0));

  const fleetVehicles = () =>
    db.selectFrom('vehicles').$if(scope !== null, (query) => query.where('vehicles.agency_id', '=', scope ?? 0));
  const dueBy = serviceDueBy(date);

  const [pendingRequests, pickups, pickupsTotal, returns, returnsTotal, out, fleet, due, dueTotal] = await Promise.all([
    countRows(
      db
        .selectFrom('booking_requests')
        .where('is_reviewed', '=', 0)
        .$if(scope !== null, (query) => query.where('agency_id', '=', scope ?? 0)),
    ),
    dayList(db, scope, 'start_date', date),
    countRows(bookings().where('bookings.start_date', '=', date)),
    dayList(db, scope, 'end_date', date),
    countRows(bookings().where('bookings.end_date', '=', date)),
    bookings()
      .where('bookings.start_date', '<=', date)
      .where('bookings.end_date', '>=', date)
      .select((eb) => eb.fn.count<number>('bookings.vehicle_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    countRows(fleetVehicles()),
    servicesDue(fleetVehicles(), dueBy),
    countRows(fleetVehicles().where('vehicles.next_service_date', '<=', dueBy)),
  ]);
  return {
    date,
    pending_requests: pendingRequests,
    pickups,
    pickups_total: pickupsTotal,
    returns,
    returns_total: returnsTotal,
    vehicles_out: Number(out.n),
    fleet_size: fleet,
    services_due: due,
    services_due_total: dueTotal,
  };
}

/** The first vehicles due a service by `dueBy`, the most overdue first. */
async function servicesDue(
  vehicles: SelectQueryBuilder<Database, 'vehicles', object>,
  dueBy: string,
): Promise<DeskServiceDue[]> {
  const rows = await vehicles
    .select([
      'vehicles.id',
      'vehicles.make',
      'vehicles.model',
      'vehicles.registration_number',
      'vehicles.next_service_date',
    ])
    .where('vehicles.next_service_date', '<=', dueBy)
    .orderBy('vehicles.next_service_date')
    .orderBy('vehicles.id')
    .limit(LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    vehicle: `${row.make} ${row.model}`,
    registration_number: row.registration_number,
    next_service_date: row.next_service_date,
  }));
}

/** The day's first pickups (by start date) or returns (by end date), earliest time first. */
async function dayList(
  db: Kysely<Database>,
  scope: AgencyScope,
  column: 'start_date' | 'end_date',
  date: string,
): Promise<DeskBooking[]> {
  const time = column === 'start_date' ? 'bookings.pickup_time' : 'bookings.dropoff_time';
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
    .select([
      'bookings.id',
      'customers.id as customer_id',
      'customers.first_name',
      'customers.last_name',
      'vehicles.make',
      'vehicles.model',
      'vehicles.registration_number',
      `${time} as time`,
    ])
    .where('bookings.booking_status', 'in', BLOCKING_BOOKING_STATUSES)
    .where(`bookings.${column}`, '=', date)
    .$if(scope !== null, (query) => query.where('bookings.agency_id', '=', scope ?? 0))
    .orderBy(time)
    .orderBy('bookings.id')
    .limit(LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    customer_id: row.customer_id,
    customer_name: `${row.first_name} ${row.last_name}`.trim(),
    vehicle: `${row.make} ${row.model}`,
    registration_number: row.registration_number,
    time: row.time,
  }));
}
