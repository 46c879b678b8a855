import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { insertVehicle } from '../helpers/rows.ts';

interface Listed {
  id: number;
  make: string;
  model: string;
  color: string;
  ownership: string;
}

describe(`staff vehicle search and ownership filter (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let extra: { whiteVan: number; percent: number; otherVan: number };
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    const db = t.app.deps.db;
    extra = {
      whiteVan: await insertVehicle(db, {
        agency_id: world.agencies.a,
        make: 'Renault',
        model: 'Trafic Van',
        color: 'Pearl WHITE',
        ownership: 'private',
      }),
      percent: await insertVehicle(db, {
        agency_id: world.agencies.a,
        make: 'Mini',
        model: 'Cooper 50%',
        color: 'Red',
        ownership: 'private',
      }),
      otherVan: await insertVehicle(db, {
        agency_id: world.agencies.b,
        make: 'Vauxhall',
        model: 'Vivaro Van',
        color: 'White',
      }),
    };
  });
  afterAll(async () => t.close());

  const list = (client: WorldClients['staff'], query: string) => client.get<Listed[]>(`/api/staff-vehicles/?${query}`);

  it('finds the search text in make, model or colour, whatever its case', async () => {
    const byColour = await list(clients.staff, 'search=white');
    expect(byColour.status).toBe(200);
    expect(byColour.body.map((vehicle) => vehicle.id)).toEqual([extra.whiteVan, extra.otherVan]);
    expect(byColour.headers['x-total-count']).toBe('2');

    const byMake = await list(clients.staff, 'search=TOYO');
    expect(byMake.body.map((vehicle) => vehicle.id)).toEqual([world.vehicles.a1]);
    const byModel = await list(clients.staff, 'search=%20civic%20');
    expect(byModel.body.map((vehicle) => vehicle.id)).toEqual([world.vehicles.b1]);
    const none = await list(clients.staff, 'search=zeppelin');
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('narrows by every word, each found in the make, model, colour or registration', async () => {
    const ids = async (search: string) =>
      (await list(clients.staff, `search=${encodeURIComponent(search)}`)).body.map((vehicle) => vehicle.id);
    expect(await ids('van white')).toEqual([extra.whiteVan, extra.otherVan]);
    expect(await ids('renault white')).toEqual([extra.whiteVan]);
    expect(await ids('toyota corolla')).toEqual([world.vehicles.a1]);
    // The registration (AA11 AAA), in any case, with its words in any order.
    expect(await ids('aa11')).toEqual([world.vehicles.a1]);
    expect(await ids('AAA corolla')).toEqual([world.vehicles.a1]);
    expect(await ids('toyota civic')).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await list(clients.staff, 'search=50%25')).body.map((vehicle) => vehicle.id)).toEqual([extra.percent]);
    expect((await list(clients.staff, 'search=%25')).body.map((vehicle) => vehicle.id)).toEqual([extra.percent]);
    expect((await list(clients.staff, 'search=_')).body).toEqual([]);
  });

  it('filters by ownership, alone or with a search, and pages the result', async () => {
    const privately = await list(clients.staff, 'ownership=private');
    expect(privately.body.map((vehicle) => vehicle.id)).toEqual([extra.percent, extra.whiteVan]);
    expect(privately.body.every((vehicle) => vehicle.ownership === 'private')).toBe(true);

    const company = await list(clients.staff, 'ownership=company&search=van');
    expect(company.body.map((vehicle) => vehicle.id)).toEqual([extra.otherVan]);

    const page = await list(clients.staff, 'search=van&limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.body.map((vehicle) => vehicle.id)).toEqual([extra.otherVan]);
  });

  it("keeps agency users to their agency's vehicles when searching", async () => {
    for (const client of [clients.agency, clients.agent]) {
      const vans = await list(client, 'search=van');
      expect(vans.body.map((vehicle) => vehicle.id)).toEqual([extra.whiteVan]);
    }
    const b = await list(clients.agencyB, 'search=white&ownership=private');
    expect(b.body).toEqual([]);
  });

  it('refuses an unknown ownership or an over-long search (400 with the field named)', async () => {
    for (const [query, field] of [
      ['ownership=leased', 'ownership'],
      ['ownership=Company', 'ownership'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const reply = await clients.staff.get<ErrorBody>(`/api/staff-vehicles/?${query}`);
      expect(reply.status, query).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), query).toEqual([field]);
    }
  });

  it('refuses anonymous callers and customers', async () => {
    expect((await clients.anonymous.get('/api/staff-vehicles/?search=van')).status).toBe(401);
    expect((await clients.customer.get('/api/staff-vehicles/?ownership=private')).status).toBe(403);
  });
});

describe(`agencies for the operator (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  it('lists every agency by name for staff, paged', async () => {
    const reply = await clients.staff.get<{ id: number; name: string; status: string }[]>('/api/agencies/');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('3');
    expect(reply.body).toEqual([
      { id: world.agencies.a, name: 'North Drive', status: 'approved' },
      { id: world.agencies.pending, name: 'Pending Cars', status: 'pending' },
      { id: world.agencies.b, name: 'South Wheels', status: 'approved' },
    ]);
    const page = await clients.staff.get<{ id: number }[]>('/api/agencies/?limit=1&offset=2');
    expect(page.body.map((agency) => agency.id)).toEqual([world.agencies.b]);
    expect((await clients.staff.get('/api/agencies/?limit=0')).status).toBe(400);
  });

  it('refuses agency and agent users (403), customers (403) and anonymous callers (401)', async () => {
    for (const client of [clients.agency, clients.agent, clients.agencyB, clients.customer]) {
      expect((await client.get('/api/agencies/')).status).toBe(403);
    }
    expect((await clients.anonymous.get('/api/agencies/')).status).toBe(401);
  });
});
