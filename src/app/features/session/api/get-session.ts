import { hashKey, onlineManager, queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#domain/api/session';
import { ApiError, NetworkError, api } from '../../../lib/api-client.ts';
import { whenCacheRestored } from '../../../offline/persister.ts';
import { sendPendingLogout } from '../pending-logout.ts';

/** null: signed out. */
export type Session = SessionUser | null;

const SESSION_KEY = ['session'] as const;
const SESSION_HASH = hashKey(SESSION_KEY);

/**
 * When this page's code started: an answer given later was asked in this page's life. Not the
 * navigation's start (`performance.timeOrigin`): the page being reloaded runs on until the new one
 * commits, and an answer it saves in that gap is older than this page, yet later than its start.
 */
const PAGE_STARTED = Date.now();

/** The session query itself (kept when the rest of the cache changes hands). */
export function isSessionQuery(query: Query): boolean {
  return query.queryHash === SESSION_HASH;
}

async function fetchSession(signal: AbortSignal): Promise<Session> {
  // A sign-out made offline is finished first, so the old cookies never sign anyone back in.
  if (!(await sendPendingLogout())) return null;
  try {
    return await api.get<SessionUser>('auth/me/', signal);
  } catch (error) {
    // SPEC §4: a 401 on the session fetch means signed out, silently.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    // Never paused waiting for a connection: the guards await this query, so offline it must fail
    // fast and let them fall back to the persisted session.
    networkMode: 'always',
    // One quick retry for a dropped request; none when there is no connection to retry on.
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < 1 && onlineManager.isOnline(),
    retryDelay: 300,
  });

/**
 * The session the guards decide on: the cached one when there is one (refreshed in the background
 * when stale), else a fresh fetch. Unreachable server: the saved session decides once the saved
 * cache is read (a slow disk may still be at it); with nothing saved, signed out. Only the
 * server's answer ever replaces a session with "signed out".
 */
export async function loadSession(queryClient: QueryClient): Promise<Session> {
  try {
    return await queryClient.ensureQueryData({ ...sessionQueryOptions(), revalidateIfStale: true });
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    await whenCacheRestored();
    return queryClient.getQueryData<Session>(SESSION_KEY) ?? null;
  }
}

export function setSession(queryClient: QueryClient, session: Session): void {
  queryClient.setQueryData(SESSION_KEY, session);
}

/**
 * At start the restored session, signed in or out, is trusted for the first paint (offline it is
 * all there is, and waiting for the server would hold the first screen); this checks it again with
 * `auth/me/`. A user who is gone is `onSessionLost`'s business; `onSignedIn` runs when someone
 * restored as signed out turns out to be signed in (in another tab since), so the guards of the
 * current page decide again.
 */
export function revalidateSession(queryClient: QueryClient, onSignedIn: () => void): void {
  const state = queryClient.getQueryState<Session>(SESSION_KEY);
  // Asked already in this page's life (a first visit's landing asks while it draws): that answer,
  // or the request still on its way, is the check; a second one would only repeat or cancel it.
  if (state && (state.fetchStatus === 'fetching' || state.dataUpdatedAt >= PAGE_STARTED)) return;
  const restored = state?.data;
  void queryClient.refetchQueries({ queryKey: SESSION_KEY }).then(() => {
    if (restored === null && queryClient.getQueryData<Session>(SESSION_KEY)) onSignedIn();
  });
}

/** Calls `listener` when a signed-in user is gone from the cache: signed out, expired, or replaced. */
export function onSessionLost(queryClient: QueryClient, listener: () => void): () => void {
  let userId = queryClient.getQueryData<Session>(SESSION_KEY)?.id ?? null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isSessionQuery(event.query)) return;
    // Removed or not yet answered: the cache is on its way to a new state, and that state decides.
    const next = event.type === 'removed' ? undefined : queryClient.getQueryData<Session>(SESSION_KEY);
    if (next === undefined) return;
    const nextId = next?.id ?? null;
    const lost = userId !== null && nextId !== userId;
    userId = nextId;
    if (lost) listener();
  });
}

/** The user inside a guarded layout (the guard has loaded the session before it renders). */
export function useSession(): Session {
  return useQuery(sessionQueryOptions()).data ?? null;
}
