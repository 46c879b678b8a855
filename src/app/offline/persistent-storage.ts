const ASKED_KEY = 'fleet:persist-asked';

/**
 * Asks once for persistent storage, so the browser does not evict the offline cache and the
 * outbox under pressure. Called after sign-in and after the first queued write; later calls
 * only report the current state (browsers may show a prompt, which must not repeat).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    if (localStorage.getItem(ASKED_KEY)) return false;
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
