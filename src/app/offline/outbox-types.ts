/**
 * The outbox's data: what a screen asks to send, and the entry kept for it until the server
 * has answered for good. Entries live in IndexedDB, so their shape is versioned.
 */

/** The shape of the entries this build writes. A build meeting a higher version leaves the entry alone. */
export const OUTBOX_VERSION = 1;

export type OutboxKind =
  | 'anonymous-booking-request'
  | 'booking-request'
  | 'request-review'
  | 'customer-edit'
  | 'own-customer-edit'
  | 'maintenance-record'
  | 'inspection'
  | 'agreement-signature'
  | 'return-charge'
  | 'booking-move';

/**
 * waiting: queued or backing off; sending: in flight; attention: the server refused it (4xx);
 * conflict: 409/412, the data changed on the server; paused: waiting for the user to sign in again.
 */
export type OutboxState = 'waiting' | 'sending' | 'attention' | 'conflict' | 'paused';

/** A multipart body kept as parts: the FormData is rebuilt at send time from these. */
export interface OutboxForm {
  fields: Record<string, string | string[]>;
  files: Record<string, Blob[]>;
  /** The files' names, kept beside the Blobs at enqueue (a File does not stay a File in every store). */
  fileNames?: Record<string, string[]>;
}

export interface OutboxRequest {
  kind: OutboxKind;
  /** What must stay in order, e.g. `customer:12` or `booking-request:7`; unrelated targets never wait for each other. */
  target: string;
  method: 'POST' | 'PATCH';
  /** An API path such as `rentals/booking-requests/`. */
  url: string;
  json?: unknown;
  form?: OutboxForm;
  /** Query keys invalidated once the server has accepted the write. */
  invalidate: readonly (readonly unknown[])[];
  /** How the user recognises the write in lists, e.g. "Booking request: Toyota Yaris, 12/05/2026". */
  label: string;
  /**
   * Where a refused write is changed: the form it came from (opened with `#draft=<entry id>`, so it
   * shows what was typed) and the words of the action, e.g. "Change the dates".
   */
  reopen?: { path: string; label: string };
  /**
   * The price the device estimated for the write while it waits (a request's total, as a decimal
   * string): once sent, its screen compares it with the server's own (issue 21).
   */
  estimate?: string;
}

export interface OutboxEntry {
  /** A UUID, sent as `Idempotency-Key`: a resend of the same entry never makes a second row. */
  id: string;
  kind: OutboxKind;
  target: string;
  label: string;
  state: OutboxState;
  /** Answers received so far (network failures included). */
  attempts: number;
  /** Epoch milliseconds before which a waiting entry is not sent again. */
  nextAttemptAt: number;
  /** The server's sentence (or ours) for the last failure. */
  lastError: string | null;
  /** The server's per-field messages with the last refusal, for a screen that lets the user fix them. */
  errorFields: Record<string, string[]> | null;
  /**
   * With a conflict: the record as the server held it when it refused (a 412's `current`), so the
   * user can compare versions even offline. Absent from entries saved before it existed.
   */
  serverCopy?: unknown;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Global creation order (unique across tabs); ties of `createdAt` are broken by it. */
  seq: number;
  version: number;
  /** Who was signed in when it was saved; another account's entries wait for that account. */
  userId: number | null;
  request: OutboxRequest;
}

export interface OutboxFilter {
  kind?: OutboxKind;
  target?: string;
}
