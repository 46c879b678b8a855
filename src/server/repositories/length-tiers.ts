import type { Kysely, Selectable } from 'kysely';
import type { LengthTierView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { Database, LengthTierTable } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

/** What a create or an edit writes. */
export interface LengthTierValues {
  name: string;
  min_days: number;
  adjustment_kind: LengthTierTable['adjustment_kind'];
  day_rate: number | null;
  basis_points: number | null;
}

function toView(row: Selectable<LengthTierTable>): LengthTierView {
  return {
    id: row.id,
    name: row.name,
    min_days: row.min_days,
    adjustment_kind: row.adjustment_kind,
    day_rate: row.day_rate === null ? null : formatMoney(row.day_rate),
    basis_points: row.basis_points,
  };
}

/** A page of the agency's tiers, shortest first, with the total. */
export async function listLengthTiers(
  db: Kysely<Database>,
  agencyId: number,
  page: Page,
): Promise<Paged<LengthTierView>> {
  const tiers = db.selectFrom('length_tiers').where('agency_id', '=', agencyId);
  const [rows, total] = await Promise.all([
    tiers.selectAll().orderBy('min_days').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    countRows(tiers),
  ]);
  return { items: rows.map(toView), total };
}

/** One tier of the agency; undefined when missing or another agency's. */
export async function findLengthTier(
  db: Kysely<Database>,
  id: number,
  agencyId: number,
): Promise<LengthTierView | undefined> {
  const row = await db
    .selectFrom('length_tiers')
    .selectAll()
    .where('id', '=', id)
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
  return row ? toView(row) : undefined;
}

/** The id of the agency's tier starting at `minDays`, if it has one. */
export async function findTierStartingAt(
  db: Kysely<Database>,
  agencyId: number,
  minDays: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('length_tiers')
    .select('id')
    .where('agency_id', '=', agencyId)
    .where('min_days', '=', minDays)
    .executeTakeFirst();
  return row?.id;
}

export async function insertLengthTier(
  db: Kysely<Database>,
  values: LengthTierValues & { agency_id: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('length_tiers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLengthTier(db: Kysely<Database>, id: number, values: LengthTierValues): Promise<void> {
  await db.updateTable('length_tiers').set(values).where('id', '=', id).execute();
}

export async function deleteLengthTier(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('length_tiers').where('id', '=', id).execute();
}
