import { useSyncExternalStore } from 'react';

/*
 * Whether a new version waits for a reload. The registration (register.ts, with workbox-window)
 * starts after the first paint and sets this; the update prompt in every frame only reads it.
 */

let updateWaiting = false;
const listeners = new Set<() => void>();

export function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  listeners.forEach((listener) => listener());
}

/** True once a new version is installed and waiting for a reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
