import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtraView } from '#domain/api/rate-plan';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Extra = ExtraView & ErrorBody;

describe(`extras (${ENGINE})`, () => {
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

  const extraRows = (agencyId: number) =>
    t.app.deps.db
      .selectFrom('extras')
      .select(['id', 'name', 'retired_at'])
      .where('agency_id', '=', agencyId)
      .orderBy('id')
      .execute();

  const stockRows = (extraId: number) =>
    t.app.deps.db
      .selectFrom('extra_stock')
      .select(['location_id', 'quantity'])
      .where('extra_id', '=', extraId)
      .orderBy('location_id')
      .execute();

  const childSeat = () => ({
    name: 'Child seat',
    charge: 'per_day',
    price: '6.50',
    cap_per_rental: '45',
    max_quantity: 3,
    stock: [
      { location_id: world.locations.a1, quantity: 4 },
      { location_id: world.locations.a2, quantity: 0 },
    ],
  });

  const create = (client: TestClient, fields: { [key: string]: unknown } = {}) =>
    client.post<Extra>('/api/extras/', { ...childSeat(), ...fields });

  /** Retires every extra the agency offers, so each test starts from none offered. */
  const clear = async (client: TestClient) => {
    for (const extra of (await client.get<Extra[]>('/api/extras/?limit=500')).body) {
      expect((await client.delete(`/api/extras/${extra.id}/`)).status).toBe(204);
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

  it('adds limited and unlimited extras, lists them by name to owner and agents, and moves the plan version', async () => {
    const before = await version(world.agencies.a);
    const seat = await create(agency);
    expect(seat.status).toBe(201);
    expect(seat.headers['cache-control']).toBe('private, no-store');
    expect(seat.body).toEqual({
      id: expect.any(Number),
      name: 'Child seat',
      charge: 'per_day',
      price: '6.50',
      cap_per_rental: '45.00',
      max_quantity: 3,
      stock: [
        { location_id: world.locations.a1, quantity: 4 },
        { location_id: world.locations.a2, quantity: 0 },
      ].sort((x, y) => x.location_id - y.location_id),
    });
    const driver = await create(agency, {
      name: 'Additional driver',
      charge: 'per_rental',
      price: 25,
      cap_per_rental: null,
      max_quantity: 1,
      stock: null,
    });
    expect(driver.status).toBe(201);
    expect(driver.body).toMatchObject({ price: '25.00', cap_per_rental: null, max_quantity: 1, stock: null });
    // Leaving stock out is unlimited too; an empty list is kept nowhere.
    const waiver = await create(agency, { name: 'Damage waiver', stock: undefined, cap_per_rental: '' });
    expect(waiver.body).toMatchObject({ stock: null, cap_per_rental: null });
    const chains = await create(agency, { name: 'Snow chains', stock: [] });
    expect(chains.body.stock).toEqual([]);
    expect(await version(world.agencies.a)).toBe(before + 4);

    const list = await agent.get<Extra[]>('/api/extras/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers['x-total-count']).toBe('4');
    expect(list.body.map((extra) => extra.name)).toEqual([
      'Additional driver',
      'Child seat',
      'Damage waiver',
      'Snow chains',
    ]);
    expect(list.body[1]).toEqual(seat.body);
    const page = await agency.get<Extra[]>('/api/extras/?limit=2&offset=2');
    expect(page.body.map((extra) => extra.name)).toEqual(['Damage waiver', 'Snow chains']);
    expect(await version(world.agencies.a)).toBe(before + 4);
    await clear(agency);
  });

  it('replaces a whole extra with its stock, and retires it: gone from the list, its row kept', async () => {
    const created = await create(agency);
    const path = `/api/extras/${created.body.id}/`;
    const before = await version(world.agencies.a);

    const restocked = await agency.put<Extra>(path, {
      ...childSeat(),
      name: 'Booster seat',
      price: '4',
      stock: [{ location_id: world.locations.a2, quantity: 7 }],
    });
    expect(restocked.status).toBe(200);
    expect(restocked.body).toMatchObject({
      name: 'Booster seat',
      price: '4.00',
      stock: [{ location_id: world.locations.a2, quantity: 7 }],
    });
    expect(await stockRows(created.body.id)).toEqual([{ location_id: world.locations.a2, quantity: 7 }]);

    const unlimited = await agency.put<Extra>(path, {
      ...childSeat(),
      stock: null,
      charge: 'per_rental',
      max_quantity: 20,
    });
    expect(unlimited.status).toBe(200);
    expect(unlimited.body).toMatchObject({ stock: null, charge: 'per_rental', max_quantity: 20 });
    expect(await stockRows(created.body.id)).toEqual([]);
    expect(await version(world.agencies.a)).toBe(before + 2);

    expect((await agency.delete(path)).status).toBe(204);
    expect(await version(world.agencies.a)).toBe(before + 3);
    const list = await agency.get<Extra[]>('/api/extras/');
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
    const kept = (await extraRows(world.agencies.a)).find((row) => row.id === created.body.id);
    expect(kept?.retired_at).toEqual(expect.any(String));
    // A retired extra cannot be changed or retired again.
    expect((await agency.put(path, childSeat())).status).toBe(404);
    expect((await agency.delete(path)).status).toBe(404);
    expect(await version(world.agencies.a)).toBe(before + 3);
  });

  it('replays an idempotent POST without a second extra or a second version', async () => {
    const before = await version(world.agencies.a);
    const options = { headers: { 'Idempotency-Key': 'extra-replay-1' } };
    const first = await agency.post<Extra>('/api/extras/', childSeat(), options);
    const again = await agency.post<Extra>('/api/extras/', childSeat(), options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await agency.get('/api/extras/')).headers['x-total-count']).toBe('1');
    expect(await version(world.agencies.a)).toBe(before + 1);
    await clear(agency);
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const before = await version(world.agencies.a);
    const rowsBefore = (await extraRows(world.agencies.a)).length;
    const shape = 'Stock must be null (unlimited) or a list of {location_id, quantity}.';
    const cases: [{ [key: string]: unknown }, string, string][] = [
      [{ name: '' }, 'name', 'Name is required.'],
      [{ name: null }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
      [{ name: 'x'.repeat(200_000) }, 'name', 'Name must be at most 100 characters.'],
      [{ charge: 'per_hour' }, 'charge', 'Charge must be per_day or per_rental.'],
      [{ charge: ['per_day'] }, 'charge', 'Charge must be per_day or per_rental.'],
      [{ price: '0' }, 'price', 'Price must be more than 0.'],
      [{ price: '' }, 'price', 'Price is required.'],
      [{ price: '1e3' }, 'price', 'Price must be an amount of at most two decimals, e.g. 45.00.'],
      [{ price: '1000000.01' }, 'price', 'Price must be at most 1000000.00.'],
      [{ price: '10', cap_per_rental: '9.99' }, 'cap_per_rental', 'Cap per rental cannot be below the price.'],
      [
        { cap_per_rental: {} },
        'cap_per_rental',
        'Cap per rental must be an amount of at most two decimals, e.g. 45.00.',
      ],
      [{ max_quantity: 0 }, 'max_quantity', 'Maximum quantity must be at least 1.'],
      [{ max_quantity: 21 }, 'max_quantity', 'Maximum quantity must be at most 20.'],
      [{ max_quantity: undefined }, 'max_quantity', 'Maximum quantity is required.'],
      [{ stock: 'plenty' }, 'stock', shape],
      [{ stock: [5] }, 'stock', shape],
      [{ stock: { location_id: world.locations.a1, quantity: 1 } }, 'stock', shape],
      [{ stock: [{ location_id: world.locations.a1, quantity: -1 }] }, 'stock', 'Quantity must be at least 0.'],
      [{ stock: [{ location_id: world.locations.a1, quantity: 10_001 }] }, 'stock', 'Quantity must be at most 10000.'],
      [{ stock: [{ location_id: 'here', quantity: 1 }] }, 'stock', 'Location must be a number.'],
      [{ stock: [{ quantity: 1 }] }, 'stock', 'Location is required.'],
      [
        {
          stock: [
            { location_id: world.locations.a1, quantity: 1 },
            { location_id: world.locations.a1, quantity: 2 },
          ],
        },
        'stock',
        'List each location at most once in the stock.',
      ],
      [
        { stock: Array.from({ length: 201 }, (_, index) => ({ location_id: index + 1, quantity: 1 })) },
        'stock',
        'Stock may list at most 200 locations.',
      ],
      [
        { stock: [{ location_id: world.locations.b1, quantity: 1 }] },
        'stock',
        "Stock may be kept only at your own agency's pickup locations.",
      ],
      [
        { stock: [{ location_id: 999_999, quantity: 1 }] },
        'stock',
        "Stock may be kept only at your own agency's pickup locations.",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await create(agency, fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(reply.body.fields?.[field], JSON.stringify(fields).slice(0, 80)).toEqual([message]);
    }
    const empty = await agency.post<ErrorBody>('/api/extras/', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual(['charge', 'max_quantity', 'name', 'price']);
    expect((await agency.post('/api/extras/', [childSeat()])).status).toBe(400);
    expect((await extraRows(world.agencies.a)).length).toBe(rowsBefore);
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.get('/api/extras/?limit=many')).status).toBe(400);
    expect((await agency.put('/api/extras/1.5/', childSeat())).status).toBe(400);

    // A refused edit leaves the extra and its stock as they were.
    const created = await create(agency);
    const refused = await agency.put<ErrorBody>(`/api/extras/${created.body.id}/`, {
      ...childSeat(),
      stock: [{ location_id: world.locations.b1, quantity: 3 }],
    });
    expect(refused.status).toBe(400);
    expect((await agency.get<Extra[]>('/api/extras/')).body).toEqual([created.body]);
    await clear(agency);
  });

  it('keeps agencies apart and refuses visitors, customers, the operator, and agents on writes', async () => {
    const created = await create(agency);
    const path = `/api/extras/${created.body.id}/`;
    const versionA = await version(world.agencies.a);
    const unlimited = { ...childSeat(), stock: null };

    const putB = await agencyB.put<ErrorBody>(path, unlimited);
    expect(putB.status).toBe(404);
    expect(putB.body).toEqual({ error: 'Extra not found.' });
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Extra[]>('/api/extras/');
    expect(listB.body).toEqual([]);
    expect(listB.headers['x-total-count']).toBe('0');
    // B's own extra may keep stock at B's location only.
    const ownB = await create(agencyB, { stock: [{ location_id: world.locations.b1, quantity: 2 }] });
    expect(ownB.status).toBe(201);
    expect((await agency.put(`/api/extras/${ownB.body.id}/`, unlimited)).status).toBe(404);

    expect((await agent.get('/api/extras/')).status).toBe(200);
    expect((await create(agent)).status).toBe(403);
    expect((await agent.put(path, unlimited)).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
    for (const client of [customer, staff]) {
      expect((await client.get('/api/extras/')).status).toBe(403);
      expect((await create(client)).status).toBe(403);
      expect((await client.put(path, unlimited)).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
    }
    expect((await anonymous.get('/api/extras/')).status).toBe(401);
    expect((await create(anonymous)).status).toBe(401);
    expect((await anonymous.put(path, unlimited)).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);

    expect(await version(world.agencies.a)).toBe(versionA);
    expect((await agency.get<Extra[]>('/api/extras/')).body).toEqual([created.body]);
    await clear(agency);
    await clear(agencyB);
  });
});
