import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxEntry, OutboxFilter } from './outbox-types.ts';

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
