import type { Kysely } from 'kysely';
import type { OneWayFeeView } from '#domain/api/rate-plan';
import { formatMoney } from '#domain/money';
import type { Database } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

/** What a create or an edit writes. */
export interface OneWayFeeValues {
  from_location_id: number;
  to_location_id: number;
  amount: number;
}

const fees = (db: Kysely<Database>, agencyId: number) =>
  db.selectFrom('one_way_fees as f').where('f.agency_id', '=', agencyId);

const feeColumns = ['f.id', 'f.from_location_id', 'f.to_location_id', 'f.amount'] as const;

function toView(row: { id: number; from_location_id: number; to_location_id: number; amount: number }): OneWayFeeView {
  return {
    id: row.id,
    from_location_id: row.from_location_id,
    to_location_id: row.to_location_id,
    amount: formatMoney(row.amount),
  };
}

/** A page of the agency's one-way fees by pickup then dropoff location name, with the total. */
export async function listOneWayFees(
  db: Kysely<Database>,
  agencyId: number,
  page: Page,
): Promise<Paged<OneWayFeeView>> {
  const [rows, total] = await Promise.all([
    fees(db, agencyId)
      .innerJoin('locations as origin', 'origin.id', 'f.from_location_id')
      .innerJoin('locations as destination', 'destination.id', 'f.to_location_id')
      .select(feeColumns)
      .orderBy('origin.name')
      .orderBy('destination.name')
      .orderBy('f.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(fees(db, agencyId)),
  ]);
  return { items: rows.map(toView), total };
}

/** One fee of the agency; undefined when missing or another agency's. */
export async function findOneWayFee(
  db: Kysely<Database>,
  id: number,
  agencyId: number,
): Promise<OneWayFeeView | undefined> {
  const row = await fees(db, agencyId).select(feeColumns).where('f.id', '=', id).executeTakeFirst();
  return row ? toView(row) : undefined;
}

/** The id of the agency's fee for this pickup → dropoff pair, if it has one. */
export async function findFeeForPair(
  db: Kysely<Database>,
  agencyId: number,
  pair: { from_location_id: number; to_location_id: number },
): Promise<number | undefined> {
  const row = await fees(db, agencyId)
    .select('f.id')
    .where('f.from_location_id', '=', pair.from_location_id)
    .where('f.to_location_id', '=', pair.to_location_id)
    .executeTakeFirst();
  return row?.id;
}

export async function insertOneWayFee(
  db: Kysely<Database>,
  values: OneWayFeeValues & { agency_id: number },
): Promise<number> {
  const row = await db.insertInto('one_way_fees').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOneWayFee(db: Kysely<Database>, id: number, values: OneWayFeeValues): Promise<void> {
  await db.updateTable('one_way_fees').set(values).where('id', '=', id).execute();
}

export async function deleteOneWayFee(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('one_way_fees').where('id', '=', id).execute();
}
