import { useEffect, useState } from 'react';
import { draftIdFromHash } from './outbox-drafts.ts';
import { getEntry, type OutboxKind } from './outbox.ts';

/** A request the server refused after it was queued, reopened in its form from the sync panel. */
export interface RefusedDraft {
  /** The refused entry: removed once the changed request is saved. */
  id: string;
  /** The server's sentence, e.g. that the dates are taken. */
  error: string | null;
  values: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The refused entry the address names (`#draft=<id>`), when it is a request of `kind` for this
 * vehicle and still on this device; null otherwise (the form starts empty, as usual).
 */
export function useRefusedDraft(kind: OutboxKind, vehicleId: number): RefusedDraft | null {
  const [draft, setDraft] = useState<RefusedDraft | null>(null);
  useEffect(() => {
    const id = draftIdFromHash(window.location.hash);
    if (!id) return;
    let live = true;
    void getEntry(id)
      .then((entry) => {
        const json = entry?.request.json;
        if (!live || !entry || entry.kind !== kind || !isRecord(json) || json.vehicle_id !== vehicleId) return;
        setDraft({ id, error: entry.lastError, values: json });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, vehicleId]);
  return draft;
}

/** The form's values from what was typed: only the form's own fields, as the inputs hold them (text). */
export function draftFormValues<T extends Record<string, unknown>>(defaults: T, values: Record<string, unknown>): T {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [name, fallback] of Object.entries(defaults)) {
    const typed = values[name];
    if (typed === undefined || typed === null) continue;
    merged[name] = typeof fallback === 'string' && typeof typed === 'number' ? String(typed) : typed;
  }
  return merged as T;
}
