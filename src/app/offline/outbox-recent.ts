import { useSyncExternalStore } from 'react';
import { cacheUser } from './persister.ts';

/*
 * What became of the writes queued earlier: the ones sent lately (the sync panel's "Recently
 * sent") and the notices of a write sent or refused while the person was elsewhere. Kept apart
 * from outbox-state.ts, which the first screen loads: only the header's status (after the first
 * paint) and the outbox itself read these.
 */

/** A write the server accepted, as the sync panel's "Recently sent" list shows it. */
export interface SentWrite {
  id: string;
  label: string;
  sentAt: number;
  /** The id of the record the server made of it (its reply's `id`), when it answered one. */
  recordId?: number;
  /** The price the device estimated while the write waited (OutboxRequest.estimate). */
  estimate?: string;
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
