import { type DBSchema, type IDBPDatabase, openDB, type OpenDBCallbacks } from 'idb';

/**
 * A lazily opened IndexedDB connection that steps aside for a newer build's schema upgrade
 * (another tab) and reopens on next use, instead of blocking that upgrade forever.
 */
export function idbConnection<Schema extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<Schema>['upgrade']>,
): { get: () => Promise<IDBPDatabase<Schema>>; close: () => Promise<void> } {
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  const forget = () => {
    opening = null;
  };
  return {
    get() {
      opening ??= openDB<Schema>(name, version, {
        upgrade,
        blocking() {
          void opening?.then((db) => db.close());
          forget();
        },
        terminated: forget,
      }).catch((error: unknown) => {
        forget();
        throw error;
      });
      return opening;
    },
    async close() {
      const current = opening;
      forget();
      if (current) (await current).close();
    },
  };
}
