import { sql, type Kysely } from 'kysely';
import type { VehicleCategoryView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { Database } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

interface CategoryRow {
  id: number;
  name: string;
  base_day_rate: number | null;
  vehicles: number | string | bigint | null;
}

/** An agency's categories with the number of its in-service vehicles in each, by name. */
export function categoriesOf(db: Kysely<Database>, agencyId: number) {
  return db
    .selectFrom('vehicle_categories')
    .select((eb) => [
      'vehicle_categories.id',
      'vehicle_categories.name',
      'vehicle_categories.base_day_rate',
      eb
        .selectFrom('vehicles')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('vehicles.category_id', '=', 'vehicle_categories.id')
        .where('vehicles.retired_at', 'is', null)
        .as('vehicles'),
    ])
    .where('vehicle_categories.agency_id', '=', agencyId)
    .orderBy('vehicle_categories.name')
    .orderBy('vehicle_categories.id');
}

export function toCategoryView(row: CategoryRow): VehicleCategoryView {
  return {
    id: row.id,
    name: row.name,
    base_day_rate: row.base_day_rate === null ? null : formatMoney(row.base_day_rate),
    vehicles: Number(row.vehicles ?? 0),
  };
}

/** A page of an agency's categories, by name. */
export async function listCategories(
  db: Kysely<Database>,
  agencyId: number,
  page: Page,
): Promise<Paged<VehicleCategoryView>> {
  const [rows, total] = await Promise.all([
    categoriesOf(db, agencyId).limit(page.limit).offset(page.offset).execute(),
    countRows(db.selectFrom('vehicle_categories').where('agency_id', '=', agencyId)),
  ]);
  return { items: rows.map(toCategoryView), total };
}

/** One category of the agency; undefined when missing or another agency's. */
export async function findCategory(
  db: Kysely<Database>,
  id: number,
  agencyId: number,
): Promise<VehicleCategoryView | undefined> {
  const row = await categoriesOf(db, agencyId).where('vehicle_categories.id', '=', id).executeTakeFirst();
  return row ? toCategoryView(row) : undefined;
}

/** Whether the agency has another category of this name, whatever its case (lower() of the engine on both sides). */
export async function categoryNameTaken(
  db: Kysely<Database>,
  agencyId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('vehicle_categories')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCategory(
  db: Kysely<Database>,
  values: { agency_id: number; name: string; base_day_rate: number | null; created_at: string },
): Promise<number> {
  const row = await db.insertInto('vehicle_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(
  db: Kysely<Database>,
  id: number,
  values: { name: string; base_day_rate: number | null },
): Promise<void> {
  await db.updateTable('vehicle_categories').set(values).where('id', '=', id).execute();
}

/** The names of the seasons limited to this category, by start date. */
export async function seasonsNamingCategory(db: Kysely<Database>, categoryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('season_categories')
    .innerJoin('seasons', 'seasons.id', 'season_categories.season_id')
    .select('seasons.name')
    .where('season_categories.category_id', '=', categoryId)
    .orderBy('seasons.start_date')
    .orderBy('seasons.id')
    .execute();
  return rows.map((row) => row.name);
}

/** Removes a category; its vehicles (retired ones too) are left without one. */
export async function deleteCategory(db: Kysely<Database>, id: number, now: string): Promise<void> {
  await db.updateTable('vehicles').set({ category_id: null, updated_at: now }).where('category_id', '=', id).execute();
  await db.deleteFrom('vehicle_categories').where('id', '=', id).execute();
}

/** Whether the category exists and belongs to the agency. */
export async function isCategoryOfAgency(db: Kysely<Database>, categoryId: number, agencyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('vehicle_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The vehicle's category, or null (undefined: no such vehicle). */
export async function categoryOfVehicle(db: Kysely<Database>, vehicleId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('vehicles').select('category_id').where('id', '=', vehicleId).executeTakeFirst();
  return row?.category_id;
}

/**
 * The category names of the vehicles on offer (in service, of approved agencies), once each
 * whatever their case (agencies spell them their own way; the public filter ignores case), by name.
 */
export async function listPublicCategoryNames(db: Kysely<Database>, page: Page): Promise<Paged<string>> {
  const names = db
    .selectFrom('vehicles')
    .innerJoin('agencies', 'agencies.id', 'vehicles.agency_id')
    .innerJoin('vehicle_categories', 'vehicle_categories.id', 'vehicles.category_id')
    .where('agencies.status', '=', 'approved')
    .where('vehicles.retired_at', 'is', null)
    .groupBy(sql`lower(vehicle_categories.name)`);
  const [rows, total] = await Promise.all([
    names
      .select((eb) => eb.fn.min('vehicle_categories.name').as('name'))
      .orderBy(sql`lower(vehicle_categories.name)`)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom(names.select(sql`1`.as('one')).as('distinct_names'))),
  ]);
  return { items: rows.map((row) => row.name), total };
}
