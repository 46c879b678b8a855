import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxEntry, OutboxFilter } from './outbox-types.ts';
import { cacheUser } from './persister.ts';

/*
 * What the screens read of the outbox: the entries as last read from IndexedDB. Kept apart from
 * the outbox itself (outbox.ts: the store, the sending, the retries), which starts after the first
 * paint: the frame of every page shows this state, and it should not carry the machinery.
 */

let snapshot: OutboxEntry[] = [];
let loaded = false;
let load: (() => void) | null = null;
const listeners = new Set<() => void>();

/** The outbox publishes each fresh read of its entries. */
export function publishOutboxEntries(entries: OutboxEntry[]): void {
  snapshot = entries;
  loaded = true;
  listeners.forEach((listener) => listener());
}

/** The outbox says how to read its entries when someone starts watching before it has. */
export function setOutboxLoader(loader: () => void): void {
  load = loader;
  if (!loaded && listeners.size > 0) loader();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!loaded) load?.();
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;
const emptySnapshot: OutboxEntry[] = [];

/** The entries not yet accepted by the server, in creation order; a screen shows its own as pending. */
export function useOutboxEntries(filter?: OutboxFilter): OutboxEntry[] {
  const entries = useSyncExternalStore(subscribe, getSnapshot, () => emptySnapshot);
  const kind = filter?.kind;
  const target = filter?.target;
  return useMemo(
    () =>
      kind === undefined && target === undefined
        ? entries
        : entries.filter(
            (entry) => (kind === undefined || entry.kind === kind) && (target === undefined || entry.target === target),
          ),
    [entries, kind, target],
  );
}

/** How many writes are waiting to reach the server (whatever their state). */
export function usePendingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => snapshot.length,
    () => 0,
  );
}

/** True while a write is in flight (a reload now would cut it). */
export function isOutboxSending(): boolean {
  return snapshot.some((entry) => entry.state === 'sending');
}

/** Re-renders when the answer of `isOutboxSending()` changes. */
export function useOutboxSending(): boolean {
  return useSyncExternalStore(subscribe, isOutboxSending, () => false);
}

/** A write the server accepted, as the sync panel's "Recently sent" list shows it. */
export interface SentWrite {
  id: string;
  label: string;
  sentAt: number;
}

/** What became of a queued write while the person was elsewhere: told on whatever screen they are on. */
export type OutboxNotice =
  { type: 'sent'; id: string; label: string } | { type: 'refused'; id: string; label: string; error: string };

const RECENT_KEY = 'fleet.outbox.recent';
const RECENT_MAX = 8;
const RECENT_MS = 24 * 60 * 60_000;

interface StoredRecent {
  /** Whose writes they are: another account on a shared tablet does not see them. */
  userId: number | null;
  writes: SentWrite[];
}

let recent: SentWrite[] | null = null;
let recentFor: number | null = null;
const recentListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: OutboxNotice) => void>();

function readRecent(): SentWrite[] {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null') as StoredRecent | null;
    if (!stored || stored.userId !== cacheUser() || !Array.isArray(stored.writes)) return [];
    const since = Date.now() - RECENT_MS;
    return stored.writes.filter((write) => write.sentAt >= since);
  } catch {
    return [];
  }
}

function getRecent(): SentWrite[] {
  if (recentFor !== cacheUser()) recent = null;
  recentFor = cacheUser();
  recent ??= readRecent();
  return recent;
}

/** Keeps a sent write in the recent list (shared by the tabs through localStorage). */
export function recordSentWrite(write: SentWrite): void {
  recent = [write, ...readRecent().filter((kept) => kept.id !== write.id)].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify({ userId: cacheUser(), writes: recent } satisfies StoredRecent));
  } catch {
    // Storage full or disabled: the list lives in this tab only.
  }
  recentListeners.forEach((listener) => listener());
}

function subscribeRecent(listener: () => void): () => void {
  recentListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== RECENT_KEY) return;
    recent = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    recentListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** At sign-out: the next person on a shared tablet does not see what was sent. */
export function forgetRecentlySent(): void {
  recent = null;
  try {
    localStorage.removeItem(RECENT_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  recentListeners.forEach((listener) => listener());
}

const noRecent: SentWrite[] = [];

/** The writes the server accepted in the last day, newest first. */
export function useRecentlySent(): SentWrite[] {
  return useSyncExternalStore(subscribeRecent, getRecent, () => noRecent);
}

/** The outbox says what became of a write that no form on screen was waiting for. */
export function publishOutboxNotice(notice: OutboxNotice): void {
  noticeListeners.forEach((listener) => listener(notice));
}

export function onOutboxNotice(listener: (notice: OutboxNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}
