/**
 * The rules for a tab whose code was replaced by a deploy (see stale-build.ts), kept free of the
 * browser so that they can be tested on their own.
 */

/** Where the recovery stands; the last three hold the reload and say why. */
export type StaleBuildStatus = 'idle' | 'checking' | 'reloading' | 'unavailable' | 'unsaved' | 'sending' | 'repeated';

export type HeldReason = Extract<StaleBuildStatus, 'unsaved' | 'sending' | 'repeated'>;

export function isHeld(status: StaleBuildStatus): status is HeldReason {
  return status === 'unsaved' || status === 'sending' || status === 'repeated';
}

/** What Chromium, Firefox and Safari say when a dynamic import fails, and Vite when a chunk's CSS does. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** The entry script a built index.html loads: its name changes with every build. */
export function entryScriptOf(html: string): string | null {
  return /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** Left in sessionStorage by an automatic reload, so that a tab never reloads in a loop. */
export interface ReloadMark {
  /** The build the tab ran when it reloaded. */
  from: string;
  at: number;
}

/** After an automatic reload, a tab waits this long before it would reload on its own again. */
export const RELOAD_GRACE_MS = 60_000;

export function parseReloadMark(raw: string | null): ReloadMark | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('from' in value) || !('at' in value)) return null;
    const { from, at } = value;
    return typeof from === 'string' && typeof at === 'number' ? { from, at } : null;
  } catch {
    return null;
  }
}

export interface RecoveryInput {
  /** A reload would load another build than this tab runs (the server or the service worker has it). */
  newerBuild: boolean;
  /** A form holds changes not yet saved. */
  unsavedWork: boolean;
  /** The outbox has a write in flight. */
  sending: boolean;
  mark: ReloadMark | null;
  build: string;
  now: number;
}

/**
 * Reload into the new version at once, unless it would lose unsaved work, cut a write in flight,
 * or repeat a reload that already happened (from this very build, or within the grace period):
 * then the user is told and chooses. Without a newer build (offline, or the same version), a
 * reload would not help.
 */
export function decideRecovery(input: RecoveryInput): 'reload' | 'unavailable' | HeldReason {
  if (!input.newerBuild) return 'unavailable';
  if (input.unsavedWork) return 'unsaved';
  if (input.sending) return 'sending';
  const { mark } = input;
  if (mark && (mark.from === input.build || input.now - mark.at < RELOAD_GRACE_MS)) return 'repeated';
  return 'reload';
}
