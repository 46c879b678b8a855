import { type Kysely, sql } from 'kysely';
import type { PlannerBar, PlannerRow } from '#domain/api/planner';
import type { Database } from '../db/types.ts';
import { containsText } from '../db/sql-helpers.ts';
import { countRows, type Page, type Paged } from './paging.ts';
import { holdsAt, requesterName } from './request-holds.ts';

export interface PlannerFilter {
  /** One agency's fleet, or every agency's (the operator) when null. */
  scope: number | null;
  categoryId: number | null;
  locationId: number | null;
  search: string | null;
  /** The window, inclusive. */
  from: string;
  to: string;
  /** When the requests' holds are judged (an accepted request holds its vehicle until then). */
  now: string;
}

/** The vehicles in service that the filter keeps. */
function vehiclesOf(db: Kysely<Database>, filter: PlannerFilter) {
  let query = db.selectFrom('vehicles').where('vehicles.retired_at', 'is', null);
  if (filter.scope !== null) query = query.where('vehicles.agency_id', '=', filter.scope);
  if (filter.categoryId !== null) query = query.where('vehicles.category_id', '=', filter.categoryId);
  const { locationId } = filter;
  if (locationId !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('vehicle_locations')
          .select('vehicle_locations.vehicle_id')
          .whereRef('vehicle_locations.vehicle_id', '=', 'vehicles.id')
          .where('vehicle_locations.location_id', '=', locationId),
      ),
    );
  }
  // Every word must be found somewhere: "corolla AB12" narrows as people expect.
  for (const word of filter.search?.trim().split(/\s+/).filter(Boolean) ?? []) {
    query = query.where((eb) =>
      eb.or(
        (['vehicles.registration_number', 'vehicles.make', 'vehicles.model'] as const).map((column) =>
          containsText(sql.ref(column), word),
        ),
      ),
    );
  }
  return query;
}

/**
 * A page of the planner's rows (issue 23): the vehicles by category name, make, model and id (a
 * vehicle without a category last), each with its bars over the window — its bookings that are
 * not cancelled, the requests waiting for review or holding it, its periods out of service. Six
 * statements whatever the page's size: the page and its total, then the pickup locations and the
 * three kinds of bar of all its vehicles at once.
 */
export async function plannerRows(db: Kysely<Database>, filter: PlannerFilter, page: Page): Promise<Paged<PlannerRow>> {
  const vehicles = vehiclesOf(db, filter);
  const [rows, total] = await Promise.all([
    vehicles
      .leftJoin('vehicle_categories', 'vehicle_categories.id', 'vehicles.category_id')
      .select([
        'vehicles.id',
        'vehicles.agency_id',
        'vehicles.registration_number',
        'vehicles.make',
        'vehicles.model',
        'vehicles.category_id',
        'vehicles.next_service_date',
        'vehicle_categories.name as category_name',
      ])
      .orderBy(sql`case when ${sql.ref('vehicle_categories.name')} is null then 1 else 0 end`)
      .orderBy('vehicle_categories.name')
      .orderBy('vehicles.make')
      .orderBy('vehicles.model')
      .orderBy('vehicles.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(vehicles),
  ]);
  if (rows.length === 0) return { items: [], total };
  const ids = rows.map((row) => row.id);
  const { from, to } = filter;
  const [locations, bookings, requests, periods] = await Promise.all([
    db
      .selectFrom('vehicle_locations')
      .select(['vehicle_id', 'location_id'])
      .where('vehicle_id', 'in', ids)
      .orderBy('location_id')
      .execute(),
    db
      .selectFrom('bookings')
      .innerJoin('customers', 'customers.id', 'bookings.customer_id')
      .select([
        'bookings.id',
        'bookings.vehicle_id',
        'bookings.start_date',
        'bookings.end_date',
        'bookings.pickup_time',
        'bookings.dropoff_time',
        'bookings.booking_status',
        'customers.first_name',
        'customers.last_name',
      ])
      .where('bookings.vehicle_id', 'in', ids)
      .where('bookings.booking_status', '<>', 'cancelled')
      .where('bookings.start_date', '<=', to)
      .where('bookings.end_date', '>=', from)
      .execute(),
    db
      .selectFrom('booking_requests')
      .leftJoin('customers', 'customers.id', 'booking_requests.customer_id')
      .select((eb) => [
        'booking_requests.id',
        'booking_requests.vehicle_id',
        'booking_requests.start_date',
        'booking_requests.end_date',
        'booking_requests.pickup_time',
        'booking_requests.dropoff_time',
        'booking_requests.status',
        requesterName(eb).as('name'),
      ])
      .where('booking_requests.vehicle_id', 'in', ids)
      .where('booking_requests.start_date', '<=', to)
      .where('booking_requests.end_date', '>=', from)
      .where((eb) => eb.or([eb('booking_requests.status', '=', 'pending'), holdsAt(eb, filter.now)]))
      .execute(),
    db
      .selectFrom('vehicle_unavailability')
      .select(['id', 'vehicle_id', 'kind', 'start_date', 'end_date', 'reason'])
      .where('vehicle_id', 'in', ids)
      .where('start_date', '<=', to)
      .where('end_date', '>=', from)
      .execute(),
  ]);

  const bars = new Map<number, PlannerBar[]>(ids.map((id) => [id, []]));
  const locationIds = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const row of locations) locationIds.get(row.vehicle_id)?.push(row.location_id);
  for (const row of bookings) {
    bars.get(row.vehicle_id)?.push({
      kind: 'booking',
      id: row.id,
      start_date: row.start_date,
      end_date: row.end_date,
      pickup_time: row.pickup_time,
      dropoff_time: row.dropoff_time,
      status: row.booking_status,
      label: `${row.first_name} ${row.last_name}`.trim(),
    });
  }
  for (const row of requests) {
    if (row.status === 'declined') continue;
    bars.get(row.vehicle_id)?.push({
      kind: 'request',
      id: row.id,
      start_date: row.start_date,
      end_date: row.end_date,
      pickup_time: row.pickup_time,
      dropoff_time: row.dropoff_time,
      status: row.status,
      label: row.name.trim(),
    });
  }
  for (const row of periods) {
    bars.get(row.vehicle_id)?.push({
      kind: 'unavailability',
      id: row.id,
      start_date: row.start_date,
      end_date: row.end_date,
      status: row.kind,
      label: row.reason,
    });
  }
  const order: Record<PlannerBar['kind'], number> = { booking: 0, request: 1, unavailability: 2 };
  const byStart = (a: PlannerBar, b: PlannerBar) =>
    a.start_date.localeCompare(b.start_date) || order[a.kind] - order[b.kind] || a.id - b.id;

  return {
    items: rows.map((row) => ({
      vehicle: {
        id: row.id,
        agency_id: row.agency_id,
        registration_number: row.registration_number,
        make: row.make,
        model: row.model,
        category_id: row.category_id,
        category_name: row.category_name,
        location_ids: locationIds.get(row.id) ?? [],
        next_service_date: row.next_service_date,
      },
      bars: (bars.get(row.id) ?? []).sort(byStart),
    })),
    total,
  };
}
