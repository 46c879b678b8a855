/// <reference lib="webworker" />
/**
 * The service worker (DESIGN.md, "Offline model" 1): precaches the shell, answers navigations
 * with it, keeps the vehicle lists and public images for reloads without a network, and never
 * stores anything private. The persisted TanStack cache is the app's main offline store; this
 * layer makes a cold start and a reload work offline too.
 */
import { clientsClaim, type RouteMatchCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from 'workbox-precaching';
import { registerRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isAppPagePath } from '#domain/page-paths';
import { OUTBOX_SYNC_TAG } from './offline/outbox-sync.ts';
import { isLaterChunk, RUNTIME_CACHED_PATHS, SW_CACHES, UNCACHED_FILE_PATHS } from './pwa/cache-names.ts';
import { FIRST_SCREEN_ENTRY_HEADER, FIRST_SCREEN_PATH, withFirstScreen } from './pwa/first-screen-policy.ts';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event is not in TypeScript's WebWorker library yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const DAY_SECONDS = 24 * 60 * 60;
/** How long Background Sync keeps the worker alive for the page to pick up the drain. */
const SYNC_GRACE_MS = 2_000;

cleanupOutdatedCaches();
precache(self.__WB_MANIFEST);

// Client routing: a navigation to a page URL gets the shell, by the same rule as the server's.
// API, media and file URLs reach the network: an HTML answer to an API call would be read as
// data, and opening a missing file must show its 404, not the app.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppPagePath(url.pathname),
  async (options) => {
    const response = await shell(options);
    return options.url.pathname === FIRST_SCREEN_PATH ? withKeptFirstScreen(response) : response;
  },
);
// The precached files themselves, after the page route: its own `/` → index.html rule would
// otherwise answer the start page first.
addRoute();

/**
 * `/` with the landing as a visitor last saw it inside the shell (pwa/first-screen.ts): a reopened
 * app shows its vehicles as soon as the HTML and styles are read, before its code has run. Any
 * doubt — no snapshot, another build's, an unreadable cache — and the plain shell goes out.
 */
async function withKeptFirstScreen(response: Response): Promise<Response> {
  try {
    if (!response.ok) return response;
    const snapshot = await (await caches.open(SW_CACHES.firstScreen)).match(FIRST_SCREEN_PATH);
    if (!snapshot) return response;
    const html = withFirstScreen(
      await response.clone().text(),
      await snapshot.text(),
      snapshot.headers.get(FIRST_SCREEN_ENTRY_HEADER),
    );
    if (html === null) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  } catch {
    return response;
  }
}

const under =
  (prefix: string): RouteMatchCallback =>
  ({ url }) =>
    url.origin === self.location.origin && url.pathname.startsWith(prefix);

const expiring = (maxEntries: number, days: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY_SECONDS, purgeOnQuotaError: true });

// Runtime caches have their own router so that the page can also hand it the URLs it loaded
// before this worker took control (the first visit): addCacheListener runs them through the
// same routes into the same bounded caches (see warmRuntimeCaches in pwa/register.ts).
const runtime = new Router();

// Vehicle lists: fresh when the network answers within 3 s, else the last copy (a reload offline).
runtime.registerRoute(
  new Route(
    under(RUNTIME_CACHED_PATHS.publicVehicles),
    new NetworkFirst({ cacheName: SW_CACHES.publicVehicles, networkTimeoutSeconds: 3, plugins: [expiring(50, 30)] }),
  ),
);
// Staff lists depend on the user: their cache is dropped at sign-out (clearPrivateResponseCaches).
// The labels PDF beside them is a private file, fetched as any other call and never stored.
runtime.registerRoute(
  new Route(
    (options) =>
      under(RUNTIME_CACHED_PATHS.staffVehicles)(options) &&
      !UNCACHED_FILE_PATHS.some((path) => options.url.pathname.startsWith(path)),
    new NetworkFirst({ cacheName: SW_CACHES.staffVehicles, networkTimeoutSeconds: 3, plugins: [expiring(50, 7)] }),
  ),
);
// Media keys are random and never reused, so a cached image is never stale: cache first,
// bounded so that the offline store cannot grow without limit.
runtime.registerRoute(
  new Route(
    under(RUNTIME_CACHED_PATHS.vehicleImages),
    new CacheFirst({ cacheName: SW_CACHES.vehicleImages, plugins: [expiring(400, 30)] }),
  ),
);
runtime.registerRoute(
  new Route(
    under(RUNTIME_CACHED_PATHS.agencyLogos),
    new CacheFirst({ cacheName: SW_CACHES.agencyLogos, plugins: [expiring(100, 30)] }),
  ),
);
// Built code the precache leaves out (decision 046: the charts): hashed names never change, so
// once fetched a chunk is kept and answered from here, offline too.
runtime.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && isLaterChunk(url.pathname),
    new CacheFirst({ cacheName: SW_CACHES.laterChunks, plugins: [expiring(20, 60)] }),
  ),
);
// Every other /api/ call (session, customers, licenses, bookings…) matches no route: the browser
// fetches it as if there were no worker, and nothing of it is stored.
runtime.addFetchListener();
runtime.addCacheListener();

function isSyncEvent(event: Event): event is SyncEvent {
  return 'tag' in event && typeof event.tag === 'string' && 'waitUntil' in event;
}

// The outbox lives in the page (IndexedDB, Web Locks, the session's cookies), so Background Sync
// only wakes the open windows and lets the draining tab do the work.
self.addEventListener('sync', (event) => {
  if (!isSyncEvent(event) || event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => {
        for (const client of windows) client.postMessage({ type: 'drain-outbox' });
      })
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, SYNC_GRACE_MS))),
  );
});

// Prompt mode: a new version waits until the page says the user chose to reload.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// The first visit is controlled at once, so that its next reload already works offline.
clientsClaim();
