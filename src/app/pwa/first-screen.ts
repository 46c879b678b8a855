import { useEffect } from 'react';
import { SW_CACHES } from './cache-names.ts';
import { FIRST_SCREEN_ENTRY_HEADER, FIRST_SCREEN_PATH } from './first-screen-policy.ts';

/*
 * The landing page as it was last drawn, kept for the service worker to put into the shell when
 * the app is opened again (sw.ts): the vehicles are on screen as soon as the HTML and the styles
 * are, before the code has loaded, and React draws over them when it starts. Only what a visitor
 * sees is kept — never a signed-in user's page — and only the first screen of it.
 */

/** Marks what a snapshot leaves out: cards past the first screen, transient layers. */
export const SNAPSHOT_OMIT = { 'data-snapshot': 'omit' } as const;

function runningEntry(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

async function saveFirstScreen(): Promise<void> {
  const root = document.getElementById('root');
  const entry = runningEntry();
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

/** Forgets the snapshot: at sign-in, so a signed-in user never reopens into the visitors' page. */
export async function clearFirstScreen(): Promise<void> {
  if ('caches' in window) await caches.delete(SW_CACHES.firstScreen);
}

/**
 * Keeps the page's snapshot while `ready` (the visitors' landing with its list, unfiltered), taken
 * when the browser is idle after each change of `version` (the list's data).
 */
export function useFirstScreenSnapshot(ready: boolean, version: number): void {
  useEffect(() => {
    if (!ready) return;
    const save = () => void saveFirstScreen().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(save, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(save, 1_000);
    return () => clearTimeout(timer);
  }, [ready, version]);
}
