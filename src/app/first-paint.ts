import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Whether the app's first screen is up and its deferred start has run (start.ts). What is not
 * part of the first screen waits for it, so its code is not fetched before the first content.
 */
let done = false;
const listeners = new Set<() => void>();

export function markAfterFirstPaint(): void {
  done = true;
  listeners.forEach((listener) => listener());
}

function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => done,
    // Rendered on a server (a test's renderToString): the first paint is never behind it.
    () => false,
  );
}

const kept = new Map<() => Promise<unknown>, unknown>();

/**
 * What `load` (a module-level dynamic import) gives, once the first screen is up; null until then.
 * Unlike React.lazy, a chunk that cannot be fetched (offline without the service worker) leaves
 * the page as it is and is asked for again when the connection returns.
 */
export function useLoadedAfterFirstPaint<T>(load: () => Promise<T>): T | null {
  const ready = useAfterFirstPaint();
  // Kept per loader, so a layout that mounts again (public → staff) shows it at once.
  const [loaded, setLoaded] = useState(() => (kept.has(load) ? { value: kept.get(load) as T } : null));
  useEffect(() => {
    if (!ready || loaded) return;
    let cancelled = false;
    const attempt = () => {
      load().then(
        (value) => {
          kept.set(load, value);
          if (!cancelled) setLoaded({ value });
        },
        () => undefined,
      );
    };
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      cancelled = true;
      window.removeEventListener('online', attempt);
    };
  }, [ready, loaded, load]);
  return loaded ? loaded.value : null;
}
