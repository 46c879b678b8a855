import type { QueryClient } from '@tanstack/react-query';
import { csrfToken, onSessionEnded } from './lib/api-client.ts';
import {
  isSessionQuery,
  onSessionLost,
  revalidateSessionOnStart,
  sessionQueryOptions,
  setSession,
} from './features/session/api/get-session.ts';
import { startConnectivity } from './offline/connectivity.ts';
import { startOutbox } from './offline/outbox.ts';
import {
  adoptCacheUser,
  cacheUser,
  restorePersistedCache,
  startPersisting,
  switchCacheUser,
} from './offline/persister.ts';
import { registerServiceWorker } from './pwa/register.ts';
import { startStaleBuildRecovery } from './pwa/stale-build.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

export interface AppContext {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * Everything before the first render: the cache restored from IndexedDB (so the guards know the
 * session offline), the connectivity probe, the outbox, the service worker and the router.
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
  // Subscribed before the persister, so the save this same event triggers already carries the
  // adopted user in its buster (a save made before would be discarded at the next start).
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isSessionQuery(event.query)) return;
    const user = queryClient.getQueryData(sessionQueryOptions().queryKey);
    if (user) adoptCacheUser(user.id);
  });
  startPersisting(queryClient);
  startConnectivity();
  startOutbox(queryClient);
  registerServiceWorker();
  // SPEC §7: the CSRF cookie is set on start; unsafe calls would fetch it on demand otherwise.
  void csrfToken();

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
  revalidateSessionOnStart(queryClient);
  return { queryClient, router };
}
