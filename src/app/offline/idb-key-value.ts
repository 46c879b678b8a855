/**
 * One IndexedDB object store of values by key, on the bare API: all the persisted query cache
 * needs, read before the first paint, so the `idb` library (the outbox's, started later) stays out
 * of the code loaded first. Like `idbConnection`, it steps aside for another tab's schema upgrade
 * and reopens on next use.
 */
export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export function idbKeyValue<T>(databaseName: string, storeName: string): KeyValueStore<T> {
  let opening: Promise<IDBDatabase> | null = null;

  const open = (): Promise<IDBDatabase> =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => {
        const db = request.result;
        const forget = () => {
          opening = null;
        };
        db.onversionchange = () => {
          db.close();
          forget();
        };
        db.onclose = forget;
        resolve(db);
      };
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error(`IndexedDB ${databaseName} could not be opened.`));
      };
    }));

  /** Resolves when the transaction has committed, with what `work`'s request read. */
  const run = async <R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<R>): Promise<R> => {
    const db = await open();
    return new Promise<R>((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const request = work(transaction.objectStore(storeName));
      const fail = () =>
        reject(transaction.error ?? request.error ?? new Error(`IndexedDB ${databaseName}: the transaction failed.`));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = fail;
      transaction.onabort = fail;
    });
  };

  return {
    get: (key) => run('readonly', (store) => store.get(key) as IDBRequest<T | undefined>),
    put: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key));
    },
    delete: async (key) => {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}
