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

/** PostgreSQL reads of one version: the one running, and the one that starts after it. */
interface SharedReads {
  running: Promise<number> | null;
  next: Promise<number> | null;
}

const sharedReads = new WeakMap<Kysely<Database>, Map<VersionedData, SharedReads>>();

function readRow(db: Kysely<Database>, name: VersionedData): Promise<number> {
  return db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst()
    .then((row) => row?.version ?? 0);
}

/**
 * One read of the row at a time, shared: a caller that arrives while a read runs waits for the
 * next one, which starts once that one ends, so after the caller arrived, and sees every write
 * committed before it. Joining the running read instead could miss a write that committed
 * between that read's start and the caller's arrival. Under load, many requests share one read
 * (one query per round trip instead of one per request) at the cost of at most one more round
 * trip each.
 */
function sharedRead(db: Kysely<Database>, name: VersionedData): Promise<number> {
  let byName = sharedReads.get(db);
  if (!byName) {
    byName = new Map();
    sharedReads.set(db, byName);
  }
  let reads = byName.get(name);
  if (!reads) {
    reads = { running: null, next: null };
    byName.set(name, reads);
  }
  const own = reads;
  const start = (): Promise<number> => {
    const read = readRow(db, name).finally(() => {
      if (own.running === read) own.running = null;
    });
    own.running = read;
    return read;
  };
  if (!own.running) return start();
  own.next ??= own.running
    .catch(() => undefined)
    .then(() => {
      own.next = null;
      return start();
    });
  return own.next;
}

/**
 * The version to compare a cached copy with. PostgreSQL: the shared row, which every server
 * process bumps (one read of one row by its key, shared by the requests waiting for it);
 * SQLite: this process's bumps.
 */
export async function currentVersion(db: Kysely<Database>, dialect: DialectName, name: VersionedData): Promise<number> {
  if (dialect === 'sqlite') return bumpsHere.get(name) ?? 0;
  return sharedRead(db, name);
}
