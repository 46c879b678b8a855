import { Workbox } from 'workbox-window';
import { DRAIN_OUTBOX_EVENT } from '../offline/outbox-sync.ts';
import { isLaterChunk, RUNTIME_CACHED_PATHS } from './cache-names.ts';
import { setUpdateWaiting } from './update-state.ts';

/** A long-open installed app still learns about new versions. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let applying = false;

function isDrainMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'drain-outbox';
}

/**
 * Registers `/sw.js` in prompt mode: a new version waits until the user chooses to reload
 * (see UpdatePrompt). Development builds run without a worker, so edits are never served stale.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isDrainMessage(event.data)) window.dispatchEvent(new Event(DRAIN_OUTBOX_EVENT));
  });
  navigator.serviceWorker.startMessages();

  const firstVisit = navigator.serviceWorker.controller === null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => setUpdateWaiting(true));
  if (firstVisit) void wb.controlling.then(() => warmRuntimeCaches(wb));
  workbox = wb;
  void wb
    .register()
    .then(() => {
      window.setInterval(() => {
        if (navigator.onLine) void wb.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => console.warn('The service worker could not be registered.', error));
}

/**
 * On the first visit the vehicles and their images (and any chunk left out of the precache, such
 * as the charts) load before the worker controls the page, so they miss its caches; handing their URLs over now makes the very next offline reload complete.
 * The worker only caches URLs of its runtime routes, whatever it is sent.
 */
function warmRuntimeCaches(wb: Workbox): void {
  const prefixes = Object.values(RUNTIME_CACHED_PATHS);
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    const cached = prefixes.some((prefix) => url.pathname.startsWith(prefix)) || isLaterChunk(url.pathname);
    if (url.origin === window.location.origin && cached) {
      urls.add(url.href);
    }
  }
  if (urls.size === 0) return;
  void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [...urls] } }).catch(() => undefined);
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (applying) return;
  applying = true;
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  void navigator.serviceWorker.getRegistration().then((registration) => {
    // Another tab may already have activated it: then this page only needs the reload.
    if (registration?.waiting) wb.messageSkipWaiting();
    else window.location.reload();
  });
}
