/**
 * Which forms hold unsaved edits: the registry the forms' hooks (dirty-forms.ts) write and the
 * stale-build recovery reads. Kept apart from the hooks: the recovery starts with every page, the
 * forms load with their screens, so the landing's first code carries only this.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium shows the question only when returnValue is set.
  event.returnValue = true;
}

/** Marks form `id` dirty or clean; while any is dirty, leaving the page asks "leave site?". */
export function setFormDirty(id: string, dirty: boolean): void {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  if (before === dirtyForms.size) return;
  if (before === 0) window.addEventListener('beforeunload', onBeforeUnload);
  if (dirtyForms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  listeners.forEach((listener) => listener());
}

export function hasDirtyForms(): boolean {
  return dirtyForms.size > 0;
}

/** Calls `listener` whenever the answer of `hasDirtyForms()` may have changed; returns the unsubscribe. */
export function subscribeDirtyForms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
