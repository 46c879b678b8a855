import { entryScriptOf } from './stale-build-policy.ts';

/*
 * The first screen a reopened app shows before its code has run: the service worker answers `/`
 * with the shell and, inside its root element, the landing page as it was last drawn (see
 * first-screen.ts). These are the rules, kept free of the browser so they can be tested alone.
 */

/** The URL the snapshot is kept under, in the SW_CACHES.firstScreen cache. */
export const FIRST_SCREEN_PATH = '/';
/** Which build drew the snapshot: its entry script, as in index.html. */
export const FIRST_SCREEN_ENTRY_HEADER = 'x-fleet-entry';

const EMPTY_ROOT = '<div id="root"></div>';
/** index.html's loading shell (decision 036): a page that opens with its first screen has no use for it. */
const LOADING_SHELL = /<!--boot-shell-->[\s\S]*?<!--\/boot-shell-->/;

/**
 * The shell with the snapshot inside its root and without its loading placeholders, or null when
 * the snapshot must not be shown: drawn by another build (its markup and class names may not
 * match this build's styles), or a shell without the empty root to fill.
 */
export function withFirstScreen(shellHtml: string, snapshotHtml: string, snapshotEntry: string | null): string | null {
  const entry = entryScriptOf(shellHtml);
  if (entry === null || entry !== snapshotEntry || snapshotHtml.trim() === '') return null;
  const page = shellHtml.replace(LOADING_SHELL, '');
  const at = page.indexOf(EMPTY_ROOT);
  if (at < 0) return null;
  return `${page.slice(0, at)}<div id="root">${snapshotHtml}</div>${page.slice(at + EMPTY_ROOT.length)}`;
}
