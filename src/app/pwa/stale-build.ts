import type { AnyRouter, BlockerFn } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { hasDirtyForms } from '../lib/dirty-form-registry.ts';
import { isOutboxSending } from '../offline/outbox-state.ts';
import { buildId } from '../offline/persister.ts';
import { decideRecovery, entryScriptOf, isHeld, parseReloadMark, type StaleBuildStatus } from './stale-build-policy.ts';

/**
 * A deploy under a running tab: the tab's screens are chunks of the old build, which the server
 * (and, once the new worker is active, its precache) no longer has, so the next screen's code
 * fails to load. The tab reloads into the new version — once, and never over a form with unsaved
 * changes or a write in flight; then StaleBuildAlert says so and offers the reload.
 */

const RELOAD_MARK_KEY = 'fleet.stale-build-reload';

let status: StaleBuildStatus = 'idle';
let recovery: Promise<void> = Promise.resolve();
let failures = 0;
let started = false;
const listeners = new Set<() => void>();

function setStatus(next: StaleBuildStatus): void {
  if (status === next) return;
  status = next;
  listeners.forEach((listener) => listener());
}

/** The entry script this tab runs: its name changes with every build. */
export function runningEntryScript(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * Whether a reload would bring another build than this tab runs: the shell the service worker
 * (from its precache) or else the server answers now. Offline without a worker, it would not.
 */
async function newerBuildServed(): Promise<boolean> {
  const running = runningEntryScript();
  try {
    const reply = await fetch('/index.html', { cache: 'no-cache' });
    if (!reply.ok) return false;
    const served = entryScriptOf(await reply.text());
    return served !== null && served !== running;
  } catch {
    return false;
  }
}

/** Records the automatic reload about to happen; without storage there is no loop guard, so no reload. */
function markReload(): boolean {
  try {
    sessionStorage.setItem(RELOAD_MARK_KEY, JSON.stringify({ from: buildId(), at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

function readReloadMark() {
  try {
    return parseReloadMark(sessionStorage.getItem(RELOAD_MARK_KEY));
  } catch {
    return null;
  }
}

/** Reloads now (the user asked, or nothing holds it back). */
export function reloadApp(): void {
  setStatus('reloading');
  window.location.reload();
}

/** Decides again, for a newer build known to be there: reload, or hold and say why. */
export function continueRecovery(): void {
  const decision = decideRecovery({
    newerBuild: true,
    unsavedWork: hasDirtyForms(),
    sending: isOutboxSending(),
    mark: readReloadMark(),
    build: buildId(),
    now: Date.now(),
  });
  if (decision === 'reload') {
    if (markReload()) reloadApp();
    else setStatus('repeated');
    return;
  }
  setStatus(decision);
}

function recover(): Promise<void> {
  if (status === 'checking' || status === 'reloading') return recovery;
  setStatus('checking');
  recovery = newerBuildServed().then((newer) => (newer ? continueRecovery() : setStatus('unavailable')));
  return recovery;
}

/**
 * TanStack Router reloads the page by itself when a lazy route's module is missing (once per
 * error message, whatever the page holds and even offline). Marking the message as handled, under
 * the router's own key, leaves the decision to `recover`.
 */
function takeOverRouterReload(error: unknown): void {
  if (!(error instanceof Error)) return;
  try {
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
  } catch {
    // No storage: the router cannot reload by itself either.
  }
}

/**
 * Loads the code of the screens a navigation leads to. A route's component swallows its own
 * import error until it renders, so failures are counted from Vite's event instead.
 */
async function loadsScreenCode(router: AnyRouter, pathname: string): Promise<boolean> {
  const before = failures;
  const [routes] = router.getMatchedRoutes(pathname);
  await Promise.all(routes.map((route) => Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined)));
  return failures === before;
}

/**
 * Starts watching for code that fails to load (every dynamic import goes through Vite's preload
 * helper, which fires `vite:preloadError`). A navigation away from unsaved work first loads the
 * next screen's code: when a deploy has removed it, the navigation is held, so the form stays on
 * screen with what was typed, and the alert explains.
 */
export function startStaleBuildRecovery(router: AnyRouter): void {
  if (started) return;
  started = true;
  window.addEventListener('vite:preloadError', (event) => {
    failures += 1;
    takeOverRouterReload(event.payload);
    void recover();
  });
  const holdOverUnsavedWork: BlockerFn = async ({ nextLocation }) => {
    if (!hasDirtyForms() || (await loadsScreenCode(router, nextLocation.pathname))) return false;
    await recovery;
    return isHeld(status);
  };
  router.history.block({ blockerFn: holdOverUnsavedWork, enableBeforeUnload: false });
}

/** Re-renders with the recovery's status. */
export function useStaleBuild(): StaleBuildStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => 'idle',
  );
}
