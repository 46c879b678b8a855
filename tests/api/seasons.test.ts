import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeasonView } from '#domain/api/rate-plan';
import { Invalid } from '#server/services/errors';
import { writePlan } from '#server/services/rate-plan';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Season = SeasonView & ErrorBody;

describe(`seasons (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let suv: number;
  let van: number;
  let suvB: number;

  const version = async (agencyId: number) =>
    (
      await t.app.deps.db
        .selectFrom('agencies')
        .select('rate_plan_version')
        .where('id', '=', agencyId)
        .executeTakeFirstOrThrow()
    ).rate_plan_version;

  const category = async (agencyId: number, name: string) =>
    (
      await t.app.deps.db
        .insertInto('vehicle_categories')
        .values({ agency_id: agencyId, name, base_day_rate: null, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const seasonCount = async (agencyId: number) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('seasons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('agency_id', '=', agencyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const summer = {
    name: 'Summer',
    start_date: '2027-07-01',
    end_date: '2027-08-31',
    adjustment_kind: 'day_rate',
    day_rate: '65.00',
  };

  const create = (client: TestClient, fields: { [key: string]: unknown } = {}) =>
    client.post<Season>('/api/seasons/', { ...summer, ...fields });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    suv = await category(world.agencies.a, 'SUV');
    van = await category(world.agencies.a, 'Van');
    suvB = await category(world.agencies.b, 'SUV');
  });
  afterAll(async () => t.close());

  it('adds seasons, lists them by start date to owner and agents, and moves the plan version with each write', async () => {
    const before = await version(world.agencies.a);
    const created = await create(agency, { category_ids: [van, suv, suv] });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Summer',
      start_date: '2027-07-01',
      end_date: '2027-08-31',
      adjustment_kind: 'day_rate',
      day_rate: '65.00',
      basis_points: null,
      category_ids: [suv, van].sort((x, y) => x - y),
    });
    expect(await version(world.agencies.a)).toBe(before + 1);

    const christmas = await create(agency, {
      name: 'Christmas',
      start_date: '2027-12-20',
      end_date: '2028-01-02',
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: 2500,
    });
    expect(christmas.status).toBe(201);
    expect(christmas.body).toMatchObject({ adjustment_kind: 'percent', day_rate: null, basis_points: 2500 });
    expect(christmas.body.category_ids).toEqual([]);
    const spring = await create(agency, {
      name: 'Spring',
      start_date: '2027-04-01',
      end_date: '2027-04-01',
      adjustment_kind: 'percent',
      basis_points: -1500,
      day_rate: '',
    });
    expect(spring.status).toBe(201);
    expect(await version(world.agencies.a)).toBe(before + 3);

    const list = await agent.get<Season[]>('/api/seasons/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.body.map((season) => season.name)).toEqual(['Spring', 'Summer', 'Christmas']);
    expect(list.body[1]).toEqual(created.body);

    const page = await agency.get<Season[]>('/api/seasons/?limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((season) => season.name)).toEqual(['Summer']);
    // Reading moves nothing.
    expect(await version(world.agencies.a)).toBe(before + 3);

    for (const id of [created.body.id, christmas.body.id, spring.body.id]) {
      expect((await agency.delete(`/api/seasons/${id}/`)).status).toBe(204);
    }
  });

  it('replaces a whole season, categories and kind included, and deletes it', async () => {
    const created = await create(agency, { category_ids: [suv] });
    const path = `/api/seasons/${created.body.id}/`;
    const before = await version(world.agencies.a);

    const edited = await agency.put<Season>(path, {
      name: 'High summer',
      start_date: '2027-07-15',
      end_date: '2027-08-15',
      adjustment_kind: 'percent',
      basis_points: 50000,
      category_ids: [van],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: created.body.id,
      name: 'High summer',
      start_date: '2027-07-15',
      end_date: '2027-08-15',
      adjustment_kind: 'percent',
      day_rate: null,
      basis_points: 50000,
      category_ids: [van],
    });
    expect(await version(world.agencies.a)).toBe(before + 1);

    const everyone = await agency.put<Season>(path, { ...summer, category_ids: [] });
    expect(everyone.body).toMatchObject({ adjustment_kind: 'day_rate', day_rate: '65.00', category_ids: [] });
    expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([everyone.body]);

    expect((await agency.delete(path)).status).toBe(204);
    expect(await version(world.agencies.a)).toBe(before + 3);
    expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([]);
    expect((await agency.delete(path)).status).toBe(404);
    expect((await agency.put(path, summer)).status).toBe(404);
    expect(await version(world.agencies.a)).toBe(before + 3);
    const links = await t.app.deps.db
      .selectFrom('season_categories')
      .select('category_id')
      .where('season_id', '=', created.body.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('replays an idempotent POST without a second season or a second version', async () => {
    const before = await version(world.agencies.a);
    const options = { headers: { 'Idempotency-Key': 'season-replay-1' } };
    const first = await agency.post<Season>('/api/seasons/', summer, options);
    const again = await agency.post<Season>('/api/seasons/', summer, options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await seasonCount(world.agencies.a)).toBe(1);
    expect(await version(world.agencies.a)).toBe(before + 1);
    expect((await agency.delete(`/api/seasons/${first.body.id}/`)).status).toBe(204);
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const before = await version(world.agencies.a);
    const cases: [{ [key: string]: unknown }, string, string][] = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: {} }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
      [{ name: 'x'.repeat(200_000) }, 'name', 'Name must be at most 100 characters.'],
      [{ start_date: '2027-02-30' }, 'start_date', 'Start date must be a date (YYYY-MM-DD).'],
      [{ start_date: 20270701 }, 'start_date', 'Start date is required.'],
      [{ end_date: '2027-06-30' }, 'end_date', 'End date cannot be before start date.'],
      [{ adjustment_kind: 'fixed' }, 'adjustment_kind', 'Adjustment must be day_rate or percent.'],
      [{ adjustment_kind: 5 }, 'adjustment_kind', 'Adjustment must be day_rate or percent.'],
      [{ day_rate: null }, 'day_rate', 'Day rate is required when the adjustment is a day rate.'],
      [{ day_rate: '0' }, 'day_rate', 'Day rate must be more than 0.'],
      [{ day_rate: '-5' }, 'day_rate', 'Day rate must be an amount of at most two decimals, e.g. 45.00.'],
      [{ day_rate: '12.345' }, 'day_rate', 'Day rate must be an amount of at most two decimals, e.g. 45.00.'],
      [{ day_rate: true }, 'day_rate', 'Day rate must be an amount of at most two decimals, e.g. 45.00.'],
      [{ day_rate: '1000000.01' }, 'day_rate', 'Day rate must be at most 1000000.00.'],
      [{ basis_points: 1000 }, 'basis_points', 'Leave the basis points empty when the adjustment is a day rate.'],
      [
        { adjustment_kind: 'percent', day_rate: null },
        'basis_points',
        'Basis points are required when the adjustment is a percentage.',
      ],
      [
        { adjustment_kind: 'percent', day_rate: null, basis_points: 0 },
        'basis_points',
        'Basis points cannot be 0: a season changes the price.',
      ],
      [
        { adjustment_kind: 'percent', day_rate: null, basis_points: -9001 },
        'basis_points',
        'Basis points must be at least -9000.',
      ],
      [
        { adjustment_kind: 'percent', day_rate: null, basis_points: 50001 },
        'basis_points',
        'Basis points must be at most 50000.',
      ],
      [
        { adjustment_kind: 'percent', day_rate: null, basis_points: 12.5 },
        'basis_points',
        'Basis points must be a whole number.',
      ],
      [
        { adjustment_kind: 'percent', basis_points: 1000 },
        'day_rate',
        'Leave the day rate empty when the adjustment is a percentage.',
      ],
      [{ category_ids: ['abc'] }, 'category_ids', 'Category must be a number.'],
      [{ category_ids: [{}] }, 'category_ids', 'Category must be a number.'],
      [
        { category_ids: Array.from({ length: 101 }, (_, index) => index + 1) },
        'category_ids',
        'Choose at most 100 categories.',
      ],
      [{ category_ids: [suvB] }, 'category_ids', 'Choose categories of your own agency.'],
      [{ category_ids: [suv, 999999] }, 'category_ids', 'Choose categories of your own agency.'],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await create(agency, fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(reply.body.fields?.[field], JSON.stringify(fields).slice(0, 80)).toEqual([message]);
    }
    const empty = await agency.post<ErrorBody>('/api/seasons/', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['adjustment_kind', 'end_date', 'name', 'start_date']);
    const notJson = await agency.post<ErrorBody>('/api/seasons/', ['Summer']);
    expect(notJson.status).toBe(400);
    expect(typeof notJson.body.error).toBe('string');

    expect(await seasonCount(world.agencies.a)).toBe(0);
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.get('/api/seasons/?limit=501')).status).toBe(400);
    expect((await agency.get('/api/seasons/?offset=-1')).status).toBe(400);
    expect((await agency.put('/api/seasons/abc/', summer)).status).toBe(400);
    expect((await agency.delete('/api/seasons/0/')).status).toBe(400);

    // An edit refused leaves the season as it was.
    const created = await create(agency);
    const refused = await agency.put<ErrorBody>(`/api/seasons/${created.body.id}/`, {
      ...summer,
      name: 'Changed',
      category_ids: [suvB],
    });
    expect(refused.status).toBe(400);
    expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([created.body]);
    expect((await agency.delete(`/api/seasons/${created.body.id}/`)).status).toBe(204);
  });

  it("reads but does not change a suspended agency's seasons", async () => {
    const created = await create(agency);
    const before = await version(world.agencies.a);
    const path = `/api/seasons/${created.body.id}/`;
    const { db } = t.app.deps;
    await db.updateTable('agencies').set({ status: 'suspended' }).where('id', '=', world.agencies.a).execute();
    try {
      const suspended = 'Your agency is suspended: you can view your data but not change it.';
      expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([created.body]);
      for (const reply of [await create(agency), await agency.put(path, summer), await agency.delete(path)]) {
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({ error: suspended });
      }
    } finally {
      await db.updateTable('agencies').set({ status: 'approved' }).where('id', '=', world.agencies.a).execute();
    }
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.delete(path)).status).toBe(204);
  });

  it('turns a category deleted before the write commits into a 400 on the field, and rolls the version back', async () => {
    const before = await version(world.agencies.a);
    const doomed = await category(world.agencies.a, 'Doomed');
    const gone = { message: 'Choose categories of your own agency.', fields: { category_ids: ['gone'] } };
    const write = writePlan(
      t.app.deps,
      world.agencies.a,
      async (trx) => {
        const id = (
          await trx
            .insertInto('seasons')
            .values({
              agency_id: world.agencies.a,
              name: 'Race',
              start_date: '2027-01-01',
              end_date: '2027-01-02',
              adjustment_kind: 'percent',
              day_rate: null,
              basis_points: 1000,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        // What another request's delete does between this write's check and its insert.
        await trx.deleteFrom('vehicle_categories').where('id', '=', doomed).execute();
        await trx.insertInto('season_categories').values({ season_id: id, category_id: doomed }).execute();
      },
      gone,
    );
    await expect(write).rejects.toBeInstanceOf(Invalid);
    await expect(write).rejects.toMatchObject({ fields: gone.fields });
    expect(await seasonCount(world.agencies.a)).toBe(0);
    expect(await version(world.agencies.a)).toBe(before);
  });

  it('keeps agencies apart and refuses visitors, customers, the operator, and agents on writes', async () => {
    const created = await create(agency, { category_ids: [suv] });
    const path = `/api/seasons/${created.body.id}/`;
    const versionA = await version(world.agencies.a);
    const versionB = await version(world.agencies.b);

    // Another agency: not found, never its data, nothing changed.
    const putB = await agencyB.put<ErrorBody>(path, summer);
    expect(putB.status).toBe(404);
    expect(putB.body).toEqual({ error: 'Season not found.' });
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Season[]>('/api/seasons/');
    expect(listB.status).toBe(200);
    expect(listB.body).toEqual([]);
    expect(listB.headers['x-total-count']).toBe('0');
    const ownB = await create(agencyB, { category_ids: [suvB] });
    expect(ownB.status).toBe(201);
    expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([created.body]);
    expect((await agency.put(`/api/seasons/${ownB.body.id}/`, summer)).status).toBe(404);

    // Agents read but do not write.
    expect((await agent.get('/api/seasons/')).status).toBe(200);
    expect((await create(agent)).status).toBe(403);
    expect((await agent.put(path, summer)).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);

    for (const client of [customer, staff]) {
      expect((await client.get('/api/seasons/')).status).toBe(403);
      expect((await create(client)).status).toBe(403);
      expect((await client.put(path, summer)).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
    }
    expect((await anonymous.get('/api/seasons/')).status).toBe(401);
    expect((await create(anonymous)).status).toBe(401);
    expect((await anonymous.put(path, summer)).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);

    expect(await version(world.agencies.a)).toBe(versionA);
    expect(await version(world.agencies.b)).toBe(versionB + 1);
    expect((await agency.get<Season[]>('/api/seasons/')).body).toEqual([created.body]);
    expect((await agency.delete(path)).status).toBe(204);
    expect((await agencyB.delete(`/api/seasons/${ownB.body.id}/`)).status).toBe(204);
  });
});
