import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { requestPersistentStorage } from './persistent-storage.ts';
import { checkConnectivity } from './connectivity.ts';
import { createOutbox, type Outbox } from './outbox-engine.ts';
import { invalidateKeys, sendEntry } from './outbox-send.ts';
import { openOutboxStore } from './outbox-store.ts';
import type { OutboxEntry, OutboxRequest } from './outbox-types.ts';
import { publishOutboxEntries, setOutboxLoader } from './outbox-state.ts';
import { publishOutboxNotice, recordSentWrite, type SentWrite } from './outbox-recent.ts';
import { cacheUser } from './persister.ts';
import { DRAIN_OUTBOX_EVENT, OUTBOX_SYNC_TAG } from './outbox-sync.ts';

export { isOutboxSending, useOutboxEntries, useOutboxSending, usePendingCount } from './outbox-state.ts';
export { forgetRecentlySent, useRecentlySent } from './outbox-recent.ts';
export { OUTBOX_VERSION } from './outbox-types.ts';
export type { OutboxEntry, OutboxFilter, OutboxForm, OutboxKind, OutboxRequest, OutboxState } from './outbox-types.ts';

/** Set to '1' in localStorage before the app starts (e2e tests only) to expose the outbox on `window.__fleetOutbox`. */
export const E2E_FLAG = 'fleet.e2e';
/** Online, the queue is looked at this often even without an event: the drain lock may have changed hands. */
const DRAIN_INTERVAL_MS = 30_000;
const MIN_WAKE_MS = 500;

type Message =
  { type: 'changed' } | { type: 'sent'; write: SentWrite; invalidate: readonly (readonly unknown[])[]; told: boolean };

/** What e2e tests drive through `window.__fleetOutbox` (only with the e2e flag). */
export interface OutboxTestHook {
  enqueue: typeof enqueue;
  entries: () => Promise<OutboxEntry[]>;
  retryEntry: typeof retryEntry;
  discardEntry: typeof discardEntry;
  resumeAfterSignIn: typeof resumeAfterSignIn;
  drain: () => Promise<void>;
}

declare global {
  interface Window {
    __fleetOutbox?: OutboxTestHook;
  }
}

let queryClient: QueryClient | null = null;
let channel: BroadcastChannel | null = null;
let outbox: Outbox | null = null;
let refreshCount = 0;
let wakeTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** A v4 UUID; `randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function post(message: Message): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel (page unloading): the other tabs catch up on their next drain.
  }
}

/** One tab drains: the others would send the same entries (safe, thanks to the keys, but wasteful). */
async function withDrainLock(work: (exclusive: boolean) => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work(false);
  await navigator.locks.request(OUTBOX_SYNC_TAG, { ifAvailable: true }, async (lock) => {
    if (lock) await work(true);
  });
}

function getOutbox(): Outbox {
  outbox ??= createOutbox({
    store: openOutboxStore(),
    send: sendEntry,
    now: () => Date.now(),
    random: Math.random,
    newId,
    currentUser: cacheUser,
    isOnline: () => onlineManager.isOnline(),
    onSent(entry, reply) {
      invalidateKeys(queryClient, entry.request.invalidate);
      // A form still waiting for its answer says "sent" itself; any other write is told wherever the person is.
      const told = waiters.has(entry.id);
      const write = sentWrite(entry, recordIdOf(reply));
      post({ type: 'sent', write, invalidate: entry.request.invalidate, told });
      settleWaiter(entry.id, { status: 'sent' });
      wasSent(write, told);
    },
    onChange() {
      void refresh();
      post({ type: 'changed' });
    },
    onNetworkError() {
      void checkConnectivity();
      registerBackgroundSync();
    },
    withDrainLock,
  });
  return outbox;
}

/** Each entry's state at the last read (none before the first), so a refusal is told once, when it happens. */
let knownStates: Map<string, OutboxEntry['state']> | null = null;

function needsUser(state: OutboxEntry['state'] | undefined): boolean {
  return state === 'attention' || state === 'conflict';
}

/** Tells of the entries the server has just refused, unless a form on screen is waiting for them. */
function noticeRefusals(entries: readonly OutboxEntry[]): void {
  const before = knownStates;
  knownStates = new Map(entries.map((entry) => [entry.id, entry.state]));
  if (!before) return;
  for (const entry of entries) {
    if (!needsUser(entry.state) || needsUser(before.get(entry.id)) || waiters.has(entry.id)) continue;
    publishOutboxNotice({ type: 'refused', id: entry.id, label: entry.label, error: entry.lastError ?? '' });
  }
}

/** The id of the record a write made, from its reply (`{ id: 12, … }`); undefined for other replies. */
function recordIdOf(reply: unknown): number | undefined {
  if (typeof reply !== 'object' || reply === null || !('id' in reply)) return undefined;
  return typeof reply.id === 'number' ? reply.id : undefined;
}

/** A sent entry as the recent list keeps it: with the record it made and the price estimated while it waited. */
function sentWrite(entry: OutboxEntry, recordId: number | undefined): SentWrite {
  const { estimate } = entry.request;
  return {
    id: entry.id,
    label: entry.label,
    sentAt: Date.now(),
    ...(recordId !== undefined ? { recordId } : {}),
    ...(estimate !== undefined ? { estimate } : {}),
  };
}

function wasSent(write: SentWrite, told: boolean): void {
  const { id, label } = write;
  recordSentWrite(write);
  if (!told) publishOutboxNotice({ type: 'sent', id, label });
  notifySent(id);
}

async function refresh(): Promise<void> {
  const count = ++refreshCount;
  try {
    const entries = await getOutbox().list();
    // A later refresh may already have answered: never overwrite newer with older.
    if (count !== refreshCount) return;
    noticeRefusals(entries);
    publishOutboxEntries(entries);
    checkWaiters(entries);
  } catch (error) {
    console.warn('The outbox could not be read.', error);
  }
}

/** Asks the service worker to wake the app when the connection returns, where the browser can (Chromium). */
function registerBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const hasSync = (
    registration: ServiceWorkerRegistration,
  ): registration is ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } } =>
    'sync' in registration;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) =>
      registration && hasSync(registration) ? registration.sync.register(OUTBOX_SYNC_TAG) : undefined,
    )
    .catch(() => undefined);
}

async function scheduleWake(): Promise<void> {
  clearTimeout(wakeTimer);
  if (!started) return;
  const wakeAt = await getOutbox().nextWakeAt();
  const delay = wakeAt === null ? DRAIN_INTERVAL_MS : Math.min(DRAIN_INTERVAL_MS, wakeAt - Date.now());
  clearTimeout(wakeTimer);
  wakeTimer = setTimeout(requestDrain, Math.max(MIN_WAKE_MS, delay));
}

/** Sends what is ready if this tab holds the drain lock; otherwise a no-op. */
function requestDrain(): void {
  void getOutbox()
    .drain()
    .catch((error: unknown) => console.warn('The outbox could not be sent.', error))
    .finally(() => void scheduleWake().catch(() => undefined));
}

/**
 * Saves a write durably (the IndexedDB transaction has committed when this resolves, so the UI
 * may say "saved"), then tries to send it. The entry's id is its Idempotency-Key.
 */
export async function enqueue(request: OutboxRequest): Promise<OutboxEntry> {
  const entry = await getOutbox().enqueue(request);
  afterEnqueue();
  return entry;
}

function afterEnqueue(): void {
  registerBackgroundSync();
  void requestPersistentStorage();
  requestDrain();
}

/** Sends an entry again now (a refused one under a fresh key). */
export async function retryEntry(id: string): Promise<void> {
  await getOutbox().retryEntry(id);
  requestDrain();
}

/** Queues a refused entry again with the user's corrections. */
export async function reviseEntry(id: string, request: OutboxRequest): Promise<OutboxEntry | undefined> {
  const revised = await getOutbox().reviseEntry(id, request);
  requestDrain();
  return revised;
}

/** One entry as kept on this device (a refused request reopened in its form), if it is still there. */
export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await getOutbox().list()).find((entry) => entry.id === id);
}

/** Removes an entry for good (the user confirmed). An entry in flight cannot be discarded. */
export async function discardEntry(id: string): Promise<boolean> {
  return getOutbox().discardEntry(id);
}

/** Sends the entries a 401 paused. The frame calls it after a sign-in. */
export async function resumeAfterSignIn(): Promise<void> {
  await getOutbox().resumeAfterSignIn();
  requestDrain();
}

/** Holds the entries that need a session until the next sign-in (e.g. when the user signs out). */
export async function pauseForSignIn(): Promise<void> {
  await getOutbox().pauseForSignIn();
}

/** What became of a write a form handed to the outbox (see `submitThroughOutbox`). */
export type SubmitOutcome =
  /** The server accepted it. */
  | { status: 'sent' }
  /** Kept on this device: it goes when the connection (or the sign-in) returns. */
  | { status: 'queued'; entry: OutboxEntry }
  /** The server refused it (4xx); the entry waits in "needs attention" until discarded or revised. */
  | { status: 'refused'; entry: OutboxEntry; error: string; fields: Record<string, string[]> | null };

const waiters = new Map<string, (outcome: SubmitOutcome) => void>();

function settleWaiter(id: string, outcome: SubmitOutcome): void {
  const resolve = waiters.get(id);
  if (!resolve) return;
  waiters.delete(id);
  resolve(outcome);
}

/** Decides the waiting forms whose entry has reached a state that answers them. */
function checkWaiters(entries: readonly OutboxEntry[]): void {
  for (const entry of entries) {
    if (!waiters.has(entry.id)) continue;
    if (entry.state === 'attention' || entry.state === 'conflict') {
      settleWaiter(entry.id, { status: 'refused', entry, error: entry.lastError ?? '', fields: entry.errorFields });
    } else if (entry.state === 'paused' || (entry.state === 'waiting' && entry.attempts > 0)) {
      // No server, a 5xx or a lost session: the entry stays and is sent later.
      settleWaiter(entry.id, { status: 'queued', entry });
    }
  }
}

const sentListeners = new Map<string, Set<() => void>>();

function notifySent(id: string): void {
  sentListeners.get(id)?.forEach((listener) => listener());
  sentListeners.delete(id);
}

/**
 * Calls `listener` once the server has accepted entry `id`, sent from this tab or another: a form
 * that said "saved, will be sent" can then say it was. Returns the function that stops listening.
 */
export function onEntrySent(id: string, listener: () => void): () => void {
  let listeners = sentListeners.get(id);
  if (!listeners) {
    listeners = new Set();
    sentListeners.set(id, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) sentListeners.delete(id);
  };
}

/** How long a form waits for the server before it tells the user the write is saved for later. */
const SUBMIT_WAIT_MS = 10_000;

/**
 * A form's write through the outbox: saved durably first, then sent at once when the server is
 * reachable. Resolves when the server has answered (sent or refused) or, offline or after
 * `waitMs`, with "queued": the entry stays and is sent when the connection returns. A refused
 * entry is left in the outbox; a form still on screen shows the error and calls `discardEntry`.
 */
export async function submitThroughOutbox(
  request: OutboxRequest,
  waitMs: number = SUBMIT_WAIT_MS,
): Promise<SubmitOutcome> {
  const entry = await getOutbox().enqueue(request);
  // The waiter is in place before the first send can answer.
  const outcome = onlineManager.isOnline()
    ? new Promise<SubmitOutcome>((resolve) => {
        const timer = setTimeout(() => settleWaiter(entry.id, { status: 'queued', entry }), waitMs);
        waiters.set(entry.id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
      })
    : Promise.resolve<SubmitOutcome>({ status: 'queued', entry });
  afterEnqueue();
  return outcome;
}

/**
 * Starts sending: now, whenever the server is reachable again, when the page becomes visible or
 * focused, on a timer, and on the PWA layer's Background Sync event. Only the tab holding the Web
 * Lock sends; the others hear about changes over a BroadcastChannel. Returns the stop function.
 */
export function startOutbox(client: QueryClient): () => void {
  queryClient = client;
  started = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_SYNC_TAG);
    channel.onmessage = (event: MessageEvent<Message>) => {
      if (event.data.type === 'sent') {
        invalidateKeys(queryClient, event.data.invalidate);
        wasSent(event.data.write, event.data.told);
      }
      void refresh();
      // Another tab queued something: if this tab holds the lock, it must send it.
      requestDrain();
    };
  }
  const onReconnect = () => {
    void getOutbox()
      .reconnected()
      .catch(() => undefined)
      .finally(requestDrain);
  };
  let wasOnline = onlineManager.isOnline();
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online && !wasOnline) onReconnect();
    wasOnline = online;
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestDrain();
  };
  window.addEventListener('online', requestDrain);
  window.addEventListener('focus', requestDrain);
  // Background Sync fires when the browser sees the connection return.
  window.addEventListener(DRAIN_OUTBOX_EVENT, onReconnect);
  document.addEventListener('visibilitychange', onVisible);

  try {
    if (localStorage.getItem(E2E_FLAG) === '1') {
      window.__fleetOutbox = {
        enqueue,
        entries: () => getOutbox().list(),
        retryEntry,
        discardEntry,
        resumeAfterSignIn,
        drain: () => getOutbox().drain(),
      };
    }
  } catch {
    // Storage disabled: no test hook.
  }

  void refresh();
  requestDrain();

  return () => {
    started = false;
    clearTimeout(wakeTimer);
    unsubscribeOnline();
    window.removeEventListener('online', requestDrain);
    window.removeEventListener('focus', requestDrain);
    window.removeEventListener(DRAIN_OUTBOX_EVENT, onReconnect);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
    channel = null;
    delete window.__fleetOutbox;
  };
}

// Whoever imports the outbox can read it: a screen showing queued writes before the start.
setOutboxLoader(() => void refresh());
