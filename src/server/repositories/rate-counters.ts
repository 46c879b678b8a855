import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

export interface RateCount {
  hits: number;
  /** When the window ends and the count starts again from nothing. */
  expires_at: string;
}

/**
 * Counts one hit in one statement (an upsert), so processes counting the same key at once never
 * lose a hit: a live window goes up by one, an expired one starts again at one.
 */
export async function hitCounter(
  db: Kysely<Database>,
  key: string,
  now: string,
  windowEndsAt: string,
): Promise<RateCount> {
  const expired = sql<boolean>`rate_counters.expires_at <= ${now}`;
  return db
    .insertInto('rate_counters')
    .values({ key, hits: 1, expires_at: windowEndsAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_counters.hits + 1 end`,
        expires_at: sql<string>`case when ${expired} then ${windowEndsAt} else rate_counters.expires_at end`,
      }),
    )
    .returning(['hits', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The count of a window still running at `now`; undefined when there is none. */
export async function liveCounter(db: Kysely<Database>, key: string, now: string): Promise<RateCount | undefined> {
  return db
    .selectFrom('rate_counters')
    .select(['hits', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

/** Removes windows that ended before `now`; returns how many. */
export async function purgeCounters(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_counters').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
