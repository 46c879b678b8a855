import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Forms with unsaved edits. The update prompt waits for none to be left, and leaving the page
 * asks the browser's "leave site?" question while any is dirty.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium shows the question only when returnValue is set.
  event.returnValue = true;
}

function update(id: string, dirty: boolean): void {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  if (before === dirtyForms.size) return;
  if (before === 0) window.addEventListener('beforeunload', onBeforeUnload);
  if (dirtyForms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  listeners.forEach((listener) => listener());
}

/** Marks the calling form as dirty while `isDirty` is true and until it unmounts. */
export function useDirtyForm(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    update(id, true);
    return () => update(id, false);
  }, [id, isDirty]);
}

export function hasDirtyForms(): boolean {
  return dirtyForms.size > 0;
}

/** Re-renders when the answer of `hasDirtyForms()` changes. */
export function useHasDirtyForms(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasDirtyForms,
    () => false,
  );
}
