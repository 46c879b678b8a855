import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** What a version counts the changes of; each has its row from migration 002. */
export type VersionedData = 'public-vehicles';

/**
 * Call inside the transaction that makes the change: the new version commits with it, so no
 * process can see the change without the version or the version without the change.
 */
export async function bumpVersion(db: Kysely<Database>, name: VersionedData): Promise<void> {
  await db
    .updateTable('data_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', name)
    .execute();
}

/** One read of one row by its key: cheap enough to ask on every request. */
export async function currentVersion(db: Kysely<Database>, name: VersionedData): Promise<number> {
  const row = await db.selectFrom('data_versions').select('version').where('name', '=', name).executeTakeFirst();
  return row?.version ?? 0;
}
