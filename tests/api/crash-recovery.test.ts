import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { createWorld, type World } from '../helpers/fixtures.ts';
import { HttpClient, type HttpReply } from '../helpers/http-client.ts';
import { databaseEnv, type ServerProcess, startServer } from '../helpers/server-process.ts';

const WRITES = 150;
/** The server is killed when this many writes have been acknowledged, the rest still in flight. */
const KILL_AFTER = 40;

interface Receipt {
  id: number;
}

/**
 * kill -9 under write load: visitors' booking requests, each with its own Idempotency-Key (as the
 * app's outbox sends them) and its own address (through TRUST_PROXY, so the per-address limit
 * stays out of the way), then a restart on the same data and a replay of every key.
 */
describe(`a server killed mid-write and restarted on the same data (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let server: ServerProcess | undefined;
  const env = () => ({ ...databaseEnv(t.config), TRUST_PROXY: '1' });

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
  });
  afterAll(async () => {
    await server?.stop();
    await t.close();
  });

  const keys = Array.from({ length: WRITES }, () => randomUUID());
  /** The last test's write, sent on its own. */
  const lastKey = randomUUID();
  const vehicles = () => [world.vehicles.a1, world.vehicles.a2, world.vehicles.b1];
  const send = (base: string, i: number) => {
    const key = keys[i] ?? lastKey;
    const start = addDays(todayIso(), 30 + (i % 60));
    const visitor = new HttpClient(base, { forwardedFor: `198.18.${i >> 8}.${i & 255}` });
    return visitor.post<Receipt>(
      '/api/rentals/booking-requests/',
      {
        vehicle_id: vehicles()[i % 3],
        first_name: 'Crash',
        last_name: `Visitor ${i}`,
        phone_number: '+44 7700 900321',
        email: `crash-${i}@example.com`,
        start_date: start,
        end_date: addDays(start, 2),
        message: key,
      },
      { 'idempotency-key': key },
    );
  };
  /** Rows per key: the key is the request's message. */
  const rowsByKey = async () => {
    const rows = await t.app.deps.db
      .selectFrom('booking_requests')
      .select(['id', 'message'])
      .where('last_name', 'like', 'Visitor %')
      .execute();
    const byKey = new Map<string, number[]>();
    for (const row of rows) byKey.set(row.message ?? '', [...(byKey.get(row.message ?? '') ?? []), row.id]);
    return byKey;
  };

  it('keeps every acknowledged write exactly once, and replaying every key adds no duplicate', async () => {
    server = await startServer({ dataDir: t.config.dataDir, env: env() });
    const crashing = server;
    const acknowledged = new Map<string, HttpReply<Receipt>>();
    const outcomes = await Promise.allSettled(
      keys.map(async (key, i) => {
        const reply = await send(crashing.url, i);
        if (reply.status === 201) {
          acknowledged.set(key, reply);
          if (acknowledged.size === KILL_AFTER) await crashing.kill();
        } else {
          throw new Error(`write ${i} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
        }
      }),
    );
    // Every write either got its 201 or lost its connection to the kill; none was refused.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String(outcome.reason)).not.toMatch(/answered/);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(WRITES);

    server = await startServer({ dataDir: t.config.dataDir, env: env() });
    const restarted = server;
    const afterCrash = await rowsByKey();
    for (const [key, reply] of acknowledged) expect(afterCrash.get(key), key).toEqual([reply.body.id]);
    for (const [key, ids] of afterCrash) expect(ids, key).toHaveLength(1);

    // The claims the killed process held are taken over by the replays as soon as its heartbeat
    // is missed: no waiting out a timeout, no "still being processed".
    const orphaned = await t.app.deps.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('state', '=', 'running')
      .execute();

    const replayStart = Date.now();
    const replays = await Promise.all(keys.map((_, i) => send(restarted.url, i)));
    // Issue 20: every replayed key answered within 5 s of the restart (printed, not asserted on time).
    console.info(`all ${keys.length} replays answered ${Date.now() - replayStart} ms after the restart`);
    replays.forEach((reply, i) => {
      const key = keys[i] ?? '';
      expect(reply.status, `${key}: ${JSON.stringify(reply.body)}`).toBe(201);
      const first = acknowledged.get(key);
      if (first) {
        expect(reply.headers.get('idempotent-replayed'), key).toBe('true');
        expect(reply.body, key).toEqual(first.body);
      }
    });
    const running = await t.app.deps.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('state', '=', 'running')
      .execute();
    expect(running).toEqual([]);
    // What the test saw orphaned (it may be none when the kill fell between two writes).
    console.info(`claims left running by the killed process: ${orphaned.length}`);
    const final = await rowsByKey();
    expect(final.size).toBe(WRITES);
    replays.forEach((reply, i) => expect(final.get(keys[i] ?? ''), keys[i]).toEqual([reply.body.id]));
  });
  it('a claim held by a process killed mid-run is taken over by the first replay after the restart: 201, never 409', async () => {
    await server?.stop();
    server = await startServer({ dataDir: t.config.dataDir, env: env() });
    const key = lastKey;
    const first = await send(server.url, WRITES);
    expect(first.status).toBe(201);
    const claim = await t.app.deps.db
      .selectFrom('idempotency_keys')
      .select('owner')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const killedProcess = claim.owner ?? '';
    expect(await t.app.deps.db.selectFrom('server_processes').select('boot_id').execute()).toContainEqual({
      boot_id: killedProcess,
    });
    await server.kill();
    // As the kill leaves a run that had claimed the key but not written yet: the claim running
    // under the killed process's id, no row.
    await t.app.deps.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status_code: null, response_body: null, content_type: null })
      .where('key', '=', key)
      .execute();
    await t.app.deps.db.deleteFrom('booking_requests').where('message', '=', key).execute();

    server = await startServer({ dataDir: t.config.dataDir, env: env() });
    const replay = await send(server.url, WRITES);
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
    expect((await rowsByKey()).get(key)).toEqual([replay.body.id]);
  });
});
