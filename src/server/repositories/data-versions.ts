import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/connect.ts';
import type { Database } from '../db/types.ts';

/** What a version counts the changes of; each has its row from migration 002. */
export type VersionedData = 'public-vehicles';

/**
 * Bumps made by this process, for the embedded SQLite file, which one process serves (decision
 * 020): reading them costs nothing, where a query on every request cost the public list a third
 * of its throughput. Kysely runs SQLite on one connection and a transaction holds it to the end,
 * so no read can see the bump before the change commits. One counter serves every database of
 * the process (tests build many apps): a bump in one only makes the others reload once.
 */
const bumpsHere = new Map<VersionedData, number>();

/**
 * Call inside the transaction that makes the change: the new version commits with it, so no
 * process can see the change without the version or the version without the change.
 */
export async function bumpVersion(db: Kysely<Database>, name: VersionedData): Promise<void> {
  bumpsHere.set(name, (bumpsHere.get(name) ?? 0) + 1);
  await db
    .updateTable('data_versions')
    .set({ version: sql<number>`version + 1` })
    .where('name', '=', name)
    .execute();
}

/**
 * The version to compare a cached copy with. PostgreSQL: the shared row, which every server
 * process bumps (one read of one row by its key); SQLite: this process's bumps.
 */
export async function currentVersion(db: Kysely<Database>, dialect: DialectName, name: VersionedData): Promise<number> {
  if (dialect === 'sqlite') return bumpsHere.get(name) ?? 0;
  const row = await db.selectFrom('data_versions').select('version').where('name', '=', name).executeTakeFirst();
  return row?.version ?? 0;
}
