import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { idbKeyValue } from './idb-key-value.ts';

let counter = 0;
const freshName = () => `kv-test-${++counter}`;

describe('idbKeyValue', () => {
  it('stores, reads back and deletes structured values', async () => {
    const store = idbKeyValue<{ at: Date; items: number[] }>(freshName(), 'things');
    expect(await store.get('a')).toBeUndefined();
    const value = { at: new Date(1_700_000_000_000), items: [1, 2, 3] };
    await store.put('a', value);
    const read = await store.get('a');
    expect(read).toEqual(value);
    expect(read?.at).toBeInstanceOf(Date);
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
  });

  it('steps aside for another connection upgrading the database', async () => {
    const name = freshName();
    const store = idbKeyValue<string>(name, 'things');
    await store.put('a', 'kept');
    const upgraded = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open(name, 2);
      request.onupgradeneeded = () => request.result.createObjectStore('other');
      request.onsuccess = () => {
        const { version } = request.result;
        request.result.close();
        resolve(version);
      };
      request.onerror = () => reject(request.error ?? new Error('upgrade failed'));
      request.onblocked = () => reject(new Error('the upgrade was blocked by the open store'));
    });
    expect(upgraded).toBe(2);
  });

  it('reports a failed open instead of hanging', async () => {
    const name = freshName();
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, 3);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    // The database is at version 3 now: opening version 1 is a VersionError.
    await expect(idbKeyValue<string>(name, 'things').get('a')).rejects.toThrow();
  });
});
