import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { reclaimDeadClaim } from '#server/repositories/idempotency';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';
import { createWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const SECOND = 1_000;

/**
 * An Idempotency-Key claim belongs to the server process running it; every process writes a
 * heartbeat. A claim whose process stopped beating (kill -9) is taken over by the next replay at
 * once; a live process's claim, and this process's own, are not. The kill -9 itself is in
 * crash-recovery.test.ts.
 */
describe(`Idempotency-Key claims of a process that died (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  const iso = (offsetMs = 0) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    const processes = await db().selectFrom('server_processes').select('boot_id').execute();
    expect(processes).toHaveLength(1);
    me = processes[0]?.boot_id ?? '';
  });
  afterAll(async () => t.close());

  /** This server process's id: the only row before the tests add others. */
  let me = '';
  const ownProcess = () =>
    db().selectFrom('server_processes').selectAll().where('boot_id', '=', me).executeTakeFirstOrThrow();

  const addProcess = (bootId: string, heartbeatAgoMs: number) =>
    db()
      .insertInto('server_processes')
      .values({ boot_id: bootId, started_at: iso(-60 * SECOND), heartbeat_at: iso(-heartbeatAgoMs) })
      .execute();

  const addClaim = (key: string, owner: string | null, createdAgoMs = 0) =>
    db()
      .insertInto('idempotency_keys')
      .values({
        scope: 'anonymous',
        key,
        request_hash: 'h',
        state: 'running',
        status_code: null,
        response_body: null,
        content_type: null,
        created_at: iso(-createdAgoMs),
        owner,
      })
      .execute();

  const takeOver = (key: string) =>
    reclaimDeadClaim(
      db(),
      { scope: 'anonymous', key },
      { now: iso(), owner: me, staleBefore: iso(-120 * SECOND), aliveSince: iso(-3 * SECOND) },
    );

  it('the server records itself as a running process and beats every second', async () => {
    const first = await ownProcess();
    await vi.waitFor(async () => expect((await ownProcess()).heartbeat_at > first.heartbeat_at).toBe(true), {
      timeout: 5 * SECOND,
      interval: 200,
    });
  });

  it("takes over a claim whose process stopped beating, and the claim becomes this process's", async () => {
    const key = randomUUID();
    await addProcess('killed-process', 10 * SECOND);
    await addClaim(key, 'killed-process');
    expect(await takeOver(key)).toBe(true);
    const claim = await db()
      .selectFrom('idempotency_keys')
      .select('owner')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(claim.owner).toBe(me);
  });

  it('takes over a claim whose process left no row at all', async () => {
    const key = randomUUID();
    await addClaim(key, 'never-seen-process');
    expect(await takeOver(key)).toBe(true);
  });

  it("leaves a live process's claim, and this process's own", async () => {
    const live = randomUUID();
    await addProcess('live-process', 0.5 * SECOND);
    await addClaim(live, 'live-process');
    expect(await takeOver(live)).toBe(false);

    const own = randomUUID();
    await addClaim(own, me);
    expect(await takeOver(own)).toBe(false);
  });

  it('a claim made before owners were recorded is taken over only after two minutes, as before', async () => {
    const recent = randomUUID();
    await addClaim(recent, null, 60 * SECOND);
    expect(await takeOver(recent)).toBe(false);
    const old = randomUUID();
    await addClaim(old, null, 150 * SECOND);
    expect(await takeOver(old)).toBe(true);
  });

  it('a replay whose first run died with its process runs at once (201, one row), not 409 "still being processed"', async () => {
    const vehicle = await rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1]);
    const visitor = new TestClient(t.app);
    const key = randomUUID();
    const start = addDays(todayIso(), 50);
    const body = {
      vehicle_id: vehicle,
      first_name: 'Kay',
      last_name: 'Killed',
      phone_number: '+44 20 7946 0958',
      email: 'killed@example.com',
      start_date: start,
      end_date: addDays(start, 2),
    };
    const first = await visitor.post('/api/rentals/booking-requests/', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    // As a process killed mid-run leaves it: the claim running under its id, nothing written.
    await db().deleteFrom('booking_requests').where('vehicle_id', '=', vehicle).execute();
    await addProcess('killed-mid-run', 10 * SECOND);
    await db()
      .updateTable('idempotency_keys')
      .set({ state: 'running', status_code: null, response_body: null, content_type: null, owner: 'killed-mid-run' })
      .where('key', '=', key)
      .execute();

    const replay = await visitor.post('/api/rentals/booking-requests/', body, { headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows.countBookingRequests(db(), { vehicleId: vehicle })).toBe(1);
  });
});
