import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { BLOCKING_BOOKING_STATUSES, type Ownership } from '#domain/constants';
import type {
  PickupLocationView,
  PublicVehicle,
  PublicVehicleDetail,
  StaffVehicle,
  VehicleImageView,
} from '#domain/api/vehicles';
import { addDays } from '#domain/dates';
import { FROM_PRICE_DAYS, fromDayRate } from '#domain/from-price';
import { formatMoney } from '#domain/money';
import type { Season } from '#domain/rate-plan';
import type { DialectName } from '../db/connect.ts';
import { containsText } from '../db/sql-helpers.ts';
import type { Database, VehicleTable } from '../db/types.ts';
import type { MediaStore } from '../services/media/media-store.ts';
import { countRows, type Page, type Paged } from './paging.ts';
import { seasonsOfAgencies } from './seasons.ts';

export type { PickupLocationView, PublicVehicle, PublicVehicleDetail, StaffVehicle, VehicleImageView };

/** Inclusive YYYY-MM-DD dates. */
export interface DateRange {
  from: string;
  to: string;
}

/** How stored media keys become URLs; the MediaStore is one. */
export type MediaUrls = Pick<MediaStore, 'vehicleImageUrl' | 'logoUrl'>;

/** The columns a create or an update writes (money in minor units). */
export type VehicleValues = Omit<Insertable<VehicleTable>, 'id' | 'created_at' | 'updated_at'>;

type VehicleRow = Selectable<VehicleTable> & {
  agency_name: string;
  agency_logo_key: string | null;
  category_name: string | null;
  category_base_day_rate: number | null;
};

interface Details {
  images: Map<number, VehicleImageView[]>;
  locations: Map<number, PickupLocationView[]>;
  /** The public views' "from" price: the day it is read from and each agency's seasons ahead. */
  seasons: { today: string; byAgency: Map<number, Season[]> } | null;
}

interface VehicleFilter {
  id?: number;
  /** Staff scope: one agency's vehicles, or every agency's when null. */
  agencyId?: number | null;
  /** What the public sees: vehicles of approved agencies only. */
  approvedOnly?: boolean;
  /** Words each found in the make, model or colour (for staff also the registration), whatever the case. */
  search?: string | undefined;
  ownership?: Ownership | undefined;
  /** Only vehicles free on every day of [from, to]: no holding booking, no unavailability period. */
  availableBetween?: DateRange | undefined;
  /** Only vehicles whose next service date is on or before this day. */
  nextServiceBy?: string | undefined;
  /** Retired vehicles are left out unless asked for (staff's "Show retired", a single vehicle's page). */
  includeRetired?: boolean;
  /** Only vehicles in a category of this name, whatever its case (each agency has its own list). */
  category?: string | undefined;
}

function vehiclesOf(db: Kysely<Database>, filter: VehicleFilter) {
  let query = db
    .selectFrom('vehicles')
    .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
    .leftJoin('vehicle_categories', 'vehicle_categories.id', 'vehicles.category_id');
  if (filter.id !== undefined) query = query.where('vehicles.id', '=', filter.id);
  if (filter.agencyId !== undefined && filter.agencyId !== null) {
    query = query.where('vehicles.agency_id', '=', filter.agencyId);
  }
  if (filter.approvedOnly) query = query.where('agencies.status', '=', 'approved');
  if (!filter.includeRetired) query = query.where('vehicles.retired_at', 'is', null);
  if (filter.ownership !== undefined) query = query.where('vehicles.ownership', '=', filter.ownership);
  if (filter.nextServiceBy !== undefined) query = query.where('vehicles.next_service_date', '<=', filter.nextServiceBy);
  if (filter.category !== undefined) {
    // lower() of the engine on both sides, so a name matches itself on both engines whatever its letters.
    query = query.where(sql<string>`lower(vehicle_categories.name)`, '=', sql<string>`lower(${filter.category})`);
  }
  const range = filter.availableBetween;
  if (range) {
    query = query.where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('bookings')
              .select('bookings.id')
              .whereRef('bookings.vehicle_id', '=', 'vehicles.id')
              .where('bookings.booking_status', 'in', [...BLOCKING_BOOKING_STATUSES])
              .where('bookings.start_date', '<=', range.to)
              .where('bookings.end_date', '>=', range.from),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('vehicle_unavailability as u')
              .select('u.id')
              .whereRef('u.vehicle_id', '=', 'vehicles.id')
              .where('u.start_date', '<=', range.to)
              .where('u.end_date', '>=', range.from),
          ),
        ),
      ]),
    );
  }
  // Staff also find a vehicle by its registration, which the public never sees.
  const columns = filter.approvedOnly
    ? (['vehicles.make', 'vehicles.model', 'vehicles.color'] as const)
    : (['vehicles.make', 'vehicles.model', 'vehicles.color', 'vehicles.registration_number'] as const);
  // Every word must be found somewhere: "toyota red" or "corolla AB12" narrow as people expect.
  for (const word of filter.search?.trim().split(/\s+/).filter(Boolean) ?? []) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case only and PostgreSQL's not at all.
    query = query.where((eb) => eb.or(columns.map((column) => containsText(sql.ref(column), word))));
  }
  return query;
}

function vehicleRows(vehicles: ReturnType<typeof vehiclesOf>) {
  return vehicles
    .selectAll('vehicles')
    .select([
      'agencies.name as agency_name',
      'agencies.logo_key as agency_logo_key',
      'vehicle_categories.name as category_name',
      'vehicle_categories.base_day_rate as category_base_day_rate',
    ]);
}

/**
 * Images and pickup locations of many vehicles in two queries, grouped by vehicle; for the public
 * views (`today` given) also the seasons ahead of their agencies, in two more.
 */
async function loadDetails(
  db: Kysely<Database>,
  urls: MediaUrls,
  rows: readonly Pick<VehicleRow, 'id' | 'agency_id'>[],
  today: string | null,
): Promise<Details> {
  const details: Details = { images: new Map(), locations: new Map(), seasons: null };
  if (rows.length === 0) return details;
  const vehicleIds = rows.map((row) => row.id);
  const [images, locations, seasons] = await Promise.all([
    db
      .selectFrom('vehicle_images')
      .select(['id', 'vehicle_id', 'file_key'])
      .where('vehicle_id', 'in', vehicleIds)
      .orderBy('vehicle_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('vehicle_locations')
      .innerJoin('locations', 'locations.id', 'vehicle_locations.location_id')
      .select(['vehicle_locations.vehicle_id', 'locations.id', 'locations.name', 'locations.city'])
      .where('vehicle_locations.vehicle_id', 'in', vehicleIds)
      .orderBy('locations.city')
      .orderBy('locations.name')
      .orderBy('locations.id')
      .execute(),
    today === null
      ? null
      : seasonsOfAgencies(
          db,
          rows.map((row) => row.agency_id),
          today,
          addDays(today, FROM_PRICE_DAYS - 1),
        ),
  ]);
  if (today !== null && seasons) details.seasons = { today, byAgency: seasons };
  for (const row of images) {
    const list = details.images.get(row.vehicle_id) ?? [];
    list.push({
      id: row.id,
      image: urls.vehicleImageUrl(row.file_key, 'detail'),
      thumbnail: urls.vehicleImageUrl(row.file_key, 'card'),
    });
    details.images.set(row.vehicle_id, list);
  }
  for (const row of locations) {
    const list = details.locations.get(row.vehicle_id) ?? [];
    list.push({ id: row.id, name: row.name, city: row.city });
    details.locations.set(row.vehicle_id, list);
  }
  return details;
}

function toStaffVehicle(row: VehicleRow, details: Details, urls: MediaUrls): StaffVehicle {
  const images = details.images.get(row.id) ?? [];
  const locations = details.locations.get(row.id) ?? [];
  return {
    id: row.id,
    agency_id: row.agency_id,
    agency_name: row.agency_name,
    agency_logo: row.agency_logo_key ? urls.logoUrl(row.agency_logo_key) : null,
    make: row.make,
    model: row.model,
    color: row.color,
    manufacture_year: row.manufacture_year,
    mileage: row.mileage,
    mileage_allowance: row.mileage_allowance,
    ownership: row.ownership,
    category_id: row.category_id,
    price_per_day: formatMoney(row.price_per_day),
    deposit: formatMoney(row.deposit),
    registration_number: row.registration_number,
    label_code: row.label_code,
    next_service_date: row.next_service_date,
    retired_at: row.retired_at,
    main_image: images[0]?.image ?? null,
    images,
    pickup_locations: locations.map((location) => location.id),
    pickup_location_details: locations,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The lowest day rate of the coming year when seasons make it differ from the base (fromDayRate), or null. */
function fromPrice(row: VehicleRow, details: Details): string | null {
  if (!details.seasons) return null;
  const seasons = details.seasons.byAgency.get(row.agency_id) ?? [];
  if (seasons.length === 0) return null;
  const categories =
    row.category_id === null ? [] : [{ id: row.category_id, name: '', baseDayRate: row.category_base_day_rate }];
  const vehicle = { pricePerDay: row.price_per_day, categoryId: row.category_id };
  const lowest = fromDayRate({ categories, seasons }, vehicle, details.seasons.today);
  return lowest === null ? null : formatMoney(lowest);
}

function toPublicVehicle(row: VehicleRow, details: Details, urls: MediaUrls): PublicVehicle {
  const images = details.images.get(row.id) ?? [];
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    color: row.color,
    manufacture_year: row.manufacture_year,
    mileage: row.mileage,
    mileage_allowance: row.mileage_allowance,
    ownership: row.ownership,
    category: row.category_name,
    price_per_day: formatMoney(row.price_per_day),
    from_price_per_day: fromPrice(row, details),
    deposit: formatMoney(row.deposit),
    main_image: images[0]?.image ?? null,
    images,
    pickup_locations: details.locations.get(row.id) ?? [],
    agency_name: row.agency_name,
    agency_logo: row.agency_logo_key ? urls.logoUrl(row.agency_logo_key) : null,
  };
}

type ToView<T> = (row: VehicleRow, details: Details, urls: MediaUrls) => T;

/**
 * One page of vehicles by make, model and id, with the total, in the shape `toView` gives;
 * `fromPriceOn` (the public views' today) reads the seasons ahead for the cards' "from" price.
 */
async function listVehicles<T>(
  db: Kysely<Database>,
  urls: MediaUrls,
  filter: VehicleFilter,
  page: Page,
  toView: ToView<T>,
  fromPriceOn: string | null = null,
): Promise<Paged<T>> {
  const vehicles = vehiclesOf(db, filter);
  const [rows, total] = await Promise.all([
    vehicleRows(vehicles)
      .orderBy('vehicles.make')
      .orderBy('vehicles.model')
      .orderBy('vehicles.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(vehicles),
  ]);
  const details = await loadDetails(db, urls, rows, fromPriceOn);
  return { items: rows.map((row) => toView(row, details, urls)), total };
}

async function findVehicle<T>(
  db: Kysely<Database>,
  urls: MediaUrls,
  filter: VehicleFilter,
  toView: ToView<T>,
  fromPriceOn: string | null = null,
): Promise<T | undefined> {
  const row = await vehicleRows(vehiclesOf(db, filter)).executeTakeFirst();
  if (!row) return undefined;
  return toView(row, await loadDetails(db, urls, [row], fromPriceOn), urls);
}

export interface StaffVehicleListOptions extends Page {
  search?: string | undefined;
  ownership?: Ownership | undefined;
  nextServiceBy?: string | undefined;
  includeRetired?: boolean;
}

/** The vehicles of one agency (or of all when scope is null), by make, model and id. */
export async function listStaffVehicles(
  db: Kysely<Database>,
  urls: MediaUrls,
  scope: number | null,
  options: StaffVehicleListOptions,
): Promise<Paged<StaffVehicle>> {
  const { search, ownership, nextServiceBy, includeRetired = false, ...page } = options;
  const filter = { agencyId: scope, search, ownership, nextServiceBy, includeRetired };
  return listVehicles(db, urls, filter, page, toStaffVehicle);
}

/** One vehicle within the caller's scope, retired or not; undefined when missing or another agency's. */
export async function findStaffVehicle(
  db: Kysely<Database>,
  urls: MediaUrls,
  id: number,
  scope: number | null,
): Promise<StaffVehicle | undefined> {
  return findVehicle(db, urls, { id, agencyId: scope, includeRetired: true }, toStaffVehicle);
}

/**
 * The public list: in-service vehicles of approved agencies only, by make, model and id; those free
 * on every day of `availableBetween` and in a category named `category` (any case) when given.
 * Each one's "from" price is read over the year from `today`.
 */
export async function listPublicVehicles(
  db: Kysely<Database>,
  urls: MediaUrls,
  today: string,
  page: Page,
  availableBetween?: DateRange,
  category?: string,
): Promise<Paged<PublicVehicle>> {
  const filter = { approvedOnly: true, availableBetween, category };
  return listVehicles(db, urls, filter, page, toPublicVehicle, today);
}

/** One in-service vehicle of an approved agency, as anyone may see it; its "from" price read from `today`. */
export async function findPublicVehicle(
  db: Kysely<Database>,
  urls: MediaUrls,
  id: number,
  today: string,
): Promise<PublicVehicle | undefined> {
  return findVehicle(db, urls, { id, approvedOnly: true }, toPublicVehicle, today);
}

/**
 * One vehicle of an approved agency as its public page shows it: the public shape, the pickup
 * locations' addresses and the agency's phone and e-mail (what it publishes to be reached).
 */
export async function findPublicVehicleDetail(
  db: Kysely<Database>,
  urls: MediaUrls,
  id: number,
  today: string,
): Promise<PublicVehicleDetail | undefined> {
  const vehicle = await findPublicVehicle(db, urls, id, today);
  if (!vehicle) return undefined;
  const [agency, addresses] = await Promise.all([
    db
      .selectFrom('vehicles')
      .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
      .select(['agencies.phone_number', 'agencies.contact_email'])
      .where('vehicles.id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vehicle_locations')
      .innerJoin('locations', 'locations.id', 'vehicle_locations.location_id')
      .select(['locations.id', 'locations.address'])
      .where('vehicle_locations.vehicle_id', '=', id)
      .execute(),
  ]);
  const addressOf = new Map(addresses.map((row) => [row.id, row.address]));
  return {
    ...vehicle,
    pickup_locations: vehicle.pickup_locations.map((location) => ({
      ...location,
      address: addressOf.get(location.id) ?? '',
    })),
    agency_phone: agency.phone_number,
    agency_email: agency.contact_email,
  };
}

/** The agency of a vehicle within the caller's scope; undefined when missing or out of scope. */
export async function findVehicleAgency(
  db: Kysely<Database>,
  id: number,
  scope: number | null,
): Promise<{ id: number; agency_id: number } | undefined> {
  let query = db.selectFrom('vehicles').select(['id', 'agency_id']).where('id', '=', id);
  if (scope !== null) query = query.where('agency_id', '=', scope);
  return query.executeTakeFirst();
}

/** The agency of a vehicle the public may see (in service, of an approved agency); undefined otherwise. */
export async function findPublicVehicleAgency(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await vehiclesOf(db, { id, approvedOnly: true }).select('vehicles.agency_id').executeTakeFirst();
  return row?.agency_id;
}

export async function vehicleImageIds(db: Kysely<Database>, vehicleId: number): Promise<number[]> {
  const rows = await db.selectFrom('vehicle_images').select('id').where('vehicle_id', '=', vehicleId).execute();
  return rows.map((row) => row.id);
}

export async function vehicleLocationIds(db: Kysely<Database>, vehicleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('vehicle_locations')
    .select('location_id')
    .where('vehicle_id', '=', vehicleId)
    .execute();
  return rows.map((row) => row.location_id);
}

export async function agencyExists(db: Kysely<Database>, agencyId: number): Promise<boolean> {
  const row = await db.selectFrom('agencies').select('id').where('id', '=', agencyId).executeTakeFirst();
  return row !== undefined;
}

/** Whether another vehicle already carries this registration number. */
export async function registrationTaken(
  db: Kysely<Database>,
  registration: string,
  exceptVehicleId: number | null = null,
): Promise<boolean> {
  let query = db.selectFrom('vehicles').select('id').where('registration_number', '=', registration);
  if (exceptVehicleId !== null) query = query.where('id', '!=', exceptVehicleId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Locks the vehicle row until the caller's transaction ends; false when there is no such vehicle.
 * PostgreSQL needs FOR UPDATE (which also holds back inserts that reference the vehicle); SQLite
 * runs one write transaction at a time.
 */
export async function lockVehicleRow(db: Kysely<Database>, dialect: DialectName, id: number): Promise<boolean> {
  const query = db.selectFrom('vehicles').select('id').where('id', '=', id);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
}

export async function insertVehicle(db: Kysely<Database>, values: VehicleValues, now: string): Promise<number> {
  const row = await db
    .insertInto('vehicles')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVehicleRow(
  db: Kysely<Database>,
  id: number,
  values: Partial<VehicleValues>,
  now: string,
): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A vehicle's images with their files and order. */
export async function listVehicleImages(
  db: Kysely<Database>,
  vehicleId: number,
): Promise<{ id: number; file_key: string; position: number }[]> {
  return db
    .selectFrom('vehicle_images')
    .select(['id', 'file_key', 'position'])
    .where('vehicle_id', '=', vehicleId)
    .execute();
}

/** Adds images in the given order, the first at `firstPosition`. */
export async function insertVehicleImages(
  db: Kysely<Database>,
  vehicleId: number,
  fileKeys: readonly string[],
  firstPosition: number,
  now: string,
): Promise<void> {
  if (fileKeys.length === 0) return;
  await db
    .insertInto('vehicle_images')
    .values(
      fileKeys.map((file_key, index) => ({
        vehicle_id: vehicleId,
        position: firstPosition + index,
        file_key,
        created_at: now,
      })),
    )
    .execute();
}

export async function deleteVehicleImages(db: Kysely<Database>, imageIds: readonly number[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db.deleteFrom('vehicle_images').where('id', 'in', imageIds).execute();
}

/** The vehicle's pickup locations become exactly `locationIds`. */
export async function replaceVehicleLocations(
  db: Kysely<Database>,
  vehicleId: number,
  locationIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('vehicle_locations').where('vehicle_id', '=', vehicleId).execute();
  if (locationIds.length === 0) return;
  await db
    .insertInto('vehicle_locations')
    .values(locationIds.map((location_id) => ({ vehicle_id: vehicleId, location_id })))
    .execute();
}

/** Whether a booking or a booking request names the vehicle (its foreign keys would cascade them away). */
export async function isVehicleReferenced(db: Kysely<Database>, id: number): Promise<boolean> {
  const reference = await db
    .selectFrom('vehicles')
    .select('id')
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('bookings').select('bookings.id').where('bookings.vehicle_id', '=', id)),
        eb.exists(
          eb.selectFrom('booking_requests').select('booking_requests.id').where('booking_requests.vehicle_id', '=', id),
        ),
      ]),
    )
    .executeTakeFirst();
  return reference !== undefined;
}

/** Deletes the vehicle with its pickup locations and image rows; returns the image files' keys. */
export async function deleteVehicleRows(db: Kysely<Database>, id: number): Promise<string[]> {
  const images = await db.selectFrom('vehicle_images').select('file_key').where('vehicle_id', '=', id).execute();
  await db.deleteFrom('vehicle_locations').where('vehicle_id', '=', id).execute();
  await db.deleteFrom('vehicle_images').where('vehicle_id', '=', id).execute();
  await db.deleteFrom('vehicles').where('id', '=', id).execute();
  return images.map((image) => image.file_key);
}

/** Retires a vehicle (`retiredAt`) or returns it to service (null). */
export async function updateVehicleRetired(
  db: Kysely<Database>,
  id: number,
  retiredAt: string | null,
  now: string,
): Promise<void> {
  await db.updateTable('vehicles').set({ retired_at: retiredAt, updated_at: now }).where('id', '=', id).execute();
}

/** Whether the vehicle is retired: new bookings, requests and acceptances for it are refused. */
export async function isVehicleRetired(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('vehicles').select('retired_at').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.retired_at !== null;
}

/**
 * What the vehicles' QR labels print (issue 23), by registration: the ones chosen of the caller's
 * fleet (every agency's for the operator), or, with none chosen, all of it in service, at most
 * `limit` (the caller tells more than that from a full page).
 */
export async function labelledVehicles(
  db: Kysely<Database>,
  scope: number | null,
  chosen: readonly number[],
  limit: number,
): Promise<{ id: number; registration_number: string; make: string; model: string; label_code: string }[]> {
  let query = db.selectFrom('vehicles').select(['id', 'registration_number', 'make', 'model', 'label_code']);
  if (scope !== null) query = query.where('agency_id', '=', scope);
  query = chosen.length > 0 ? query.where('id', 'in', chosen) : query.where('retired_at', 'is', null);
  return query.orderBy('registration_number').orderBy('id').limit(limit).execute();
}
