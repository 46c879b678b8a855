import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import type { OutboxEntry, OutboxForm } from './outbox-types.ts';

/** A multipart upload on a poor connection may take long, but a hung request must not hold the drain lock forever. */
const SEND_TIMEOUT_MS = 2 * 60_000;

/**
 * Rebuilds the multipart body from the stored parts. A file keeps its name (the server's replay
 * check compares names too); a bare Blob is named after its field.
 */
export function buildFormData(form: OutboxForm): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  for (const [name, blobs] of Object.entries(form.files)) {
    blobs.forEach((blob, index) => {
      data.append(name, blob, form.fileNames?.[name]?.[index] ?? (blob instanceof File ? blob.name : name));
    });
  }
  return data;
}

/** Sends an entry through the API client (CSRF header, one refresh on 401) under its Idempotency-Key; answers the reply. */
export async function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const { method, url, json, form } = entry.request;
  const reply = await apiRequest<unknown>(method, url, {
    json: form ? undefined : json,
    form: form ? buildFormData(form) : undefined,
    idempotencyKey: entry.id,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  return reply.data;
}

/** Marks the queries a sent write affects as stale, so screens refetch them (active ones at once). */
export function invalidateKeys(queryClient: QueryClient | null, keys: readonly (readonly unknown[])[]): void {
  for (const queryKey of keys) {
    void queryClient?.invalidateQueries({ queryKey }).catch(() => undefined);
  }
}
