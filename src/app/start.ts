import type { QueryClient } from '@tanstack/react-query';
import { csrfToken, onSessionEnded } from './lib/api-client.ts';
import {
  isSessionQuery,
  onSessionLost,
  revalidateSession,
  sessionQueryOptions,
  setSession,
} from './features/session/api/get-session.ts';
import { startConnectivity } from './offline/connectivity.ts';
import {
  adoptCacheUser,
  cacheUser,
  restorePersistedCache,
  startPersisting,
  switchCacheUser,
} from './offline/persister.ts';
import { startStaleBuildRecovery } from './pwa/stale-build.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { markAfterFirstPaint } from './first-paint.ts';
// Listens for the browser's install offer from the start (the Install button loads later).
import './pwa/install-capture.ts';

export interface AppContext {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Everything before the first render: the cache restored from IndexedDB (so the guards know the
 * session offline), the connectivity probe and the router. The rest waits for the first paint
 * (`startAfterFirstPaint`).
 */
export async function startApp(): Promise<AppContext> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // Before any screen's code is fetched: a deploy may already have replaced it.
  startStaleBuildRecovery(router);
  // The current page's code is fetched while the cache is read from IndexedDB, not after it:
  // on a repeat visit offline that is most of the wait before the first vehicles show.
  const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
  void Promise.all(matchedRoutes.map((route) => router.loadRouteChunk(route))).catch(() => undefined);
  await restorePersistedCache(queryClient);
  // User Timing marks: how long each step of a start took, seen in DevTools and by bench:web.
  performance.mark('fleet:cache-restored');
  // Subscribed before the persister, so the save this same event triggers already carries the
  // adopted user in its buster (a save made before would be discarded at the next start).
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSessionQuery(event.query)) return;
    const user = queryClient.getQueryData(sessionQueryOptions().queryKey);
    if (user) adoptCacheUser(user.id);
  });
  startPersisting(queryClient, isSessionQuery);
  startConnectivity();

  // A failed token refresh ends the session; whenever the signed-in user is gone, the guards of
  // the current page run again and decide where to go.
  onSessionEnded(() => setSession(queryClient, null));
  onSessionLost(queryClient, () => {
    const user = queryClient.getQueryData(sessionQueryOptions().queryKey);
    // A sign-in through the app has switched the cache already: this acts on changes made elsewhere.
    const switched =
      user && user.id !== cacheUser() ? switchCacheUser(user.id, queryClient, isSessionQuery) : undefined;
    void Promise.resolve(switched).finally(() => void router.invalidate());
  });
  // The first render draws the page whole: with a kept first screen in the root (see
  // pwa/first-screen.ts), a render of an unloaded router would replace it with a blank page.
  await router.load().catch(() => undefined);
  performance.mark('fleet:router-loaded');
  return { queryClient, router };
}

/** The rest starts even while something keeps loading (a slow network on a first visit). */
const FIRST_SCREEN_WAIT_MS = 5_000;

/**
 * What the first screen does not need, started once it is on screen (App calls this after its
 * first commit): the session check with the server, the outbox (which sends what was queued), the
 * service worker's registration and the CSRF cookie. Each is a request or an IndexedDB read the
 * first paint would otherwise wait behind, and the outbox and workbox-window stay out of the code
 * loaded before it. On a first visit the screen's data is still on its way at the first commit:
 * the start then waits for it (no query fetching), so that it still comes after the first content.
 */
export function startAfterFirstPaint({ queryClient, router }: AppContext): void {
  if (afterFirstPaintStarted) return;
  afterFirstPaintStarted = true;
  performance.mark('fleet:first-commit');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe();
    clearTimeout(fallback);
    performance.mark('fleet:after-first-paint');
    markAfterFirstPaint();
    revalidateSession(queryClient, () => void router.invalidate());
    void import('./offline/outbox.ts').then(({ startOutbox }) => startOutbox(queryClient));
    void import('./pwa/register.ts').then(({ registerServiceWorker }) => registerServiceWorker());
    // SPEC §7: the CSRF cookie is set on start; unsafe calls would fetch it on demand otherwise.
    void csrfToken();
  };
  // Once nothing loads, the browser's first idle moment: the render and paint of what arrived
  // come first (they are tasks; an idle callback waits for none to be left).
  const startIfSettled = () => {
    if (queryClient.isFetching() === 0) whenIdle(start);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(startIfSettled);
  const fallback = setTimeout(start, FIRST_SCREEN_WAIT_MS);
  startIfSettled();
}

let afterFirstPaintStarted = false;

function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 1_000 });
  else requestAnimationFrame(() => setTimeout(callback, 0));
}
