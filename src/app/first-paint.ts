import { useSyncExternalStore } from 'react';

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

export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => done,
  );
}
