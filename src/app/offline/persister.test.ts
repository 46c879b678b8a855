import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_MAX_AGE_MS,
  CACHE_USER_KEY,
  cacheBuster,
  cacheUser,
  flushPersistedCache,
  restorePersistedCache,
  adoptCacheUser,
  startPersisting,
} from './persister.ts';
import { clearPersistedCache, setCacheUser } from './forget-cache.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const vehicles = [{ id: 1, make: 'Toyota' }];

/** Saves a client's cache the way the running app does, then stops. */
async function saveFrom(setup: (client: QueryClient) => unknown): Promise<QueryClient> {
  const client = new QueryClient();
  const stop = startPersisting(client);
  await setup(client);
  await flushPersistedCache();
  stop();
  return client;
}

async function restored(): Promise<QueryClient> {
  const client = new QueryClient();
  await restorePersistedCache(client);
  return client;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the persisted query cache', () => {
  it('restores successful queries only', async () => {
    await saveFrom(async (client) => {
      client.setQueryData(['public-vehicles'], vehicles);
      await client.prefetchQuery({
        queryKey: ['broken'],
        queryFn: () => Promise.reject(new Error('down')),
        retry: false,
      });
      await client.prefetchQuery({ queryKey: ['license', 3], queryFn: async () => 'secret', meta: { persist: false } });
    });
    const client = await restored();
    expect(client.getQueryData(['public-vehicles'])).toEqual(vehicles);
    expect(client.getQueryState(['broken'])).toBeUndefined();
    expect(client.getQueryState(['license', 3])).toBeUndefined();
  });

  it('keeps the answer of a query whose refetch failed, restored as an answer and stale', async () => {
    const session = { id: 7, role: 'agent' };
    const answeredAt = Date.now() - 60_000;
    await saveFrom(async (client) => {
      client.setQueryData(['session'], session, { updatedAt: answeredAt });
      // Offline: the session check fails, and the query holds its last answer in an error state.
      await client
        .fetchQuery({ queryKey: ['session'], queryFn: () => Promise.reject(new Error('offline')), retry: false })
        .catch(() => undefined);
      expect(client.getQueryState(['session'])?.status).toBe('error');
    });
    const client = await restored();
    const state = client.getQueryState(['session']);
    expect(client.getQueryData(['session'])).toEqual(session);
    expect(state).toMatchObject({ status: 'success', error: null, fetchStatus: 'idle', dataUpdatedAt: answeredAt });
  });

  it('busts the cache for another user or another build', async () => {
    await setCacheUser(4, new QueryClient());
    expect(cacheUser()).toBe(4);
    expect(cacheBuster()).toBe('development:4');
    await saveFrom((client) => client.setQueryData(['bookings'], ['of user 4']));
    expect((await restored()).getQueryData(['bookings'])).toEqual(['of user 4']);

    // Another tab signed someone else in: the buster read at start no longer matches.
    localStorage.setItem(CACHE_USER_KEY, '5');
    expect((await restored()).getQueryData(['bookings'])).toBeUndefined();
  });

  it('drops a cache older than seven days', async () => {
    await saveFrom((client) => client.setQueryData(['public-vehicles'], vehicles));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + CACHE_MAX_AGE_MS + 1);
    expect((await restored()).getQueryData(['public-vehicles'])).toBeUndefined();
  });

  it('forgets everything on a user change, in memory and stored, and not when the user stays', async () => {
    await setCacheUser(4, new QueryClient());
    const client = await saveFrom((c) => c.setQueryData(['bookings'], ['of user 4']));

    await setCacheUser(4, client);
    expect(client.getQueryData(['bookings'])).toEqual(['of user 4']);

    await setCacheUser(7, client);
    expect(client.getQueryData(['bookings'])).toBeUndefined();
    expect(cacheUser()).toBe(7);
    expect((await restored()).getQueryData(['bookings'])).toBeUndefined();
  });

  it('forgets everything and the user at logout', async () => {
    await setCacheUser(4, new QueryClient());
    const client = await saveFrom((c) => c.setQueryData(['bookings'], ['of user 4']));
    await clearPersistedCache(client);
    expect(client.getQueryData(['bookings'])).toBeUndefined();
    expect(cacheUser()).toBeNull();
    expect((await restored()).getQueryData(['bookings'])).toBeUndefined();
  });

  it('adopts a session found from cookies only while the cache belongs to nobody', async () => {
    await clearPersistedCache(new QueryClient());
    adoptCacheUser(9);
    expect(cacheUser()).toBe(9);
    // Someone else's cache is never taken over quietly: that change goes through setCacheUser.
    adoptCacheUser(3);
    expect(cacheUser()).toBe(9);
  });

  it('saves an invalidation at once, so a reload right after a write refetches', async () => {
    const client = new QueryClient();
    const stop = startPersisting(client);
    client.setQueryData(['bookings'], ['before the write']);
    await flushPersistedCache();
    await client.invalidateQueries({ queryKey: ['bookings'], refetchType: 'none' });
    // No flush here: the invalidation itself has to reach IndexedDB within the throttle second.
    await vi.waitFor(async () => expect((await restored()).getQueryState(['bookings'])?.isInvalidated).toBe(true), {
      timeout: 500,
    });
    stop();
  });

  it('saves a new session at once, without waiting for the throttle', async () => {
    const client = new QueryClient();
    const isSession = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === 'session';
    const stop = startPersisting(client, isSession);
    client.setQueryData(['vehicles'], ['saved with the throttle']);
    client.setQueryData(['session'], { id: 4 });
    // No flush here: signing in reaches IndexedDB within the throttle second, with what came before.
    await vi.waitFor(async () => expect((await restored()).getQueryData(['session'])).toEqual({ id: 4 }), {
      timeout: 500,
    });
    expect((await restored()).getQueryData(['vehicles'])).toEqual(['saved with the throttle']);
    stop();
  });
});
