import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { idbKeyValue } from './idb-key-value.ts';

/** A tablet back after a week away starts from the server again rather than from week-old data. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const CACHE_DB = 'fleet-query-cache';
/** Read before the session is known, so the buster (and with it the restore) depends on the last user. */
export const CACHE_USER_KEY = 'fleet.cacheUser';
/** The cache changes on every fetch; writing it at most once a second keeps IndexedDB quiet. */
const SAVE_THROTTLE_MS = 1_000;
/** A slow disk must not hold the first paint: the app starts, and the data arrives when read. */
const RESTORE_WAIT_MS = 2_000;
const CLIENT_KEY = 'client';

export interface IdbPersister extends Persister {
  /** Writes the last saved state now (the page is being hidden or closed). */
  flush(): Promise<void>;
}

/**
 * TanStack's async `Persister` on IndexedDB: the cache is stored as one structured-cloned record
 * (no JSON round trip, no size limit of localStorage, nothing blocking the main thread).
 */
export function createIdbPersister(name = CACHE_DB, throttleMs = SAVE_THROTTLE_MS): IdbPersister {
  const store = idbKeyValue<PersistedClient>(name, 'clients');
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const client = pending;
    pending = null;
    if (client) {
      writing = writing.then(async () => {
        try {
          await store.put(CLIENT_KEY, client);
        } catch (error) {
          // Quota or an uncloneable value: the app keeps working, only the offline copy is older.
          console.warn('The query cache could not be saved for offline use.', error);
        }
      });
    }
    return writing;
  };

  return {
    persistClient(client) {
      pending = withAnswersOnly(client);
      timer ??= setTimeout(() => void flush(), throttleMs);
    },
    restoreClient: () => store.get(CLIENT_KEY),
    async removeClient() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
      await writing;
      await store.delete(CLIENT_KEY);
    },
    flush,
  };
}

function withAnswersOnly(client: PersistedClient): PersistedClient {
  const { queries } = client.clientState;
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: queries.map((query) => ({ ...query, state: persistedQueryState(query.state) })),
    },
  };
}

let shared: IdbPersister | null = null;
/** The one persister of the app's cache. */
export const persister = () => (shared ??= createIdbPersister());

/** The build this tab runs (set by vite.config.ts). */
export function buildId(): string {
  return typeof __BUILD_ID__ === 'undefined' ? 'development' : __BUILD_ID__;
}

/** The user whose data the stored cache holds (null: signed out). */
export function cacheUser(): number | null {
  try {
    const stored = Number(localStorage.getItem(CACHE_USER_KEY) ?? Number.NaN);
    return Number.isInteger(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function rememberCacheUser(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(CACHE_USER_KEY);
    else localStorage.setItem(CACHE_USER_KEY, String(userId));
  } catch {
    // Storage disabled: the buster then always says "signed out", and a user change still clears the cache.
  }
}

/** A new build or another user makes the stored cache worthless. */
export function cacheBuster(): string {
  return `${buildId()}:${cacheUser() ?? 'anonymous'}`;
}

/**
 * Queries that hold an answer are kept — also when their last refetch failed (offline, the server
 * down): the answer they hold is still the last one the server gave, and dropping it would lose
 * the screen, or the session and with it the user, at the next launch. A query that never got an
 * answer (an error or a pending first fetch) would restore as a stuck state and is left out, as are
 * those that opt out with `meta: { persist: false }` (files such as a driver's license).
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.data !== undefined && query.state.status !== 'pending' && query.meta?.persist !== false;
}

/**
 * What is saved for a query: a failed refetch is saved as the answer it still holds, neither as an
 * error (a screen would restore showing it) nor as fetching. Its time stays that of the answer, so
 * it is stale after the restore and asked for again when the server can be reached.
 */
export function persistedQueryState(state: DehydratedState['queries'][number]['state']) {
  if (state.status !== 'error' && state.fetchStatus === 'idle') return state;
  return {
    ...state,
    status: 'success' as const,
    error: null,
    fetchStatus: 'idle' as const,
    fetchFailureCount: 0,
    fetchFailureReason: null,
  };
}

/** Puts the cache saved by the last session back, before the first render. Never throws. */
export async function restorePersistedCache(queryClient: QueryClient): Promise<void> {
  const restore = (restoring = persistQueryClientRestore({
    queryClient,
    persister: persister(),
    maxAge: CACHE_MAX_AGE_MS,
    buster: cacheBuster(),
  }).catch((error: unknown) => console.warn('The saved query cache could not be restored.', error)));
  await Promise.race([restore, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
}

let restoring: Promise<void> = Promise.resolve();

/**
 * Settles when the saved cache is in memory, also after `restorePersistedCache` stopped waiting for
 * a slow disk: what the server cannot be asked for offline is then read from what was saved.
 */
export function whenCacheRestored(): Promise<void> {
  return restoring;
}

/**
 * Saves the cache (throttled) on every change, and at once when the page is hidden. `saveAtOnce`
 * names queries whose new answer is written without waiting for the throttle (the session: a
 * person who signs in and loses the connection within the second must still be signed in at the
 * next offline start). Returns the stop function.
 */
export function startPersisting(
  queryClient: QueryClient,
  saveAtOnce: (query: Query) => boolean = () => false,
): () => void {
  const store = persister();
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister: store,
    // Read at every save: a sign-in switches the buster without restarting the subscription.
    get buster() {
      return cacheBuster();
    },
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  });
  // An invalidation (a write made something stale) is saved at once, not after the throttle: a
  // reload straight after a save must not restore the old answers as fresh.
  const unsubscribeInvalidations = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'invalidate' || (event.action.type === 'success' && saveAtOnce(event.query))) {
      queueMicrotask(() => void store.flush());
    }
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void store.flush();
  };
  const onPageHide = () => void store.flush();
  if (typeof window !== 'undefined') {
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
  }
  return () => {
    unsubscribe();
    unsubscribeInvalidations();
    if (typeof window !== 'undefined') {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
    }
    void store.flush();
  };
}

/** Writes a pending save now instead of after the throttle. */
export function flushPersistedCache(): Promise<void> {
  return persister().flush();
}

/**
 * A session found without an in-app sign-in (cookies from an earlier visit) while the cache
 * belongs to nobody: what it holds was fetched signed out, so it is kept and becomes the user's.
 * Queued writes are then saved under this user, and Logout knows them as theirs.
 */
export function adoptCacheUser(userId: number): void {
  if (cacheUser() === null) rememberCacheUser(userId);
}

/**
 * Someone else is signed in than the user the cache holds data for, and the change was made
 * outside this page (another tab, a session renewed by another person). Everything saved goes;
 * queries no screen shows leave memory, and the ones on screen start again for the new user, so
 * the previous user's answers stop showing at once. `keep` spares the query that told us (the session).
 */
export async function switchCacheUser(
  userId: number,
  queryClient: QueryClient,
  keep: (query: Query) => boolean,
): Promise<void> {
  if (cacheUser() === userId) return;
  rememberCacheUser(userId);
  queryClient.removeQueries({ type: 'inactive', predicate: (query) => !keep(query) });
  try {
    await persister().removeClient();
  } catch (error) {
    console.warn('The saved query cache could not be removed.', error);
  }
  await queryClient.resetQueries({ predicate: (query) => !keep(query) });
}
