import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LengthTierView } from '#domain/api/rate-plan';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Tier = LengthTierView & ErrorBody;

describe(`length tiers (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const version = async (agencyId: number) =>
    (
      await t.app.deps.db
        .selectFrom('agencies')
        .select('rate_plan_version')
        .where('id', '=', agencyId)
        .executeTakeFirstOrThrow()
    ).rate_plan_version;

  const tierCount = async (agencyId: number) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('length_tiers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('agency_id', '=', agencyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const week = { name: '7+ days', min_days: 7, adjustment_kind: 'percent', basis_points: -1000 };

  const create = (client: TestClient, fields: { [key: string]: unknown } = {}) =>
    client.post<Tier>('/api/length-tiers/', { ...week, ...fields });

  /** Removes every tier of the agency through the API, so each test starts from none. */
  const clear = async (client: TestClient) => {
    for (const tier of (await client.get<Tier[]>('/api/length-tiers/')).body) {
      expect((await client.delete(`/api/length-tiers/${tier.id}/`)).status).toBe(204);
    }
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('adds tiers, lists them shortest first to owner and agents, and moves the plan version with each write', async () => {
    const before = await version(world.agencies.a);
    const month = await create(agency, {
      name: 'Monthly',
      min_days: '28',
      adjustment_kind: 'day_rate',
      day_rate: '30',
      basis_points: null,
    });
    expect(month.status).toBe(201);
    expect(month.headers['cache-control']).toBe('private, no-store');
    expect(month.body).toEqual({
      id: expect.any(Number),
      name: 'Monthly',
      min_days: 28,
      adjustment_kind: 'day_rate',
      day_rate: '30.00',
      basis_points: null,
    });
    const created = await create(agency);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      min_days: 7,
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: -1000,
    });
    const twoDays = await create(agency, { name: 'Weekend', min_days: 2, basis_points: -9000 });
    expect(twoDays.status).toBe(201);
    expect(await version(world.agencies.a)).toBe(before + 3);

    const list = await agent.get<Tier[]>('/api/length-tiers/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.body.map((tier) => tier.min_days)).toEqual([2, 7, 28]);
    expect(list.body[2]).toEqual(month.body);
    const page = await agency.get<Tier[]>('/api/length-tiers/?limit=2&offset=1');
    expect(page.body.map((tier) => tier.min_days)).toEqual([7, 28]);
    expect(page.headers['x-total-count']).toBe('3');
    expect(await version(world.agencies.a)).toBe(before + 3);
    await clear(agency);
  });

  it('refuses a second tier from the same days with 409 on min_days, also when two arrive at once', async () => {
    const first = await create(agency);
    const before = await version(world.agencies.a);
    const again = await create(agency, { name: 'Another week', basis_points: -500 });
    expect(again.status).toBe(409);
    expect(again.body.fields?.min_days).toEqual([
      'A tier from 7 days already exists: change that one, or choose other minimum days.',
    ]);
    const other = await create(agency, { min_days: 14 });
    const moved = await agency.put<Tier>(`/api/length-tiers/${other.body.id}/`, week);
    expect(moved.status).toBe(409);
    expect(moved.body.fields?.min_days).toHaveLength(1);
    // Its own days again is no clash.
    const same = await agency.put<Tier>(`/api/length-tiers/${first.body.id}/`, { ...week, name: 'Week' });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe('Week');
    expect(await version(world.agencies.a)).toBe(before + 2);
    // Another agency may have its own 7-day tier.
    expect((await create(agencyB)).status).toBe(201);

    const racing = await Promise.all([create(agency, { min_days: 21 }), create(agency, { min_days: 21 })]);
    expect(racing.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(await tierCount(world.agencies.a)).toBe(3);
    await clear(agency);
    await clear(agencyB);
  });

  it('replaces a whole tier and deletes it', async () => {
    const created = await create(agency);
    const path = `/api/length-tiers/${created.body.id}/`;
    const before = await version(world.agencies.a);
    const edited = await agency.put<Tier>(path, {
      name: 'Fortnight',
      min_days: 14,
      adjustment_kind: 'day_rate',
      day_rate: '32.50',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: created.body.id,
      name: 'Fortnight',
      min_days: 14,
      adjustment_kind: 'day_rate',
      day_rate: '32.50',
      basis_points: null,
    });
    expect((await agency.get<Tier[]>('/api/length-tiers/')).body).toEqual([edited.body]);
    expect((await agency.delete(path)).status).toBe(204);
    expect(await version(world.agencies.a)).toBe(before + 2);
    expect((await agency.delete(path)).status).toBe(404);
    expect((await agency.put(path, week)).status).toBe(404);
    expect(await version(world.agencies.a)).toBe(before + 2);
  });

  it('replays an idempotent POST without a second tier or a second version', async () => {
    const before = await version(world.agencies.a);
    const options = { headers: { 'Idempotency-Key': 'tier-replay-1' } };
    const first = await agency.post<Tier>('/api/length-tiers/', week, options);
    const again = await agency.post<Tier>('/api/length-tiers/', week, options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await tierCount(world.agencies.a)).toBe(1);
    expect(await version(world.agencies.a)).toBe(before + 1);
    await clear(agency);
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const before = await version(world.agencies.a);
    const reduction = 'A tier takes a share off: basis points from -9000 to -1 (-1000 = 10 % off).';
    const cases: [{ [key: string]: unknown }, string, string][] = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: ['7+'] }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
      [{ name: 'x'.repeat(200_000) }, 'name', 'Name must be at most 100 characters.'],
      [{ min_days: 1 }, 'min_days', 'Minimum days must be at least 2.'],
      [{ min_days: 1001 }, 'min_days', 'Minimum days must be at most 1000.'],
      [{ min_days: 7.5 }, 'min_days', 'Minimum days must be a whole number.'],
      [{ min_days: 'seven' }, 'min_days', 'Minimum days must be a number.'],
      [{ min_days: null }, 'min_days', 'Minimum days is required.'],
      [{ adjustment_kind: 'monthly' }, 'adjustment_kind', 'Adjustment must be day_rate or percent.'],
      [{ basis_points: 1000 }, 'basis_points', reduction],
      [{ basis_points: 0 }, 'basis_points', reduction],
      [{ basis_points: -9001 }, 'basis_points', reduction],
      [{ basis_points: false }, 'basis_points', 'Basis points must be a number.'],
      [{ basis_points: null }, 'basis_points', 'Basis points are required when the adjustment is a percentage.'],
      [{ day_rate: '20' }, 'day_rate', 'Leave the day rate empty when the adjustment is a percentage.'],
      [
        { adjustment_kind: 'day_rate', basis_points: null },
        'day_rate',
        'Day rate is required when the adjustment is a day rate.',
      ],
      [
        { adjustment_kind: 'day_rate', basis_points: null, day_rate: '0.00' },
        'day_rate',
        'Day rate must be more than 0.',
      ],
      [
        { adjustment_kind: 'day_rate', day_rate: '20' },
        'basis_points',
        'Leave the basis points empty when the adjustment is a day rate.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await create(agency, fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(reply.body.fields?.[field], JSON.stringify(fields).slice(0, 80)).toEqual([message]);
    }
    const empty = await agency.post<ErrorBody>('/api/length-tiers/', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['adjustment_kind', 'min_days', 'name']);
    expect((await agency.post('/api/length-tiers/', 'week')).status).toBe(400);
    expect(await tierCount(world.agencies.a)).toBe(0);
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.get('/api/length-tiers/?limit=0')).status).toBe(400);
    expect((await agency.put('/api/length-tiers/x/', week)).status).toBe(400);
    expect((await agency.delete('/api/length-tiers/-3/')).status).toBe(400);
  });

  it('keeps agencies apart and refuses visitors, customers, the operator, and agents on writes', async () => {
    const created = await create(agency);
    const path = `/api/length-tiers/${created.body.id}/`;
    const versionA = await version(world.agencies.a);

    const putB = await agencyB.put<ErrorBody>(path, { ...week, min_days: 9 });
    expect(putB.status).toBe(404);
    expect(putB.body).toEqual({ error: 'Length tier not found.' });
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Tier[]>('/api/length-tiers/');
    expect(listB.body).toEqual([]);
    expect(listB.headers['x-total-count']).toBe('0');

    expect((await agent.get('/api/length-tiers/')).status).toBe(200);
    expect((await create(agent, { min_days: 3 })).status).toBe(403);
    expect((await agent.put(path, week)).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
    for (const client of [customer, staff]) {
      expect((await client.get('/api/length-tiers/')).status).toBe(403);
      expect((await create(client, { min_days: 3 })).status).toBe(403);
      expect((await client.put(path, week)).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
    }
    expect((await anonymous.get('/api/length-tiers/')).status).toBe(401);
    expect((await create(anonymous, { min_days: 3 })).status).toBe(401);
    expect((await anonymous.put(path, week)).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);

    expect(await version(world.agencies.a)).toBe(versionA);
    expect((await agency.get<Tier[]>('/api/length-tiers/')).body).toEqual([created.body]);
    await clear(agency);
  });
});
