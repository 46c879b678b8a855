import type { Kysely } from 'kysely';
import type { AgentLocation, PickupLocation } from '#domain/api/locations';
import { BLOCKING_BOOKING_STATUSES } from '#domain/constants';
import type { Database } from '../db/types.ts';

/** The locations a staff-side user may see (null scope: every agency), by city then name. */
export async function listLocations(
  db: Kysely<Database>,
  scope: number | null,
  page: { limit: number; offset: number },
): Promise<{ items: AgentLocation[]; total: number }> {
  let base = db.selectFrom('locations');
  if (scope !== null) base = base.where('agency_id', '=', scope);
  const [items, count] = await Promise.all([
    base
      .select(['id', 'name', 'city', 'agency_id'])
      .orderBy('city')
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.count) };
}

/** Which of `ids` are locations of `agencyId`; the rest are unknown or another agency's. */
export async function locationsOutsideAgency(
  db: Kysely<Database>,
  ids: readonly number[],
  agencyId: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('locations')
    .select('id')
    .where('id', 'in', [...ids])
    .where('agency_id', '=', agencyId)
    .execute();
  const inside = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !inside.has(id));
}

const managed = (db: Kysely<Database>) =>
  db.selectFrom('locations').select((eb) => [
    'locations.id',
    'locations.agency_id',
    'locations.name',
    'locations.city',
    'locations.address',
    eb
      .selectFrom('vehicle_locations')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('vehicle_locations.location_id', '=', 'locations.id')
      .as('vehicles'),
  ]);

const asPickupLocation = (row: Omit<PickupLocation, 'vehicles'> & { vehicles: number | string | null }) => ({
  ...row,
  vehicles: Number(row.vehicles ?? 0),
});

/** The locations an agency manages (null scope: every agency's), by city then name, with their vehicle counts. */
export async function listManagedLocations(
  db: Kysely<Database>,
  scope: number | null,
  page: { limit: number; offset: number },
): Promise<{ items: PickupLocation[]; total: number }> {
  const [rows, count] = await Promise.all([
    managed(db)
      .$if(scope !== null, (query) => query.where('locations.agency_id', '=', scope ?? 0))
      .orderBy('locations.city')
      .orderBy('locations.name')
      .orderBy('locations.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('locations')
      .$if(scope !== null, (query) => query.where('agency_id', '=', scope ?? 0))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(asPickupLocation), total: Number(count.count) };
}

/** One location as GET locations/ shows it, or undefined. */
export async function findManagedLocation(db: Kysely<Database>, id: number): Promise<PickupLocation | undefined> {
  const row = await managed(db).where('locations.id', '=', id).executeTakeFirst();
  return row ? asPickupLocation(row) : undefined;
}

export async function insertLocation(
  db: Kysely<Database>,
  location: { agency_id: number; name: string; city: string; address: string },
): Promise<number> {
  const row = await db.insertInto('locations').values(location).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLocation(
  db: Kysely<Database>,
  id: number,
  changes: Partial<{ name: string; city: string; address: string }>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('locations').set(changes).where('id', '=', id).execute();
}

/** What still uses a location: vehicles picked up there, and requests or bookings from `today` on. */
export interface LocationUse {
  vehicles: number;
  upcoming: number;
}

/**
 * What uses a location: vehicles picked up there, and requests or bookings from `today` on.
 * Booking requests name it by id; bookings carry the place as text, so those of its agency from
 * `today` on that name it count too.
 */
export async function findLocationUse(
  db: Kysely<Database>,
  location: { id: number; agency_id: number; name: string },
  today: string,
): Promise<LocationUse> {
  const [vehicles, requests, bookings] = await Promise.all([
    db
      .selectFrom('vehicle_locations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('location_id', '=', location.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booking_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('pickup_location_id', '=', location.id), eb('dropoff_location_id', '=', location.id)]))
      .where('status', '!=', 'declined')
      .where('end_date', '>=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('agency_id', '=', location.agency_id)
      .where((eb) => eb.or([eb('pickup_location', '=', location.name), eb('dropoff_location', '=', location.name)]))
      .where('booking_status', 'in', [...BLOCKING_BOOKING_STATUSES])
      .where('end_date', '>=', today)
      .executeTakeFirstOrThrow(),
  ]);
  return { vehicles: Number(vehicles.count), upcoming: Number(requests.count) + Number(bookings.count) };
}

export async function deleteLocationRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('locations').where('id', '=', id).execute();
}
