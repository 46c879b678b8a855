import { classifyFailure, type Outcome, SERVER_UNREACHABLE, SIGN_IN_AGAIN } from './outbox-policy.ts';
import type { OutboxStore, StoredEntry } from './outbox-store.ts';
import { type OutboxEntry, type OutboxKind, type OutboxRequest, OUTBOX_VERSION } from './outbox-types.ts';

export const OTHER_VERSION = 'Saved by another version of the app. Reload the app to send it.';
export const OTHER_ACCOUNT = 'Saved while another account was signed in. It is sent when that account signs in again.';

const KINDS: readonly OutboxKind[] = [
  'anonymous-booking-request',
  'booking-request',
  'request-review',
  'customer-edit',
  'own-customer-edit',
  'maintenance-record',
  'inspection',
  'agreement-signature',
  'return-charge',
  'booking-move',
];

/** Everything the outbox needs from its surroundings, injected so tests run it on a fake clock and sender. */
export interface OutboxDeps {
  store: OutboxStore;
  /** Sends one entry; resolves on 2xx (with the reply's body), throws ApiError / NetworkError otherwise. */
  send(entry: OutboxEntry): Promise<unknown>;
  now(): number;
  random(): number;
  newId(): string;
  /** The signed-in user as far as this device knows (null: signed out or not known). */
  currentUser(): number | null;
  isOnline(): boolean;
  /** After the server accepted an entry (and it left the store), with its reply: invalidate the affected queries. */
  onSent(entry: OutboxEntry, reply: unknown): Promise<void> | void;
  /** After any change to the stored entries. */
  onChange(): void;
  /** After a send found no server: the connectivity signal should look again. */
  onNetworkError(): void;
  /**
   * Runs `work` when this tab may drain, else returns without running it. `exclusive` tells whether
   * the lock is real (Web Locks) or assumed (no lock API: every tab drains).
   */
  withDrainLock(work: (exclusive: boolean) => Promise<void>): Promise<void>;
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Written by this build, so every field is there and means what this code thinks. */
export function isCurrent(entry: StoredEntry): entry is OutboxEntry {
  return entry.version === OUTBOX_VERSION;
}

/** Entries queued while signed out, or anonymous ones, may go with whoever is signed in. */
function belongsTo(entry: OutboxEntry, user: number | null): boolean {
  return entry.kind === 'anonymous-booking-request' || entry.userId === null || user === null || entry.userId === user;
}

function targetOf(entry: StoredEntry): string {
  return typeof entry.target === 'string' ? entry.target : `entry:${entry.id}`;
}

/** A record of another build, shown (never sent, never dropped) as needing attention. */
function foreignEntry(entry: StoredEntry): OutboxEntry {
  const kind = KINDS.find((known) => known === entry.kind) ?? 'booking-request';
  const label = typeof entry.label === 'string' ? entry.label : 'A change saved on this device';
  const createdAt = typeof entry.createdAt === 'number' ? entry.createdAt : 0;
  return {
    id: entry.id,
    kind,
    target: targetOf(entry),
    label,
    state: 'attention',
    attempts: typeof entry.attempts === 'number' ? entry.attempts : 0,
    nextAttemptAt: 0,
    lastError: OTHER_VERSION,
    errorFields: null,
    createdAt,
    seq: entry.seq,
    version: typeof entry.version === 'number' ? entry.version : 0,
    userId: null,
    request: { kind, target: targetOf(entry), method: 'POST', url: '', invalidate: [], label },
  };
}

/** The request as stored: files' names written down beside their Blobs. */
function storable(request: OutboxRequest): OutboxRequest {
  const { form } = request;
  const copy: OutboxRequest = {
    kind: request.kind,
    target: request.target,
    method: request.method,
    url: request.url,
    json: request.json,
    invalidate: request.invalidate,
    label: request.label,
    ...(request.reopen ? { reopen: { path: request.reopen.path, label: request.reopen.label } } : {}),
    ...(request.estimate !== undefined ? { estimate: request.estimate } : {}),
  };
  if (!form) return copy;
  const fileNames = Object.fromEntries(
    Object.entries(form.files).map(([name, blobs]) => [
      name,
      blobs.map((blob, index) => form.fileNames?.[name]?.[index] ?? (blob instanceof File ? blob.name : name)),
    ]),
  );
  return { ...copy, form: { fields: form.fields, files: form.files, fileNames } };
}

function validate(request: OutboxRequest): void {
  if (!KINDS.includes(request.kind)) throw new TypeError(`Unknown outbox kind: ${String(request.kind)}`);
  if (request.method !== 'POST' && request.method !== 'PATCH') throw new TypeError('The outbox sends POST or PATCH.');
  if (!request.url || !request.target) throw new TypeError('An outbox request needs a url and a target.');
  if (request.json !== undefined && request.form)
    throw new TypeError('An outbox request has a JSON or a form body, not both.');
}

/**
 * The outbox: a durable queue of writes, sent in order per target, each under its own
 * Idempotency-Key, until the server has answered for good. Nothing leaves the store except on
 * success or by `discard`.
 */
export function createOutbox(deps: OutboxDeps) {
  const { store } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let recovered = false;

  const changed = () => deps.onChange();

  /** The next entry to send: the earliest ready entry that is the first of its target. */
  function pickNext(entries: StoredEntry[], tried: ReadonlySet<string>): OutboxEntry | undefined {
    const now = deps.now();
    const user = deps.currentUser();
    const seen = new Set<string>();
    for (const entry of entries) {
      const target = targetOf(entry);
      if (seen.has(target)) continue;
      // Whatever its state, the first entry of a target holds back the later ones.
      seen.add(target);
      if (
        isCurrent(entry) &&
        entry.state === 'waiting' &&
        entry.nextAttemptAt <= now &&
        !tried.has(entry.id) &&
        belongsTo(entry, user)
      ) {
        return entry;
      }
    }
    return undefined;
  }

  async function settle(entry: OutboxEntry, outcome: Outcome): Promise<void> {
    if (outcome.type === 'sent') {
      await store.update(entry.id, () => null);
      changed();
      try {
        await deps.onSent(entry, outcome.reply);
      } catch (error) {
        console.warn('Refreshing after a sent change failed.', error);
      }
      // A signed-in call went through, so the session is back: paused entries may go too.
      if (entry.kind !== 'anonymous-booking-request') await resumeAfterSignIn();
      return;
    }
    const now = deps.now();
    await store.update(entry.id, (stored) => {
      if (!isCurrent(stored) || stored.state !== 'sending') return undefined;
      const attempts = stored.attempts + 1;
      switch (outcome.type) {
        case 'retry':
          return {
            ...stored,
            state: 'waiting',
            attempts,
            nextAttemptAt: now + outcome.delayMs,
            lastError: outcome.error,
            errorFields: null,
          };
        case 'paused':
          return { ...stored, state: 'paused', attempts, lastError: outcome.error, errorFields: null };
        case 'conflict':
          return {
            ...stored,
            state: 'conflict',
            attempts,
            lastError: outcome.error,
            errorFields: outcome.fields,
            serverCopy: outcome.current,
          };
        case 'attention':
          return { ...stored, state: 'attention', attempts, lastError: outcome.error, errorFields: outcome.fields };
      }
    });
    changed();
    if (outcome.type === 'retry' && outcome.network) deps.onNetworkError();
    // Signed out: the other entries that need a session would only collect 401s one by one.
    if (outcome.type === 'paused') await pauseForSignIn();
  }

  async function sendReady(): Promise<void> {
    // Each entry is tried at most once per run: an immediate retry (jitter near 0) waits for the timer.
    const tried = new Set<string>();
    for (;;) {
      if (!deps.isOnline()) return;
      const next = pickNext(await store.all(), tried);
      if (!next) return;
      tried.add(next.id);
      const marked = await store.update(next.id, (stored) =>
        isCurrent(stored) && stored.state === 'waiting' ? { ...stored, state: 'sending' } : undefined,
      );
      if (!marked || !isCurrent(marked)) continue;
      changed();
      let outcome: Outcome;
      try {
        outcome = { type: 'sent', reply: await deps.send(marked) };
      } catch (error) {
        outcome = classifyFailure(error, marked.attempts + 1, deps.random);
      }
      await settle(marked, outcome);
    }
  }

  /** Entries left 'sending' by a tab that closed mid-request go back to waiting; their key makes the resend safe. */
  async function recoverInterrupted(): Promise<number> {
    const now = deps.now();
    const count = await store.updateAll((stored) =>
      isCurrent(stored) && stored.state === 'sending' ? { ...stored, state: 'waiting', nextAttemptAt: now } : undefined,
    );
    if (count) changed();
    return count;
  }

  /** Sends what is ready. Concurrent calls in one tab share a run, and a call during a run makes it look again. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deps.withDrainLock(async (exclusive) => {
            // Holding the lock proves no other tab is mid-send; without locks, only this tab's start does.
            if (exclusive || !recovered) await recoverInterrupted();
            recovered = true;
            await sendReady();
          });
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function enqueue(request: OutboxRequest): Promise<OutboxEntry> {
    validate(request);
    const now = deps.now();
    const entry = await store.add((seq) => ({
      id: deps.newId(),
      kind: request.kind,
      target: request.target,
      label: request.label,
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      errorFields: null,
      createdAt: now,
      seq,
      version: OUTBOX_VERSION,
      userId: request.kind === 'anonymous-booking-request' ? null : deps.currentUser(),
      request: storable(request),
    }));
    changed();
    return entry;
  }

  /**
   * Sends an entry again now. A refused entry (attention, conflict) goes under a fresh key: the
   * server keeps its refusal under the old key and would only repeat it. Others keep their key,
   * because their first send may have reached the server.
   */
  async function retryEntry(id: string): Promise<void> {
    const now = deps.now();
    const entry = await store.get(id);
    if (!entry || !isCurrent(entry)) return;
    if (entry.state === 'attention' || entry.state === 'conflict') {
      await store.replace(id, (old) =>
        isCurrent(old) && (old.state === 'attention' || old.state === 'conflict')
          ? {
              ...old,
              id: deps.newId(),
              state: 'waiting',
              attempts: 0,
              nextAttemptAt: now,
              lastError: null,
              errorFields: null,
              serverCopy: undefined,
            }
          : undefined,
      );
    } else {
      await store.update(id, (old) =>
        isCurrent(old) && (old.state === 'waiting' || old.state === 'paused')
          ? { ...old, state: 'waiting', nextAttemptAt: now, lastError: old.state === 'paused' ? null : old.lastError }
          : undefined,
      );
    }
    changed();
  }

  /**
   * Replaces the body of a refused entry (the user fixed it) and queues it again under a fresh key,
   * in the same place of its target's order. Only refused entries: a write whose fate is unknown
   * must not be sent again with another body.
   */
  async function reviseEntry(id: string, request: OutboxRequest): Promise<OutboxEntry | undefined> {
    validate(request);
    const now = deps.now();
    const revised = await store.replace(id, (old) =>
      isCurrent(old) && (old.state === 'attention' || old.state === 'conflict')
        ? {
            ...old,
            id: deps.newId(),
            kind: request.kind,
            target: request.target,
            label: request.label,
            request: storable(request),
            state: 'waiting',
            attempts: 0,
            nextAttemptAt: now,
            lastError: null,
            errorFields: null,
            serverCopy: undefined,
          }
        : undefined,
    );
    if (revised) changed();
    return revised;
  }

  /** The only way a failing entry leaves the store: the user chose to drop it. */
  async function discardEntry(id: string): Promise<boolean> {
    const result = await store.update(id, (stored) => (stored.state === 'sending' ? undefined : null));
    if (result === null) changed();
    return result === null;
  }

  async function resumeAfterSignIn(): Promise<number> {
    const now = deps.now();
    const count = await store.updateAll((stored) =>
      isCurrent(stored) && stored.state === 'paused'
        ? { ...stored, state: 'waiting', nextAttemptAt: now, lastError: null }
        : undefined,
    );
    if (count) changed();
    return count;
  }

  /** The session ended: entries that need one wait for the next sign-in instead of failing one by one. */
  async function pauseForSignIn(): Promise<number> {
    const count = await store.updateAll((stored) =>
      isCurrent(stored) && stored.state === 'waiting' && stored.kind !== 'anonymous-booking-request'
        ? { ...stored, state: 'paused', lastError: SIGN_IN_AGAIN }
        : undefined,
    );
    if (count) changed();
    return count;
  }

  /**
   * The connection is back: entries that failed for want of a network go now rather than at the end
   * of their backoff (a server that asked for time with Retry-After keeps it), and paused ones try
   * again, since a 401 on a bad connection may have been a refresh that never arrived.
   */
  async function reconnected(): Promise<number> {
    const now = deps.now();
    const count = await store.updateAll((stored) => {
      if (!isCurrent(stored)) return undefined;
      if (stored.state === 'paused') return { ...stored, state: 'waiting', nextAttemptAt: now, lastError: null };
      if (stored.state === 'waiting' && stored.lastError === SERVER_UNREACHABLE && stored.nextAttemptAt > now) {
        return { ...stored, nextAttemptAt: now };
      }
      return undefined;
    });
    if (count) changed();
    return count;
  }

  /** The entries as the user should see them, in creation order. */
  async function list(): Promise<OutboxEntry[]> {
    const user = deps.currentUser();
    return (await store.all()).map((stored) => {
      if (!isCurrent(stored)) return foreignEntry(stored);
      if (stored.state === 'waiting' && !belongsTo(stored, user)) {
        return { ...stored, state: 'paused', lastError: OTHER_ACCOUNT };
      }
      return stored;
    });
  }

  /** When the earliest backed-off entry becomes due, or null when none waits for a time. */
  async function nextWakeAt(): Promise<number | null> {
    let earliest: number | null = null;
    for (const stored of await store.all()) {
      if (isCurrent(stored) && stored.state === 'waiting' && (earliest === null || stored.nextAttemptAt < earliest)) {
        earliest = stored.nextAttemptAt;
      }
    }
    return earliest;
  }

  return {
    enqueue,
    drain,
    retryEntry,
    reviseEntry,
    discardEntry,
    resumeAfterSignIn,
    pauseForSignIn,
    reconnected,
    recoverInterrupted,
    list,
    nextWakeAt,
  };
}
