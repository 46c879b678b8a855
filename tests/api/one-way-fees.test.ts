import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OneWayFeeView } from '#domain/api/rate-plan';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Fee = OneWayFeeView & ErrorBody;

describe(`one-way fees (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  /** A third location of agency A, named to sort first. */
  let airport: number;

  const version = async (agencyId: number) =>
    (
      await t.app.deps.db
        .selectFrom('agencies')
        .select('rate_plan_version')
        .where('id', '=', agencyId)
        .executeTakeFirstOrThrow()
    ).rate_plan_version;

  const feeCount = async (agencyId: number) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('one_way_fees')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('agency_id', '=', agencyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const leedsToYork = () => ({
    from_location_id: world.locations.a1,
    to_location_id: world.locations.a2,
    amount: '35.00',
  });

  const create = (client: TestClient, fields: { [key: string]: unknown } = {}) =>
    client.post<Fee>('/api/one-way-fees/', { ...leedsToYork(), ...fields });

  const clear = async (client: TestClient) => {
    for (const fee of (await client.get<Fee[]>('/api/one-way-fees/?limit=500')).body) {
      expect((await client.delete(`/api/one-way-fees/${fee.id}/`)).status).toBe(204);
    }
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    airport = (
      await t.app.deps.db
        .insertInto('locations')
        .values({ agency_id: world.agencies.a, name: 'Airport', city: 'Leeds' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t.close());

  it('adds fees per pair, lists them by pickup then dropoff name to owner and agents, and moves the plan version', async () => {
    const before = await version(world.agencies.a);
    const created = await create(agency);
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    expect(created.body).toEqual({
      id: expect.any(Number),
      from_location_id: world.locations.a1,
      to_location_id: world.locations.a2,
      amount: '35.00',
    });
    // The way back is a pair of its own; a fee may be 0 (free).
    const back = await create(agency, {
      from_location_id: world.locations.a2,
      to_location_id: world.locations.a1,
      amount: 0,
    });
    expect(back.status).toBe(201);
    expect(back.body.amount).toBe('0.00');
    const fromAirport = await create(agency, { from_location_id: airport, amount: '12.5' });
    expect(fromAirport.body.amount).toBe('12.50');
    expect(await version(world.agencies.a)).toBe(before + 3);

    const list = await agent.get<Fee[]>('/api/one-way-fees/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers['x-total-count']).toBe('3');
    // Airport, Leeds Station, York Centre.
    expect(list.body.map((fee) => fee.id)).toEqual([fromAirport.body.id, created.body.id, back.body.id]);
    expect(list.body[1]).toEqual(created.body);
    const page = await agency.get<Fee[]>('/api/one-way-fees/?limit=1&offset=2');
    expect(page.body.map((fee) => fee.id)).toEqual([back.body.id]);
    expect(await version(world.agencies.a)).toBe(before + 3);
    await clear(agency);
  });

  it('refuses the same pair twice with 409 on the dropoff, also when two arrive at once', async () => {
    const first = await create(agency);
    const before = await version(world.agencies.a);
    const again = await create(agency, { amount: '40' });
    expect(again.status).toBe(409);
    expect(again.body.fields?.to_location_id).toEqual([
      'This pickup and dropoff pair already has a fee: change that one.',
    ]);
    const other = await create(agency, { from_location_id: airport });
    const moved = await agency.put<Fee>(`/api/one-way-fees/${other.body.id}/`, leedsToYork());
    expect(moved.status).toBe(409);
    expect(moved.body.fields?.to_location_id).toHaveLength(1);
    const same = await agency.put<Fee>(`/api/one-way-fees/${first.body.id}/`, { ...leedsToYork(), amount: '36' });
    expect(same.status).toBe(200);
    expect(same.body.amount).toBe('36.00');
    expect(await version(world.agencies.a)).toBe(before + 2);

    const racing = await Promise.all([
      create(agency, { from_location_id: world.locations.a2, to_location_id: airport }),
      create(agency, { from_location_id: world.locations.a2, to_location_id: airport }),
    ]);
    expect(racing.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(await feeCount(world.agencies.a)).toBe(3);
    await clear(agency);
  });

  it('replaces a whole fee and deletes it', async () => {
    const created = await create(agency);
    const path = `/api/one-way-fees/${created.body.id}/`;
    const before = await version(world.agencies.a);
    const edited = await agency.put<Fee>(path, {
      from_location_id: airport,
      to_location_id: world.locations.a2,
      amount: '50',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: created.body.id,
      from_location_id: airport,
      to_location_id: world.locations.a2,
      amount: '50.00',
    });
    expect((await agency.get<Fee[]>('/api/one-way-fees/')).body).toEqual([edited.body]);
    expect((await agency.delete(path)).status).toBe(204);
    expect(await version(world.agencies.a)).toBe(before + 2);
    expect((await agency.delete(path)).status).toBe(404);
    expect((await agency.put(path, leedsToYork())).status).toBe(404);
    expect(await version(world.agencies.a)).toBe(before + 2);
  });

  it('replays an idempotent POST without a second fee or a second version', async () => {
    const before = await version(world.agencies.a);
    const options = { headers: { 'Idempotency-Key': 'one-way-replay-1' } };
    const first = await agency.post<Fee>('/api/one-way-fees/', leedsToYork(), options);
    const again = await agency.post<Fee>('/api/one-way-fees/', leedsToYork(), options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await feeCount(world.agencies.a)).toBe(1);
    expect(await version(world.agencies.a)).toBe(before + 1);
    await clear(agency);
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const before = await version(world.agencies.a);
    const cases: [{ [key: string]: unknown }, string, string][] = [
      [{ from_location_id: null }, 'from_location_id', 'Pickup location is required.'],
      [{ from_location_id: 'Leeds' }, 'from_location_id', 'Pickup location must be a number.'],
      [{ from_location_id: 0 }, 'from_location_id', 'Pickup location must be at least 1.'],
      [{ to_location_id: [world.locations.a2] }, 'to_location_id', 'Dropoff location is required.'],
      [{ to_location_id: 'x'.repeat(200_000) }, 'to_location_id', 'Dropoff location must be a number.'],
      [
        { to_location_id: world.locations.a1 },
        'to_location_id',
        'The dropoff location must differ from the pickup location.',
      ],
      [{ amount: '' }, 'amount', 'Amount is required.'],
      [{ amount: '-1' }, 'amount', 'Amount must be an amount of at most two decimals, e.g. 45.00.'],
      [{ amount: 12.345 }, 'amount', 'Amount must be an amount of at most two decimals, e.g. 45.00.'],
      [{ amount: '1000000.01' }, 'amount', 'Amount must be at most 1000000.00.'],
      [{ amount: false }, 'amount', 'Amount is required.'],
      [{ from_location_id: world.locations.b1 }, 'from_location_id', 'Choose a pickup location of your own agency.'],
      [{ to_location_id: world.locations.b1 }, 'to_location_id', 'Choose a dropoff location of your own agency.'],
      [{ to_location_id: 999_999 }, 'to_location_id', 'Choose a dropoff location of your own agency.'],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await create(agency, fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(reply.body.fields?.[field], JSON.stringify(fields).slice(0, 80)).toEqual([message]);
    }
    const bothForeign = await create(agency, {
      from_location_id: world.locations.b1,
      to_location_id: world.locations.pending1,
    });
    expect(bothForeign.status).toBe(400);
    expect(bothForeign.body).toEqual({
      error: 'Please correct the 2 highlighted fields.',
      fields: {
        from_location_id: ['Choose a pickup location of your own agency.'],
        to_location_id: ['Choose a dropoff location of your own agency.'],
      },
    });
    const empty = await agency.post<ErrorBody>('/api/one-way-fees/', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['amount', 'from_location_id', 'to_location_id']);
    expect((await agency.post('/api/one-way-fees/', 42)).status).toBe(400);
    expect(await feeCount(world.agencies.a)).toBe(0);
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.get('/api/one-way-fees/?offset=x')).status).toBe(400);
    expect((await agency.put('/api/one-way-fees/abc/', leedsToYork())).status).toBe(400);

    const created = await create(agency);
    const refused = await agency.put<ErrorBody>(`/api/one-way-fees/${created.body.id}/`, {
      ...leedsToYork(),
      to_location_id: world.locations.b1,
    });
    expect(refused.status).toBe(400);
    expect((await agency.get<Fee[]>('/api/one-way-fees/')).body).toEqual([created.body]);
    await clear(agency);
  });

  it('keeps agencies apart and refuses visitors, customers, the operator, and agents on writes', async () => {
    const created = await create(agency);
    const path = `/api/one-way-fees/${created.body.id}/`;
    const versionA = await version(world.agencies.a);

    const putB = await agencyB.put<ErrorBody>(path, { ...leedsToYork(), amount: '1' });
    expect(putB.status).toBe(404);
    expect(putB.body).toEqual({ error: 'One-way fee not found.' });
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Fee[]>('/api/one-way-fees/');
    expect(listB.body).toEqual([]);
    expect(listB.headers['x-total-count']).toBe('0');

    expect((await agent.get('/api/one-way-fees/')).status).toBe(200);
    expect((await create(agent, { from_location_id: airport })).status).toBe(403);
    expect((await agent.put(path, leedsToYork())).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
    for (const client of [customer, staff]) {
      expect((await client.get('/api/one-way-fees/')).status).toBe(403);
      expect((await create(client, { from_location_id: airport })).status).toBe(403);
      expect((await client.put(path, leedsToYork())).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
    }
    expect((await anonymous.get('/api/one-way-fees/')).status).toBe(401);
    expect((await create(anonymous, { from_location_id: airport })).status).toBe(401);
    expect((await anonymous.put(path, leedsToYork())).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);

    expect(await version(world.agencies.a)).toBe(versionA);
    expect((await agency.get<Fee[]>('/api/one-way-fees/')).body).toEqual([created.body]);
    await clear(agency);
  });
});
