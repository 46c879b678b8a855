import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Deps } from '../context.ts';
import type { Database } from '../db/types.ts';
import { currentVersion } from '../repositories/data-versions.ts';

/**
 * A page of the public vehicle list, serialized and encoded once and served as is until the
 * fleet changes: a request costs no JSON, no UTF-8 encoding and no digest.
 */
export interface CachedPage {
  body: Buffer;
  /** Strong validator: a digest of the body and the total, so equal content keeps its ETag. */
  etag: string;
  /** The X-Total-Count header's value. */
  total: string;
}

interface Slot {
  version: number;
  /** The day the page was read on: its "from" prices look a year ahead of it. */
  day: string;
  page: Promise<CachedPage>;
}

/** Bounds the memory a caller can take by asking for many (limit, offset) pairs. */
const MAX_PAGES_PER_DATABASE = 64;

/**
 * Each process keeps its own copy of the pages, but whether a copy is current is decided by the
 * version of the public list: every write that changes what it shows (vehicle create, update,
 * delete, an agency's approval or logo, seeding) bumps it in its own transaction
 * (repositories/data-versions), and every request reads it first. On PostgreSQL that is one tiny
 * read of the shared row, so a write through any process is seen by all of them at once.
 * Pages are keyed by database (tests run several apps in one process) and by (limit, offset) and
 * the category filter; a category's rename or removal bumps the version like a vehicle's edit.
 * The cards' "from" prices depend on the seasons and on the day: a season's write or removal
 * bumps the version too, and a page read on another day is read again.
 */
const caches = new WeakMap<Kysely<Database>, Map<string, Slot>>();

/** A page's JSON with its ETag, as the cache keeps it; pages never cached use it too. */
export function renderPage({ items, total }: { items: readonly unknown[]; total: number }): CachedPage {
  const body = Buffer.from(JSON.stringify(items));
  const digest = createHash('sha256').update(`${total}\n`).update(body).digest('base64url').slice(0, 27);
  return { body, total: String(total), etag: `"${digest}"` };
}

/** One public record's JSON with a strong ETag (a digest of the body), e.g. a vehicle's page. */
export function renderOne(value: unknown): { body: Buffer; etag: string } {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** The cached page, loading it once when missing or stale; concurrent misses share one load. */
export async function publicVehiclePage(
  { db, dialect }: Pick<Deps, 'db' | 'dialect'>,
  page: { limit: number; offset: number; category?: string | undefined; day: string },
  load: () => Promise<{ items: readonly unknown[]; total: number }>,
): Promise<CachedPage> {
  // Read before loading: the load then sees at least this version's data, never older.
  const version = await currentVersion(db, dialect, 'public-vehicles');
  let pages = caches.get(db);
  if (!pages) {
    pages = new Map();
    caches.set(db, pages);
  }
  // The category as asked for: case-blind matching is the database's, so "SUV" and "suv" are two keys.
  const key =
    page.category === undefined ? `${page.limit}:${page.offset}` : `${page.limit}:${page.offset}:${page.category}`;
  const slot = pages.get(key);
  // A slot newer than the version read here is newer still: a slower request may serve it.
  if (slot && slot.version >= version && slot.day === page.day) return slot.page;

  const loading = load().then(renderPage);
  const own = pages;
  own.delete(key);
  own.set(key, { version, day: page.day, page: loading });
  if (own.size > MAX_PAGES_PER_DATABASE) {
    const oldest = own.keys().next();
    if (!oldest.done) own.delete(oldest.value);
  }
  loading.catch(() => {
    if (own.get(key)?.page === loading) own.delete(key);
  });
  return loading;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
