// The one online visit of `/` as a visitor: it measures the JavaScript Chromium fetched up to
// the first card painted, then waits until the app is ready to be reopened offline — the
// service worker controls the page, the images on screen are in its caches, and the persisted
// query cache in IndexedDB holds what the landing asked the server for — and captures the
// rendered page for the static copy.
import { setTimeout as sleep } from 'node:timers/promises';
import { builtFileGzip, gzipSize } from './sizes.mjs';
import { evaluate, firstCardPaint } from './new-tab.mjs';

const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/**
 * Query hashes (prefixes) the landing persists for a visitor: the session the guard decides on,
 * the currency and the public vehicle list (src/app/features/{session,settings,vehicles}/api).
 * The persister writes the whole cache at most once a second (src/app/offline/persister.ts), so
 * the record is read back until all of them are in it rather than sleeping.
 */
const PERSISTED_QUERIES = ['["session"]', '["settings"]', '["public-vehicles","list"'];
/** The persisted query cache (CACHE_DB and its store and key in src/app/offline/persister.ts). */
const CACHE_RECORD = { db: 'fleet-query-cache', store: 'clients', key: 'client' };
/** What the service worker keeps at run time for `/` (RUNTIME_CACHED_PATHS in src/app/pwa/cache-names.ts). */
const RUNTIME_CACHED = ['/media/vehicles/', '/media/agencies/', '/api/public-vehicles/'];

const READINESS = `(async () => {
  const controlled = navigator.serviceWorker.controller !== null;
  const wanted = performance.getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && ${JSON.stringify(RUNTIME_CACHED)}.some((p) => url.pathname.startsWith(p)));
  const cached = await Promise.all(wanted.map(async (url) => Boolean(await caches.match(url.href))));
  const uncached = wanted.filter((_, i) => !cached[i]).map((url) => url.pathname);
  const record = await new Promise((resolve) => {
    const open = indexedDB.open(${JSON.stringify(CACHE_RECORD.db)});
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const get = db.transaction(${JSON.stringify(CACHE_RECORD.store)}).objectStore(${JSON.stringify(CACHE_RECORD.store)}).get(${JSON.stringify(CACHE_RECORD.key)});
        get.onsuccess = () => { db.close(); resolve(get.result ?? null); };
        get.onerror = () => { db.close(); resolve(null); };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
  const persisted = (record?.clientState?.queries ?? []).filter((q) => q.state.status === 'success').map((q) => q.queryHash);
  return { controlled, uncached, persisted };
})()`;

// The rendered landing without anything that runs code or installs the app; the stylesheets
// (also those the route chunks added), images and `elementtiming` attributes stay as they are.
const STATIC_COPY = `(() => {
  const html = document.documentElement.cloneNode(true);
  html.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"], link[rel="manifest"], link[rel="serviceworker"]')
    .forEach((node) => node.remove());
  return '<!doctype html>\\n' + html.outerHTML;
})()`;

async function waitUntilReadyOffline(cdp) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const state = await evaluate(cdp, READINESS);
    const missing = PERSISTED_QUERIES.filter((prefix) => !state.persisted.some((hash) => hash.startsWith(prefix)));
    if (state.controlled && state.uncached.length === 0 && missing.length === 0) return;
    if (Date.now() > deadline) {
      const why = [
        state.controlled ? '' : 'the service worker does not control the page',
        state.uncached.length ? `not in the service worker's caches: ${state.uncached.join(', ')}` : '',
        missing.length
          ? `not in the persisted query cache: ${missing.join(', ')} (it holds ${state.persisted.join(', ')})`
          : '',
      ];
      throw new Error(`the app was not ready to reopen offline: ${why.filter(Boolean).join('; ')}`);
    }
    await sleep(POLL_MS);
  }
}

/**
 * Visits `base` online in a new page of `context` (a fresh profile). Returns the scripts the page
 * fetched (path, gzip size, requested before the first card was painted or not) and the static copy's HTML.
 */
export async function firstVisit(context, base) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const bodies = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== base || !url.pathname.endsWith('.js') || response.status() !== 200) return;
    bodies.set(
      url.pathname,
      response.body().then(gzipSize, () => null),
    );
  });
  await page.goto(base);
  const { ms: firstCardMs } = await firstCardPaint(cdp);
  await waitUntilReadyOffline(cdp);
  const requested = await evaluate(
    cdp,
    `performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, startTime: entry.startTime }))`,
  );
  const scripts = [];
  for (const { url, startTime } of requested) {
    const { origin, pathname } = new URL(url);
    if (origin !== base || !pathname.endsWith('.js') || scripts.some((script) => script.path === pathname)) continue;
    // A body Chromium no longer holds is the built file of that name (the server sends it as is).
    const gzip = (await bodies.get(pathname)) ?? (await builtFileGzip(pathname));
    scripts.push({ path: pathname, gzip, initial: startTime <= firstCardMs });
  }
  const html = await evaluate(cdp, STATIC_COPY);
  await page.close();
  return { firstCardMs, scripts, html };
}
