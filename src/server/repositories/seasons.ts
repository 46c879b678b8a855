import type { Kysely, Selectable } from 'kysely';
import type { SeasonView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { RateAdjustment, Season } from '#domain/rate-plan';
import type { Database, SeasonTable } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

/** What a create or an edit writes (the categories apart: setSeasonCategories). */
export interface SeasonValues {
  name: string;
  start_date: string;
  end_date: string;
  adjustment_kind: SeasonTable['adjustment_kind'];
  day_rate: number | null;
  basis_points: number | null;
}

type SeasonRow = Selectable<SeasonTable>;

function toView(row: SeasonRow, categoryIds: number[]): SeasonView {
  return {
    id: row.id,
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    adjustment_kind: row.adjustment_kind,
    day_rate: row.day_rate === null ? null : formatMoney(row.day_rate),
    basis_points: row.basis_points,
    category_ids: categoryIds,
  };
}

/** The categories of each season, by season id (a season with none applies to every vehicle). */
async function categoriesOf(db: Kysely<Database>, seasonIds: number[]): Promise<Map<number, number[]>> {
  const byId = new Map<number, number[]>(seasonIds.map((id) => [id, []]));
  if (seasonIds.length === 0) return byId;
  const rows = await db
    .selectFrom('season_categories')
    .select(['season_id', 'category_id'])
    .where('season_id', 'in', seasonIds)
    .orderBy('category_id')
    .execute();
  for (const row of rows) byId.get(row.season_id)?.push(row.category_id);
  return byId;
}

/** A page of the agency's seasons by start date, with the total. */
export async function listSeasons(db: Kysely<Database>, agencyId: number, page: Page): Promise<Paged<SeasonView>> {
  const seasons = db.selectFrom('seasons').where('agency_id', '=', agencyId);
  const [rows, total] = await Promise.all([
    seasons
      .selectAll()
      .orderBy('start_date')
      .orderBy('end_date')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(seasons),
  ]);
  const categories = await categoriesOf(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toView(row, categories.get(row.id) ?? [])), total };
}

/** One season of the agency; undefined when missing or another agency's. */
export async function findSeason(db: Kysely<Database>, id: number, agencyId: number): Promise<SeasonView | undefined> {
  const row = await db
    .selectFrom('seasons')
    .selectAll()
    .where('id', '=', id)
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const categories = await categoriesOf(db, [row.id]);
  return toView(row, categories.get(row.id) ?? []);
}

/** Which of `ids` are categories of `agencyId`'s; the rest are unknown or another agency's. */
export async function categoriesOutsideAgency(
  db: Kysely<Database>,
  ids: readonly number[],
  agencyId: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehicle_categories')
    .select('id')
    .where('id', 'in', [...ids])
    .where('agency_id', '=', agencyId)
    .execute();
  const inside = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !inside.has(id));
}

export async function insertSeason(
  db: Kysely<Database>,
  values: SeasonValues & { agency_id: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('seasons').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSeason(db: Kysely<Database>, id: number, values: SeasonValues): Promise<void> {
  await db.updateTable('seasons').set(values).where('id', '=', id).execute();
}

/** Replaces the season's categories with `categoryIds` (none: every vehicle). */
export async function setSeasonCategories(
  db: Kysely<Database>,
  seasonId: number,
  categoryIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('season_categories').where('season_id', '=', seasonId).execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto('season_categories')
    .values(categoryIds.map((categoryId) => ({ season_id: seasonId, category_id: categoryId })))
    .execute();
}

/** Deletes a season and its categories. */
export async function deleteSeason(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('season_categories').where('season_id', '=', id).execute();
  await db.deleteFrom('seasons').where('id', '=', id).execute();
}

/** A stored season's change to the day rate; null for a row missing the number its kind needs. */
function adjustmentOf(row: Pick<SeasonRow, 'adjustment_kind' | 'day_rate' | 'basis_points'>): RateAdjustment | null {
  if (row.adjustment_kind === 'day_rate')
    return row.day_rate === null ? null : { kind: 'day_rate', dayRate: row.day_rate };
  return row.basis_points === null ? null : { kind: 'percent', basisPoints: row.basis_points };
}

/**
 * The seasons of each of `agencyIds` that cover a day of [from, to], as the quote reads them, by
 * agency: one query for the seasons and one for their categories, however many agencies a page
 * of the public list shows (the cards' "from" price).
 */
export async function seasonsOfAgencies(
  db: Kysely<Database>,
  agencyIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Season[]>> {
  const byAgency = new Map<number, Season[]>();
  if (agencyIds.length === 0) return byAgency;
  const ids = [...new Set(agencyIds)];
  const within = db
    .selectFrom('seasons')
    .where('seasons.agency_id', 'in', ids)
    .where('seasons.end_date', '>=', from)
    .where('seasons.start_date', '<=', to);
  const [rows, limits] = await Promise.all([
    within.selectAll('seasons').orderBy('seasons.id').execute(),
    within
      .innerJoin('season_categories', 'season_categories.season_id', 'seasons.id')
      .select(['season_categories.season_id', 'season_categories.category_id'])
      .orderBy('season_categories.category_id')
      .execute(),
  ]);
  const categories = new Map<number, number[]>();
  for (const row of limits) categories.set(row.season_id, [...(categories.get(row.season_id) ?? []), row.category_id]);
  for (const row of rows) {
    const adjustment = adjustmentOf(row);
    if (!adjustment) continue;
    const season: Season = {
      id: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      adjustment,
      categoryIds: categories.get(row.id) ?? [],
    };
    byAgency.set(row.agency_id, [...(byAgency.get(row.agency_id) ?? []), season]);
  }
  return byAgency;
}
