import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { CursorPaged } from '../repositories/keyset.ts';

/** A list page as it is sent: the JSON of its rows, and what its headers say. */
export interface RenderedPage {
  body: string;
  total: number;
  totalCapped: boolean;
  next: string | null;
}

interface Slot {
  version: number;
  page: Promise<RenderedPage>;
}

/** Bounds the memory one database's pages take (a page of 200 rows is about 150 KB). */
const MAX_PAGES_PER_DATABASE = 128;

/** Pages by database (tests run several apps in one process), then by caller scope and query. */
const caches = new WeakMap<Kysely<Database>, Map<string, Slot>>();

/**
 * The page `key` names, rendered once per `version` of what it shows. The caller reads the version
 * first, so what `load` then reads is at least that new; a slot rendered at a later version is
 * newer still. Concurrent misses share one load; a failed load is not kept. The least recently
 * used page goes first when the cache is full.
 */
export function renderedPage<T>(
  db: Kysely<Database>,
  key: string,
  version: number,
  load: () => Promise<CursorPaged<T>>,
): Promise<RenderedPage> {
  return keptRender(db, key, version, () =>
    load().then(({ items, total, totalCapped, next }) => ({
      body: JSON.stringify(items),
      total,
      totalCapped,
      next,
    })),
  );
}

/** renderedPage for a reply that is not a list page (e.g. a list's totals): kept the same way. */
export function keptRender(
  db: Kysely<Database>,
  key: string,
  version: number,
  render: () => Promise<RenderedPage>,
): Promise<RenderedPage> {
  let pages = caches.get(db);
  if (!pages) {
    pages = new Map();
    caches.set(db, pages);
  }
  const slot = pages.get(key);
  pages.delete(key);
  if (slot && slot.version >= version) {
    pages.set(key, slot);
    return slot.page;
  }
  const page = render();
  pages.set(key, { version, page });
  if (pages.size > MAX_PAGES_PER_DATABASE) {
    const oldest = pages.keys().next();
    if (!oldest.done) pages.delete(oldest.value);
  }
  const own = pages;
  page.catch(() => {
    if (own.get(key)?.page === page) own.delete(key);
  });
  return page;
}
