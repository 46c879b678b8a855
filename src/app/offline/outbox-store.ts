import type { DBSchema, IDBPTransaction } from 'idb';
import { idbConnection } from './idb-connection.ts';
import type { OutboxEntry } from './outbox-types.ts';

/**
 * A record as read back: written by this build or by another one (older or newer), so nothing
 * but its key and order is taken for granted until its version has been checked.
 */
export type StoredEntry = Partial<OutboxEntry> & { id: string; seq: number };

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: StoredEntry; indexes: { seq: number } };
}

/** Returning a record stores it; `null` deletes the entry; `undefined` leaves it as it is. */
export type Change = (entry: StoredEntry) => StoredEntry | null | undefined;

export interface OutboxStore {
  /** Adds an entry with the next sequence number; resolves once the transaction has committed. */
  add(build: (seq: number) => OutboxEntry): Promise<OutboxEntry>;
  /** Every record, in creation order. */
  all(): Promise<StoredEntry[]>;
  get(id: string): Promise<StoredEntry | undefined>;
  /** Reads and writes one entry in a single transaction, so no other tab can slip in between. */
  update(id: string, change: Change): Promise<StoredEntry | null | undefined>;
  /** Applies `change` to every entry in one transaction; returns how many it changed. */
  updateAll(change: Change): Promise<number>;
  /** Removes `id` and adds `replacement` in one transaction (a resend under a fresh key keeps its place). */
  replace(id: string, build: (old: StoredEntry) => OutboxEntry | undefined): Promise<OutboxEntry | undefined>;
  close(): Promise<void>;
}

export const OUTBOX_DB = 'fleet-outbox';

type Tx = IDBPTransaction<OutboxSchema, ['entries'], 'readwrite'>;

export function openOutboxStore(name = OUTBOX_DB): OutboxStore {
  const connection = idbConnection<OutboxSchema>(name, 1, (db) => {
    db.createObjectStore('entries', { keyPath: 'id' }).createIndex('seq', 'seq', { unique: true });
  });

  // "strict": the commit is on disk before the UI says "saved", not only in the OS cache.
  const write = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const tx = (await connection.get()).transaction('entries', 'readwrite', { durability: 'strict' });
    const result = await work(tx);
    await tx.done;
    return result;
  };

  const apply = async (tx: Tx, entry: StoredEntry, change: Change) => {
    const next = change(entry);
    if (next === null) await tx.store.delete(entry.id);
    else if (next !== undefined) await tx.store.put(next);
    return next;
  };

  return {
    add: (build) =>
      write(async (tx) => {
        const last = await tx.store.index('seq').openCursor(null, 'prev');
        const entry = build((last?.value.seq ?? 0) + 1);
        await tx.store.add(entry);
        return entry;
      }),
    all: async () => (await connection.get()).getAllFromIndex('entries', 'seq'),
    get: async (id) => (await connection.get()).get('entries', id),
    update: (id, change) =>
      write(async (tx) => {
        const entry = await tx.store.get(id);
        return entry ? apply(tx, entry, change) : undefined;
      }),
    updateAll: (change) =>
      write(async (tx) => {
        let changed = 0;
        for (const entry of await tx.store.getAll()) {
          if ((await apply(tx, entry, change)) !== undefined) changed += 1;
        }
        return changed;
      }),
    replace: (id, build) =>
      write(async (tx) => {
        const old = await tx.store.get(id);
        const replacement = old ? build(old) : undefined;
        if (!old || !replacement) return undefined;
        await tx.store.delete(id);
        await tx.store.add(replacement);
        return replacement;
      }),
    close: () => connection.close(),
  };
}
