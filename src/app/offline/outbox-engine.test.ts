import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { createOutbox, OTHER_ACCOUNT, OTHER_VERSION, type OutboxDeps } from './outbox-engine.ts';
import { BACKOFF_BASE_MS, SIGN_IN_AGAIN } from './outbox-policy.ts';
import { buildFormData, invalidateKeys } from './outbox-send.ts';
import { openOutboxStore, type OutboxStore } from './outbox-store.ts';
import { type OutboxEntry, type OutboxRequest, OUTBOX_VERSION } from './outbox-types.ts';

const START = Date.UTC(2026, 10, 22, 14, 5);
let databases = 0;
const stores: OutboxStore[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** A server answering from a script: each call takes the next answer for that entry's label (default 2xx). */
type Answer = 'ok' | Error;

function setup(options: { dbName?: string; user?: number | null } = {}) {
  const dbName = options.dbName ?? `outbox-test-${++databases}`;
  const store = openOutboxStore(dbName);
  stores.push(store);
  const state = { now: START, random: 0.5, online: true, user: options.user ?? null, locked: false };
  const sent: OutboxEntry[] = [];
  const answers = new Map<string, Answer[]>();
  const onSent = vi.fn<(entry: OutboxEntry, reply: unknown) => void>();
  const onNetworkError = vi.fn();
  const deps: OutboxDeps = {
    store,
    async send(entry) {
      sent.push(entry);
      const answer = answers.get(entry.label)?.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
      return { id: sent.length, label: entry.label };
    },
    now: () => state.now,
    random: () => state.random,
    newId: () => crypto.randomUUID(),
    currentUser: () => state.user,
    isOnline: () => state.online,
    onSent,
    onChange: () => undefined,
    onNetworkError,
    withDrainLock: async (work) => {
      if (!state.locked) await work(true);
    },
  };
  const outbox = createOutbox(deps);
  const answer = (label: string, ...replies: Answer[]) => answers.set(label, replies);
  const sentLabels = () => sent.map((entry) => entry.label);
  const find = async (label: string) => (await outbox.list()).find((entry) => entry.label === label);
  return { outbox, store, state, sent, sentLabels, answer, find, onSent, onNetworkError, dbName, deps };
}

function request(label: string, target: string, extra: Partial<OutboxRequest> = {}): OutboxRequest {
  return {
    kind: 'booking-request',
    target,
    method: 'POST',
    url: 'booking-requests/',
    json: { label },
    invalidate: [['booking-requests']],
    label,
    ...extra,
  };
}

const apiError = (status: number, error = `Refused with ${status}.`, retryAfter: number | null = null, fields = {}) =>
  new ApiError(status, { error, fields }, retryAfter);

describe('enqueue', () => {
  it('has committed the entry when it resolves, with a UUID key and the current payload version', async () => {
    const { outbox, dbName } = setup({ user: 4 });
    const entry = await outbox.enqueue(request('A', 'request:1'));
    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry).toMatchObject({ state: 'waiting', attempts: 0, version: OUTBOX_VERSION, userId: 4, seq: 1 });

    const other = openOutboxStore(dbName);
    stores.push(other);
    expect(await other.get(entry.id)).toEqual(entry);
  });

  it('refuses a malformed request instead of storing something unsendable', async () => {
    const { outbox } = setup();
    await expect(outbox.enqueue(request('A', ''))).rejects.toThrow(TypeError);
    await expect(outbox.enqueue(request('A', 't', { form: { fields: {}, files: {} } }))).rejects.toThrow(TypeError);
    expect(await outbox.list()).toEqual([]);
  });
});

describe('ordering', () => {
  it('sends the entries of one target strictly in creation order, a later one waiting for a retrying one', async () => {
    const { outbox, state, sentLabels, answer } = setup();
    await outbox.enqueue(request('A1', 'customer:1'));
    await outbox.enqueue(request('A2', 'customer:1'));
    await outbox.enqueue(request('A3', 'customer:1'));
    answer('A1', apiError(503));

    await outbox.drain();
    expect(sentLabels()).toEqual(['A1']);
    expect((await outbox.list()).map((entry) => [entry.label, entry.state])).toEqual([
      ['A1', 'waiting'],
      ['A2', 'waiting'],
      ['A3', 'waiting'],
    ]);

    state.now += BACKOFF_BASE_MS;
    await outbox.drain();
    expect(sentLabels()).toEqual(['A1', 'A1', 'A2', 'A3']);
    expect(await outbox.list()).toEqual([]);
  });

  it('does not let a blocked target hold back unrelated ones', async () => {
    const { outbox, sentLabels, answer, find } = setup();
    await outbox.enqueue(request('A1', 'customer:1'));
    await outbox.enqueue(request('B1', 'customer:2'));
    await outbox.enqueue(request('A2', 'customer:1'));
    await outbox.enqueue(request('C1', 'request:9'));
    answer('A1', apiError(400, 'Phone number must be a valid phone number.'));

    await outbox.drain();
    expect(sentLabels()).toEqual(['A1', 'B1', 'C1']);
    expect((await find('A1'))?.state).toBe('attention');
    // Needs attention still holds its own target's later entries.
    expect((await find('A2'))?.state).toBe('waiting');

    await outbox.drain();
    expect(sentLabels()).toEqual(['A1', 'B1', 'C1']);
  });

  it('shares one run between concurrent drains, so nothing is sent twice', async () => {
    const { outbox, sentLabels } = setup();
    await outbox.enqueue(request('A', 'a'));
    await outbox.enqueue(request('B', 'b'));
    await Promise.all([outbox.drain(), outbox.drain(), outbox.drain()]);
    expect(sentLabels().sort()).toEqual(['A', 'B']);
  });

  it('leaves the sending to the tab holding the lock', async () => {
    const { outbox, state, sent } = setup();
    state.locked = true;
    await outbox.enqueue(request('A', 'a'));
    await outbox.drain();
    expect(sent).toEqual([]);
    state.locked = false;
    await outbox.drain();
    expect(sent).toHaveLength(1);
  });

  it('sends nothing while offline', async () => {
    const { outbox, state, sent } = setup();
    state.online = false;
    await outbox.enqueue(request('A', 'a'));
    await outbox.drain();
    expect(sent).toEqual([]);
    expect((await outbox.list())[0]).toMatchObject({ state: 'waiting', attempts: 0 });
  });
});

describe('classification of answers', () => {
  const cases: [string, Error, Partial<OutboxEntry>][] = [
    ['no answer', new NetworkError(new TypeError('Failed to fetch')), { state: 'waiting' }],
    ['500', apiError(500), { state: 'waiting', lastError: 'Refused with 500.' }],
    ['503', apiError(503), { state: 'waiting' }],
    ['408', apiError(408), { state: 'waiting' }],
    ['429', apiError(429), { state: 'waiting' }],
    ['401', apiError(401), { state: 'paused', lastError: SIGN_IN_AGAIN }],
    ['409', apiError(409, 'This vehicle is not available for those dates.'), { state: 'conflict' }],
    ['412', apiError(412, 'Someone else changed this customer.'), { state: 'conflict' }],
    ['409 still running', apiError(409, 'Still being processed.', 2), { state: 'waiting' }],
    ['400', apiError(400, 'End date cannot be before start date.'), { state: 'attention' }],
    ['403', apiError(403), { state: 'attention' }],
    ['404', apiError(404), { state: 'attention' }],
    ['413', apiError(413), { state: 'attention' }],
    ['422', apiError(422), { state: 'attention' }],
    ['an unreadable reply', new SyntaxError('Unexpected token <'), { state: 'waiting' }],
  ];

  it.each(cases)('%s', async (_name, error, expected) => {
    const { outbox, answer, find } = setup();
    await outbox.enqueue(request('A', 'a'));
    answer('A', error);
    await outbox.drain();
    const entry = await find('A');
    expect(entry).toMatchObject({ attempts: 1, ...expected });
    if (expected.state === 'attention' || expected.state === 'conflict') expect(entry?.lastError).toBe(error.message);
  });

  it('keeps the server’s field messages with a refusal', async () => {
    const { outbox, answer, find } = setup();
    await outbox.enqueue(request('A', 'a'));
    const fields = { end_date: ['End date cannot be before start date.'] };
    answer('A', apiError(400, 'End date cannot be before start date.', null, fields));
    await outbox.drain();
    expect((await find('A'))?.errorFields).toEqual(fields);
  });

  it('asks the connectivity probe to look again after a network failure', async () => {
    const { outbox, answer, onNetworkError } = setup();
    await outbox.enqueue(request('A', 'a'));
    answer('A', new NetworkError());
    await outbox.drain();
    expect(onNetworkError).toHaveBeenCalledOnce();
  });

  it('never retries a refused entry on its own', async () => {
    const { outbox, state, answer, sent, find } = setup();
    await outbox.enqueue(request('A', 'a'));
    answer('A', apiError(400));
    await outbox.drain();
    state.now += 24 * 60 * 60_000;
    await outbox.drain();
    await outbox.recoverInterrupted();
    await outbox.drain();
    expect(sent).toHaveLength(1);
    expect(await find('A')).toMatchObject({ state: 'attention', attempts: 1 });
  });
});

describe('retry timing', () => {
  it('waits out the backoff, then sends again under the same key', async () => {
    const { outbox, state, answer, sent, find } = setup();
    state.random = 0.5;
    await outbox.enqueue(request('A', 'a'));
    answer('A', apiError(503), apiError(503));

    await outbox.drain();
    const first = await find('A');
    expect(first?.nextAttemptAt).toBe(START + BACKOFF_BASE_MS * 0.5);
    state.now = (first?.nextAttemptAt ?? 0) - 1;
    await outbox.drain();
    expect(sent).toHaveLength(1);

    state.now += 1;
    await outbox.drain();
    const second = await find('A');
    // Second failure: the ceiling doubled.
    expect(second?.nextAttemptAt).toBe(state.now + BACKOFF_BASE_MS);
    expect(second?.attempts).toBe(2);
    expect(new Set(sent.map((entry) => entry.id)).size).toBe(1);
  });

  it('honours Retry-After when it is longer than the backoff', async () => {
    const { outbox, answer, find } = setup();
    await outbox.enqueue(request('A', 'a'));
    answer('A', apiError(429, 'Too many requests.', 90));
    await outbox.drain();
    expect((await find('A'))?.nextAttemptAt).toBe(START + 90_000);
  });

  it('sends an entry that failed for want of a network as soon as the connection returns', async () => {
    const { outbox, answer, sentLabels, find } = setup();
    await outbox.enqueue(request('No network', 'a'));
    await outbox.enqueue(request('Busy server', 'b'));
    answer('No network', new NetworkError(), new NetworkError(), new NetworkError());
    answer('Busy server', apiError(503, 'Busy.', 600));
    await outbox.drain();
    const backedOff = await find('No network');
    expect(backedOff?.nextAttemptAt).toBeGreaterThan(START);

    expect(await outbox.reconnected()).toBe(1);
    expect((await find('No network'))?.nextAttemptAt).toBe(START);
    expect((await find('Busy server'))?.nextAttemptAt).toBe(START + 600_000);
    await outbox.drain();
    expect(sentLabels()).toEqual(['No network', 'Busy server', 'No network']);
  });

  it('reports the next wake-up time for the timer', async () => {
    const { outbox, answer } = setup();
    expect(await outbox.nextWakeAt()).toBeNull();
    await outbox.enqueue(request('A', 'a'));
    answer('A', apiError(503, 'Down.', 30));
    await outbox.drain();
    expect(await outbox.nextWakeAt()).toBe(START + 30_000);
  });
});

describe('multipart bodies', () => {
  /** Gives every stored file back as a plain Blob, as a store that does not keep Files would. */
  async function degradeFilesToBlobs(dbName: string) {
    const db = await openDB(dbName, 1);
    for (const record of (await db.getAll('entries')) as OutboxEntry[]) {
      const form = record.request.form;
      if (!form) continue;
      for (const [name, blobs] of Object.entries(form.files)) {
        form.files[name] = await Promise.all(
          blobs.map(async (blob) => new Blob([await blob.arrayBuffer()], { type: blob.type })),
        );
      }
      await db.put('entries', record);
    }
    db.close();
  }

  /** A part of the body as the server receives it: its bytes, file name and type. */
  async function part(body: FormData | undefined, field: string) {
    const value = body?.get(field);
    if (!(value instanceof Blob)) throw new Error(`${field} is not a file part: ${String(value)}`);
    expect(value, `${field} goes with a file name`).toBeInstanceOf(File);
    return {
      bytes: new Uint8Array(await value.arrayBuffer()),
      name: value instanceof File ? value.name : null,
      type: value.type,
    };
  }

  it.each([
    { path: 'as the store keeps them', plainBlobs: false },
    { path: 'given back as plain Blobs with their stored names', plainBlobs: true },
  ])('keeps files and rebuilds the same multipart body at send time: files $path', async ({ plainBlobs }) => {
    const first = setup();
    const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 250, 251, 252]);
    const pdf = new TextEncoder().encode('%PDF-1.7 license');
    await first.outbox.enqueue(
      request('Customer', 'customer:3', {
        kind: 'customer-edit',
        method: 'PATCH',
        url: 'customers/3/',
        json: undefined,
        form: {
          fields: { first_name: 'Ada', kin: ['Grace', 'Alan'] },
          files: {
            images: [new Blob([photo], { type: 'image/png' })],
            drivers_license: [new File([pdf], 'license.pdf', { type: 'application/pdf' })],
          },
        },
      }),
    );
    await first.store.close();
    if (plainBlobs) await degradeFilesToBlobs(first.dbName);

    // A later start reads the entry back from IndexedDB.
    const later = setup({ dbName: first.dbName });
    const read: OutboxEntry[] = [];
    const bodies: FormData[] = [];
    later.deps.send = async (entry) => {
      read.push(entry);
      if (entry.request.form) bodies.push(buildFormData(entry.request.form));
    };
    await createOutbox(later.deps).drain();

    // The path the store took: the names live beside the Blobs either way.
    const form = read[0]?.request.form;
    const stored = form?.files.drivers_license?.[0];
    expect(stored).toBeInstanceOf(Blob);
    if (plainBlobs) expect(stored).not.toBeInstanceOf(File);
    expect(form?.fileNames).toEqual({ images: ['images'], drivers_license: ['license.pdf'] });

    const [body] = bodies;
    expect(body?.get('first_name')).toBe('Ada');
    expect(body?.getAll('kin')).toEqual(['Grace', 'Alan']);
    expect(await part(body, 'images')).toEqual({ bytes: photo, name: 'images', type: 'image/png' });
    expect(await part(body, 'drivers_license')).toEqual({ bytes: pdf, name: 'license.pdf', type: 'application/pdf' });
  });
});

describe('payload version', () => {
  async function putRaw(dbName: string, record: Record<string, unknown>) {
    const db = await openDB(dbName, 1);
    await db.put('entries', record);
    db.close();
  }

  it('shows an entry of an unknown version as needing attention, never sends it and never drops it', async () => {
    const { outbox, store, dbName, sentLabels } = setup();
    await outbox.list();
    await putRaw(dbName, {
      id: 'future-1',
      seq: 1,
      version: OUTBOX_VERSION + 1,
      target: 'customer:1',
      label: 'Edit from the future',
      createdAt: START,
      newField: { shape: 'unknown' },
    });
    await outbox.enqueue(request('Later, same target', 'customer:1'));
    await outbox.enqueue(request('Other target', 'customer:2'));

    await outbox.drain();
    expect(sentLabels()).toEqual(['Other target']);
    const [future, later] = await outbox.list();
    expect(future).toMatchObject({
      id: 'future-1',
      state: 'attention',
      lastError: OTHER_VERSION,
      version: OUTBOX_VERSION + 1,
    });
    expect(later?.state).toBe('waiting');

    await outbox.retryEntry('future-1');
    await outbox.recoverInterrupted();
    await outbox.drain();
    expect(await store.get('future-1')).toMatchObject({ newField: { shape: 'unknown' } });

    expect(await outbox.discardEntry('future-1')).toBe(true);
    await outbox.drain();
    expect(sentLabels()).toEqual(['Other target', 'Later, same target']);
  });
});

describe('interrupted sends', () => {
  it('puts an entry left "sending" by a closed tab back to waiting, and resends it under the same key', async () => {
    const first = setup();
    const entry = await first.outbox.enqueue(request('A', 'a'));
    await first.store.update(entry.id, (stored) => ({ ...stored, state: 'sending' }));
    expect((await first.outbox.list())[0]?.state).toBe('sending');
    await first.store.close();

    const later = setup({ dbName: first.dbName });
    await later.outbox.drain();
    expect(later.sent.map((sent) => sent.id)).toEqual([entry.id]);
    expect(await later.outbox.list()).toEqual([]);
  });
});

describe('sign-in', () => {
  it('pauses on 401, holds the other signed-in writes, and resumes after sign-in', async () => {
    const { outbox, answer, sentLabels, find } = setup();
    await outbox.enqueue(request('Mine', 'request:1'));
    await outbox.enqueue(request('Also mine', 'customer:1', { kind: 'own-customer-edit' }));
    await outbox.enqueue(request('Visitor', 'visitor:1', { kind: 'anonymous-booking-request' }));
    answer('Mine', apiError(401));

    await outbox.drain();
    expect(sentLabels()).toEqual(['Mine', 'Visitor']);
    expect(await find('Mine')).toMatchObject({ state: 'paused', attempts: 1 });
    expect(await find('Also mine')).toMatchObject({ state: 'paused', attempts: 0 });

    await outbox.drain();
    expect(sentLabels()).toEqual(['Mine', 'Visitor']);

    expect(await outbox.resumeAfterSignIn()).toBe(2);
    await outbox.drain();
    expect(sentLabels()).toEqual(['Mine', 'Visitor', 'Mine', 'Also mine']);
    expect(await outbox.list()).toEqual([]);
  });

  it('resumes paused entries by itself once a signed-in write goes through', async () => {
    const { outbox, answer, sentLabels } = setup();
    await outbox.enqueue(request('Paused', 'request:1'));
    answer('Paused', apiError(401));
    await outbox.drain();

    await outbox.enqueue(request('Fresh', 'request:2'));
    await outbox.drain();
    expect(sentLabels()).toEqual(['Paused', 'Fresh', 'Paused']);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps another account’s entries until that account is signed in again', async () => {
    const { outbox, state, sentLabels, find } = setup({ user: 1 });
    await outbox.enqueue(request('Of user 1', 'request:1'));
    state.user = 2;
    await outbox.drain();
    expect(sentLabels()).toEqual([]);
    expect(await find('Of user 1')).toMatchObject({ state: 'paused', lastError: OTHER_ACCOUNT });
    state.user = 1;
    await outbox.drain();
    expect(sentLabels()).toEqual(['Of user 1']);
  });
});

describe('the user’s actions', () => {
  it('retries a refused entry under a fresh key, keeping its place in the order', async () => {
    const { outbox, answer, sent, sentLabels, find } = setup();
    const refused = await outbox.enqueue(request('A1', 'a'));
    await outbox.enqueue(request('A2', 'a'));
    answer('A1', apiError(409, 'Not available.'));
    await outbox.drain();

    await outbox.retryEntry(refused.id);
    const retried = await find('A1');
    expect(retried).toMatchObject({ state: 'waiting', attempts: 0, seq: refused.seq, lastError: null });
    expect(retried?.id).not.toBe(refused.id);

    await outbox.drain();
    expect(sentLabels()).toEqual(['A1', 'A1', 'A2']);
    expect(sent[1]?.id).toBe(retried?.id);
  });

  it('sends a backed-off entry at once under the same key', async () => {
    const { outbox, answer, sent } = setup();
    const entry = await outbox.enqueue(request('A', 'a'));
    answer('A', new NetworkError());
    await outbox.drain();
    await outbox.retryEntry(entry.id);
    await outbox.drain();
    expect(sent.map((sent) => sent.id)).toEqual([entry.id, entry.id]);
  });

  it('revises a refused entry with the user’s corrections', async () => {
    const { outbox, answer, sent } = setup();
    const entry = await outbox.enqueue(request('A', 'a', { json: { end_date: '2026-01-01' } }));
    answer('A', apiError(400));
    expect(await outbox.reviseEntry(entry.id, request('A', 'a'))).toBeUndefined();
    await outbox.drain();
    const revised = await outbox.reviseEntry(entry.id, request('A', 'a', { json: { end_date: '2026-02-01' } }));
    await outbox.drain();
    expect(sent.map((sent) => sent.request.json)).toEqual([{ end_date: '2026-01-01' }, { end_date: '2026-02-01' }]);
    expect(sent[1]?.id).toBe(revised?.id);
  });

  it('discards an entry only when asked, and never one in flight', async () => {
    const { outbox, store } = setup();
    const entry = await outbox.enqueue(request('A', 'a'));
    await store.update(entry.id, (stored) => ({ ...stored, state: 'sending' }));
    expect(await outbox.discardEntry(entry.id)).toBe(false);
    await store.update(entry.id, (stored) => ({ ...stored, state: 'attention' }));
    expect(await outbox.discardEntry(entry.id)).toBe(true);
    expect(await outbox.list()).toEqual([]);
  });
});

describe('after success', () => {
  it('removes the entry and invalidates the queries it names', async () => {
    const { outbox, onSent } = setup();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['booking-requests', 'list'], []);
    queryClient.setQueryData(['vehicles'], []);
    const entry = await outbox.enqueue(
      request('A', 'a', { invalidate: [['booking-requests'], ['customers', 3]], estimate: '224.40' }),
    );
    // The price the device estimated is kept with it, for the queued card.
    expect((await outbox.list())[0]?.request.estimate).toBe('224.40');
    onSent.mockImplementation((sent) => invalidateKeys(queryClient, sent.request.invalidate));

    await outbox.drain();
    // With the server's reply, so the screen can tell what was made of it (the request's id and quote).
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: entry.id }), { id: 1, label: 'A' });
    expect(queryClient.getQueryState(['booking-requests', 'list'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['vehicles'])?.isInvalidated).toBe(false);
    expect(await outbox.list()).toEqual([]);
  });

  it('does not invalidate anything for a failed send', async () => {
    const { outbox, answer, onSent } = setup();
    await outbox.enqueue(request('A', 'a'));
    answer('A', apiError(400));
    await outbox.drain();
    expect(onSent).not.toHaveBeenCalled();
  });
});
