import type { QueryClient } from '@tanstack/react-query';
import { cacheUser, persister, rememberCacheUser } from './persister.ts';

/*
 * The cache forgotten at a sign-in or sign-out through the app. Kept apart from persister.ts,
 * which every start runs: these load with the screens that sign in and out, not with `/`.
 */

async function forgetCache(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  try {
    await persister().removeClient();
  } catch (error) {
    console.warn('The saved query cache could not be removed.', error);
  }
}

/**
 * Signs the device's cache out: every query leaves memory and IndexedDB (tablets are shared).
 * Set the signed-out session in the cache after this, not before.
 */
export async function clearPersistedCache(queryClient: QueryClient): Promise<void> {
  rememberCacheUser(null);
  await forgetCache(queryClient);
}

/**
 * Tells the cache who is signed in. When that is someone else than the user it holds data for,
 * everything cached is dropped first. Call it before writing the new user's session into the cache.
 */
export async function setCacheUser(userId: number | null, queryClient: QueryClient): Promise<void> {
  if (cacheUser() === userId) return;
  rememberCacheUser(userId);
  await forgetCache(queryClient);
}
