import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#domain/api/session';
import { discardEntry } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-types.ts';
import { clearPersistedCache } from '../../offline/forget-cache.ts';
import { adoptCacheUser } from '../../offline/persister.ts';
import { clearPrivateResponseCaches } from '../../pwa/private-caches.ts';
import { isSessionQuery, setSession } from '../session/index.ts';

/** Where this site's storage stands, as the browser reports it. */
export interface DeviceStorage {
  /** Bytes the browser counts against this site (cache, outbox, images), when it says. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser promised not to evict it under storage pressure. */
  persisted: boolean;
}

export async function readDeviceStorage(): Promise<DeviceStorage> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => null) : null,
    storage?.persisted ? storage.persisted().catch(() => false) : false,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** The lists and records kept for offline reading (the session aside), and the oldest one's age. */
export interface KeptData {
  count: number;
  oldestUpdatedAt: number | null;
}

export function keptData(queryClient: QueryClient): KeptData {
  const kept = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => !isSessionQuery(query) && query.state.dataUpdatedAt > 0);
  return {
    count: kept.length,
    oldestUpdatedAt: kept.length ? Math.min(...kept.map((query) => query.state.dataUpdatedAt)) : null,
  };
}

/**
 * Clears what this device keeps for the signed-in user: cached lists and records (memory and
 * IndexedDB), the service worker's staff responses, and the writes still waiting (the user
 * confirmed losing them; one being sent right now cannot be stopped and still arrives). The user
 * stays signed in. Returns how many waiting writes were discarded.
 */
export async function clearDeviceData(
  queryClient: QueryClient,
  user: SessionUser,
  waiting: readonly OutboxEntry[],
): Promise<number> {
  const discarded = await Promise.all(waiting.map((entry) => discardEntry(entry.id)));
  await Promise.all([clearPersistedCache(queryClient), clearPrivateResponseCaches()]);
  adoptCacheUser(user.id);
  setSession(queryClient, user);
  return discarded.filter(Boolean).length;
}
