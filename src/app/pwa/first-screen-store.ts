import { SW_CACHES } from './cache-names.ts';
import { FIRST_SCREEN_ENTRY_HEADER, FIRST_SCREEN_PATH } from './first-screen-policy.ts';
import { runningEntryScript } from './stale-build.ts';

/** Forgets the snapshot: at sign-in, so a signed-in user never reopens into the visitors' page. */
export async function clearFirstScreen(): Promise<void> {
  if ('caches' in window) await caches.delete(SW_CACHES.firstScreen);
}

/** Saves the page as it is drawn now for the next start (see first-screen.ts). */
export async function saveFirstScreen(): Promise<void> {
  const root = document.getElementById('root');
  const entry = runningEntryScript();
  // Without service workers nothing would ever read it (on a first visit the worker is still
  // installing: it will find it at the next start).
  if (!root || !entry || !('caches' in window) || !('serviceWorker' in navigator)) return;
  const copy = root.cloneNode(true);
  if (!(copy instanceof HTMLElement)) return;
  copy.querySelectorAll('[data-snapshot="omit"], dialog').forEach((node) => node.remove());
  // A drawer left open on a phone would open the next start with it.
  copy.querySelectorAll('[data-open="true"]').forEach((node) => node.setAttribute('data-open', 'false'));
  const cache = await caches.open(SW_CACHES.firstScreen);
  await cache.put(
    FIRST_SCREEN_PATH,
    new Response(copy.innerHTML, {
      headers: { 'content-type': 'text/html; charset=utf-8', [FIRST_SCREEN_ENTRY_HEADER]: entry },
    }),
  );
}
