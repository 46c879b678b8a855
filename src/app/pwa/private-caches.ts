import { USER_CACHES } from './cache-names.ts';

/**
 * Drops the service-worker caches whose answers depend on the signed-in user (staff vehicle
 * lists), so a shared tablet does not show the previous user's data offline. Call at sign-out.
 */
export async function clearPrivateResponseCaches(): Promise<void> {
  if (!('caches' in window)) return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
