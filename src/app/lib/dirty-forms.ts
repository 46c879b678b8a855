import { useEffect, useId, useSyncExternalStore } from 'react';
import { hasDirtyForms, setFormDirty, subscribeDirtyForms } from './dirty-form-registry.ts';

/**
 * Forms with unsaved edits. The update prompt waits for none to be left, and leaving the page
 * asks the browser's "leave site?" question while any is dirty (dirty-form-registry.ts).
 */

/** Marks the calling form as dirty while `isDirty` is true and until it unmounts. */
export function useDirtyForm(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    setFormDirty(id, true);
    return () => setFormDirty(id, false);
  }, [id, isDirty]);
}

/** Re-renders when the answer of `hasDirtyForms()` changes. */
export function useHasDirtyForms(): boolean {
  return useSyncExternalStore(subscribeDirtyForms, hasDirtyForms, () => false);
}
