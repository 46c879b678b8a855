import { useEffect } from 'react';

/*
 * The landing page as it was last drawn, kept for the service worker to put into the shell when
 * the app is opened again (sw.ts): the vehicles are on screen as soon as the HTML and the styles
 * are, before the code has loaded, and React draws over them when it starts. Only what a visitor
 * sees is kept — never a signed-in user's page — and only the first screen of it. Saving and
 * forgetting it (first-screen-store.ts) load when first needed: a visitor's `/` draws without them.
 */

/**
 * Keeps the page's snapshot while `ready` (the visitors' landing with its list, unfiltered), taken
 * when the browser is idle after each change of `version` (the list's data).
 */
export function useFirstScreenSnapshot(ready: boolean, version: number): void {
  useEffect(() => {
    if (!ready) return;
    // The saving code loads when first needed: it is no part of drawing the page.
    const save = () =>
      void import('./first-screen-store.ts').then(({ saveFirstScreen }) => saveFirstScreen()).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(save, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(save, 1_000);
    return () => clearTimeout(timer);
  }, [ready, version]);
}
