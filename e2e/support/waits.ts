import { expect, type Page } from '@playwright/test';

/*
 * Waits for what the app does, never for a fixed time: the query cache saved to IndexedDB (the
 * persister writes at most once a second), the browser idle (when the landing's snapshot is taken).
 */

export interface SavedQuery {
  queryKey: unknown[];
  state?: { data?: unknown };
}

export interface SavedCache {
  /** When the app dehydrated what it saved (Date.now() in the page). */
  timestamp: number;
  queries: SavedQuery[];
}

/**
 * The query cache as the app last saved it in IndexedDB, or null before its first save. The
 * database is only read when it exists: opening it here first would create it without its store.
 */
export function savedCache(page: Page): Promise<SavedCache | null> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'fleet-query-cache')) return null;
    return new Promise<SavedCache | null>((resolve, reject) => {
      const open = indexedDB.open('fleet-query-cache');
      open.onerror = () => reject(new Error('cannot open the query cache'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('clients')) {
          db.close();
          return resolve(null);
        }
        const read = db.transaction('clients').objectStore('clients').get('client');
        read.onsuccess = () => {
          const client = read.result as { timestamp?: number; clientState?: { queries?: SavedQuery[] } } | undefined;
          db.close();
          resolve(client ? { timestamp: client.timestamp ?? 0, queries: client.clientState?.queries ?? [] } : null);
        };
        read.onerror = () => reject(new Error('cannot read the query cache'));
      };
    });
  });
}

/** What a saved query is recognised by: segments its key holds (anywhere), text its data shows. */
export interface SavedQueryMatch {
  key?: unknown[];
  shows?: string;
}

function matches(query: SavedQuery, { key = [], shows }: SavedQueryMatch): boolean {
  const keyText = query.queryKey.map((segment) => JSON.stringify(segment));
  return (
    key.every((segment) => keyText.includes(JSON.stringify(segment))) &&
    (shows === undefined || JSON.stringify(query.state?.data ?? null).includes(shows))
  );
}

/** Waits until the saved cache holds a query like `match`: what an offline start will read back. */
export async function waitForSavedQuery(page: Page, match: SavedQueryMatch): Promise<void> {
  await expect
    .poll(async () => ((await savedCache(page))?.queries ?? []).some((query) => matches(query, match)), {
      message: `a query ${JSON.stringify(match)} saved for offline use`,
      timeout: 10_000,
    })
    .toBe(true);
}

/** Waits until the app has saved its query cache again, with what it held at `since` (page time) or later. */
export async function waitForCacheSavedAfter(page: Page, since: number): Promise<void> {
  await expect
    .poll(async () => ((await savedCache(page))?.timestamp ?? 0) > since, {
      message: 'the query cache saved again',
      timeout: 10_000,
    })
    .toBe(true);
}

/** The page's clock now (Date.now() in the page). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Resolves once the browser has been idle twice for the page: idle callbacks run in the order they
 * were asked for, so the app's own (asked for before) have run, and the work they started (the
 * landing's snapshot) has had an idle period of its own to finish in.
 */
export async function browserIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => requestIdleCallback(() => resolve()));
      }),
  );
}
