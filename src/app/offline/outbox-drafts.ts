/*
 * A refused write reopened in the form it came from: the sync panel opens the form's address with
 * `#draft=<entry id>`, and the form fills itself from the entry (what the person typed) and, once
 * the corrected write is saved, removes the refused one. Kept out of outbox.ts so a form reads the
 * address without loading the outbox's machinery first.
 */

const PREFIX = '#draft=';

export function draftHash(entryId: string): string {
  return `${PREFIX}${encodeURIComponent(entryId)}`;
}

/** The entry id the address names, if any. */
export function draftIdFromHash(hash: string): string | null {
  if (!hash.startsWith(PREFIX)) return null;
  const id = decodeURIComponent(hash.slice(PREFIX.length));
  return /^[\w-]{8,64}$/.test(id) ? id : null;
}
