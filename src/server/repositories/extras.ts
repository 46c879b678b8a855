import type { Kysely, Selectable } from 'kysely';
import type { ExtraView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { Database, ExtraTable } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

/** What a create or an edit writes to the extra's row (its stock apart: setExtraStock). */
export interface ExtraValues {
  name: string;
  charge: ExtraTable['charge'];
  price: number;
  cap_per_rental: number | null;
  max_quantity: number;
  /** 1: counted per location (extra_stock); 0: unlimited. */
  stock_limited: number;
}

export interface StockLine {
  location_id: number;
  quantity: number;
}

function toView(row: Selectable<ExtraTable>, stock: StockLine[]): ExtraView {
  return {
    id: row.id,
    name: row.name,
    charge: row.charge,
    price: formatMoney(row.price),
    cap_per_rental: row.cap_per_rental === null ? null : formatMoney(row.cap_per_rental),
    max_quantity: row.max_quantity,
    stock: row.stock_limited ? stock : null,
  };
}

/** The stock lines of each extra, by extra id, by location. */
async function stockOf(db: Kysely<Database>, extraIds: number[]): Promise<Map<number, StockLine[]>> {
  const byId = new Map<number, StockLine[]>(extraIds.map((id) => [id, []]));
  if (extraIds.length === 0) return byId;
  const rows = await db
    .selectFrom('extra_stock')
    .select(['extra_id', 'location_id', 'quantity'])
    .where('extra_id', 'in', extraIds)
    .orderBy('location_id')
    .execute();
  for (const row of rows) byId.get(row.extra_id)?.push({ location_id: row.location_id, quantity: row.quantity });
  return byId;
}

/** The extras the agency still offers (retired ones left out). */
const offered = (db: Kysely<Database>, agencyId: number) =>
  db.selectFrom('extras').where('agency_id', '=', agencyId).where('retired_at', 'is', null);

/** A page of the extras the agency offers, by name, with the total. */
export async function listExtras(db: Kysely<Database>, agencyId: number, page: Page): Promise<Paged<ExtraView>> {
  const extras = offered(db, agencyId);
  const [rows, total] = await Promise.all([
    extras.selectAll().orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    countRows(extras),
  ]);
  const stock = await stockOf(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toView(row, stock.get(row.id) ?? [])), total };
}

/** One extra the agency offers; undefined when missing, retired or another agency's. */
export async function findExtra(db: Kysely<Database>, id: number, agencyId: number): Promise<ExtraView | undefined> {
  const row = await offered(db, agencyId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const stock = await stockOf(db, [row.id]);
  return toView(row, stock.get(row.id) ?? []);
}

export async function insertExtra(
  db: Kysely<Database>,
  values: ExtraValues & { agency_id: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('extras').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateExtra(db: Kysely<Database>, id: number, values: ExtraValues): Promise<void> {
  await db.updateTable('extras').set(values).where('id', '=', id).execute();
}

/** Replaces the extra's stock lines (none for an unlimited extra). */
export async function setExtraStock(db: Kysely<Database>, extraId: number, lines: readonly StockLine[]): Promise<void> {
  await db.deleteFrom('extra_stock').where('extra_id', '=', extraId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('extra_stock')
    .values(lines.map((line) => ({ extra_id: extraId, location_id: line.location_id, quantity: line.quantity })))
    .execute();
}

/** No longer offered: it leaves the lists and the plan; bookings that took it keep it. */
export async function retireExtra(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('extras').set({ retired_at: at }).where('id', '=', id).where('retired_at', 'is', null).execute();
}
