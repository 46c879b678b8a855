import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/**
 * Marks the agency's rate plan as changed: every write to the plan (settings, categories,
 * seasons, tiers, extras, one-way fees) calls it in its transaction, so a quote names the
 * version it was made with and the app knows its cached plan is old.
 */
export async function bumpRatePlanVersion(db: Kysely<Database>, agencyId: number): Promise<number> {
  const row = await db
    .updateTable('agencies')
    .set({ rate_plan_version: sql<number>`rate_plan_version + 1` })
    .where('id', '=', agencyId)
    .returning('rate_plan_version')
    .executeTakeFirstOrThrow();
  return row.rate_plan_version;
}
