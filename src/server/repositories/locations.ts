import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** A pickup location as the API shows it to staff-side users. */
export interface LocationView {
  id: number;
  name: string;
  city: string;
  agency_id: number;
}

/** The locations a staff-side user may see (null scope: every agency), by city then name. */
export async function listLocations(
  db: Kysely<Database>,
  scope: number | null,
  page: { limit: number; offset: number },
): Promise<{ items: LocationView[]; total: number }> {
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
