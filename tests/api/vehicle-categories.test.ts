import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleCategoryView } from '#domain/api/rate-plan';
import type { PublicVehicle, StaffVehicle } from '#domain/api/vehicles';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

type Category = VehicleCategoryView & ErrorBody;
type Vehicle = StaffVehicle & ErrorBody;

const NAME_TAKEN = 'A category with this name already exists.';
const OUTSIDE_AGENCY = "Choose one of the vehicle's agency's categories.";

describe(`vehicle categories (${ENGINE})`, () => {
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

  const create = (client: TestClient, name: string, base: string | null = null) =>
    client.post<Category>('/api/vehicle-categories/', { name, base_day_rate: base });

  /** A category of agency A made through the API, for a test of its own. */
  const made = async (name: string, base: string | null = null) => {
    const reply = await create(agency, name, base);
    expect(reply.status).toBe(201);
    return reply.body;
  };

  const addVehicle = async (client: TestClient, fields: Record<string, string | number | null> = {}) =>
    client.multipart<Vehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ pickup_locations: world.locations.a1, ...fields }),
    );

  const publicList = async (query = '') => {
    const reply = await anonymous.get<PublicVehicle[]>(`/api/public-vehicles/?limit=500${query}`);
    expect(reply.status).toBe(200);
    return reply;
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it("creates, lists, edits and deletes a category, moving the plan's version each time", async () => {
    const start = await version(world.agencies.a);
    const created = await create(agency, '  Compact  ', '39.5');
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Compact', base_day_rate: '39.50', vehicles: 0 });
    expect(await version(world.agencies.a)).toBe(start + 1);

    const list = await agent.get<Category[]>('/api/vehicle-categories/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toEqual([created.body]);

    const edited = await agency.put<Category>(`/api/vehicle-categories/${created.body.id}/`, {
      name: 'Compact plus',
      base_day_rate: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: created.body.id, name: 'Compact plus', base_day_rate: null, vehicles: 0 });
    expect(await version(world.agencies.a)).toBe(start + 2);
    // Its own name again (another case) is no clash.
    const recased = await agency.put<Category>(`/api/vehicle-categories/${created.body.id}/`, { name: 'COMPACT PLUS' });
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe('COMPACT PLUS');

    const removed = await agency.delete(`/api/vehicle-categories/${created.body.id}/`);
    expect(removed.status).toBe(204);
    expect(await version(world.agencies.a)).toBe(start + 4);
    expect((await agency.get<Category[]>('/api/vehicle-categories/')).body).toEqual([]);
    expect((await agency.delete(`/api/vehicle-categories/${created.body.id}/`)).status).toBe(404);
  });

  it('lists by name, a page at a time, with the total and in-service vehicle counts', async () => {
    const names = ['Van', 'Economy', 'SUV', 'Estate'];
    for (const name of names) await made(name);
    const first = await agency.get<Category[]>('/api/vehicle-categories/?limit=2');
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.body.map((category) => category.name)).toEqual(['Economy', 'Estate']);
    const rest = await agency.get<Category[]>('/api/vehicle-categories/?limit=2&offset=2');
    expect(rest.body.map((category) => category.name)).toEqual(['SUV', 'Van']);
    expect((await agency.get('/api/vehicle-categories/?limit=501')).status).toBe(400);
    expect((await agency.get('/api/vehicle-categories/?offset=-1')).status).toBe(400);
    for (const category of [...first.body, ...rest.body]) {
      expect((await agency.delete(`/api/vehicle-categories/${category.id}/`)).status).toBe(204);
    }
  });

  it('refuses a name the agency already has, whatever its case (409 on the field), and allows it in another agency', async () => {
    const suv = await made('SUV');
    const start = await version(world.agencies.a);
    for (const name of ['SUV', 'suv', ' Suv ']) {
      const again = await create(agency, name);
      expect(again.status, name).toBe(409);
      expect(again.body.error).toBe(NAME_TAKEN);
      expect(again.body.fields).toEqual({ name: [NAME_TAKEN] });
    }
    const van = await made('Van');
    const renamed = await agency.put<Category>(`/api/vehicle-categories/${van.id}/`, { name: 'suv' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.fields).toEqual({ name: [NAME_TAKEN] });
    expect(await version(world.agencies.a)).toBe(start + 1);
    expect((await agency.get('/api/vehicle-categories/')).headers['x-total-count']).toBe('2');

    const otherAgency = await create(agencyB, 'SUV');
    expect(otherAgency.status).toBe(201);
    for (const id of [suv.id, van.id]) expect((await agency.delete(`/api/vehicle-categories/${id}/`)).status).toBe(204);
    expect((await agencyB.delete(`/api/vehicle-categories/${otherAgency.body.id}/`)).status).toBe(204);
  });

  it('gives one of two simultaneous creations of a name and a 409 to the other', async () => {
    const replies = await Promise.all([create(agency, 'Convertible'), create(agency, 'CONVERTIBLE')]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const list = await agency.get<Category[]>('/api/vehicle-categories/');
    expect(list.body.map((category) => category.name.toLowerCase())).toEqual(['convertible']);
    expect((await agency.delete(`/api/vehicle-categories/${list.body[0]?.id}/`)).status).toBe(204);
  });

  it('refuses bad input with 400 and the field, writing nothing', async () => {
    const start = await version(world.agencies.a);
    const cases: [unknown, string, string | null][] = [
      [{}, 'name', 'Name is required.'],
      [{ name: '   ' }, 'name', 'Name is required.'],
      [{ name: 'x'.repeat(61) }, 'name', 'Name must be at most 60 characters.'],
      [{ name: ['SUV'] }, 'name', 'Name is required.'],
      [{ name: 'Luxury', base_day_rate: '0' }, 'base_day_rate', 'Base day rate must be more than 0.'],
      [{ name: 'Luxury', base_day_rate: '12.345' }, 'base_day_rate', null],
      [{ name: 'Luxury', base_day_rate: 'cheap' }, 'base_day_rate', null],
      [{ name: 'Luxury', base_day_rate: '5000000' }, 'base_day_rate', 'Base day rate must be at most 1000000.00.'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await agency.post<ErrorBody>('/api/vehicle-categories/', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), JSON.stringify(body)).toEqual([field]);
      if (message) expect(reply.body.fields?.[field]).toEqual([message]);
    }
    const category = await made('Luxury');
    const bad = await agency.put<ErrorBody>(`/api/vehicle-categories/${category.id}/`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.name).toEqual(['Name is required.']);
    expect((await agency.put(`/api/vehicle-categories/abc/`, { name: 'X' })).status).toBe(400);
    expect((await agency.delete(`/api/vehicle-categories/0/`)).status).toBe(400);
    expect((await agency.raw('POST', '/api/vehicle-categories/', '{"name":', 'application/json')).status).toBe(400);
    expect(await version(world.agencies.a)).toBe(start + 1);
    expect((await agency.delete(`/api/vehicle-categories/${category.id}/`)).status).toBe(204);
  });

  it("refuses visitors (401), customers and the operator (403), agents' writes (403), another agency's category (404)", async () => {
    const category = await made('Minibus');
    const path = `/api/vehicle-categories/${category.id}/`;
    const start = await version(world.agencies.a);
    const startB = await version(world.agencies.b);

    expect((await anonymous.get('/api/vehicle-categories/')).status).toBe(401);
    expect((await create(anonymous, 'X')).status).toBe(401);
    expect((await anonymous.put(path, { name: 'X' })).status).toBe(401);
    expect((await anonymous.delete(path)).status).toBe(401);
    for (const client of [customer, staff]) {
      expect((await client.get('/api/vehicle-categories/')).status).toBe(403);
      expect((await create(client, 'X')).status).toBe(403);
      expect((await client.put(path, { name: 'X' })).status).toBe(403);
      expect((await client.delete(path)).status).toBe(403);
    }
    expect((await agent.get('/api/vehicle-categories/')).status).toBe(200);
    expect((await create(agent, 'X')).status).toBe(403);
    expect((await agent.put(path, { name: 'X' })).status).toBe(403);
    expect((await agent.delete(path)).status).toBe(403);
    // Refused before the body is read: a malformed body still gets the refusal.
    expect((await agent.raw('PUT', path, '{', 'application/json')).status).toBe(403);

    const foreignEdit = await agencyB.put<ErrorBody>(path, { name: 'Taken over' });
    expect(foreignEdit.status).toBe(404);
    expect(foreignEdit.body.error).toBe('Vehicle category not found.');
    expect((await agencyB.delete(path)).status).toBe(404);
    expect((await agencyB.get<Category[]>('/api/vehicle-categories/')).body.map((row) => row.id)).not.toContain(
      category.id,
    );
    expect(await version(world.agencies.a)).toBe(start);
    expect(await version(world.agencies.b)).toBe(startB);
    const kept = await agency.get<Category[]>('/api/vehicle-categories/');
    expect(kept.body).toEqual([category]);
    expect((await agency.delete(path)).status).toBe(204);
  });

  it("takes a vehicle's category on create and edit: one of its agency's, else 400 on category_id", async () => {
    const economy = await made('Economy');
    const foreign = (await create(agencyB, 'Economy')).body;

    const created = await addVehicle(agency, { category_id: economy.id });
    expect(created.status).toBe(201);
    expect(created.body.category_id).toBe(economy.id);
    const none = await addVehicle(agent, { category_id: '' });
    expect(none.status).toBe(201);
    expect(none.body.category_id).toBeNull();

    for (const categoryId of [foreign.id, 999_999]) {
      const refused = await addVehicle(agency, { category_id: categoryId });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ category_id: [OUTSIDE_AGENCY] });
    }
    const notAnId = await addVehicle(agency, { category_id: 'suv' });
    expect(notAnId.status).toBe(400);
    expect(Object.keys(notAnId.body.fields ?? {})).toEqual(['category_id']);

    const path = `/api/staff-vehicles/${none.body.id}/`;
    const set = await agency.multipart<Vehicle>('PATCH', path, { category_id: economy.id });
    expect(set.status).toBe(200);
    expect(set.body.category_id).toBe(economy.id);
    // Left out: kept.
    expect((await agency.multipart<Vehicle>('PATCH', path, { color: 'Red' })).body.category_id).toBe(economy.id);
    const foreignEdit = await agency.multipart<Vehicle>('PATCH', path, { category_id: foreign.id });
    expect(foreignEdit.status).toBe(400);
    expect(foreignEdit.body.fields).toEqual({ category_id: [OUTSIDE_AGENCY] });
    const cleared = await agency.multipart<Vehicle>('PATCH', path, { category_id: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.category_id).toBeNull();
    expect((await agency.get<Vehicle>(`/api/staff-vehicles/${created.body.id}/`)).body.category_id).toBe(economy.id);

    const economyCount = async () =>
      (await agency.get<Category[]>('/api/vehicle-categories/')).body.find((row) => row.id === economy.id)?.vehicles;
    expect(await economyCount()).toBe(1);

    // The operator moving a vehicle to another agency leaves its category behind, or names one of the new agency's.
    const moving = await staff.multipart<Vehicle>('PATCH', `/api/staff-vehicles/${created.body.id}/`, {
      agency_id: world.agencies.b,
      pickup_locations: world.locations.b1,
    });
    expect(moving.status).toBe(400);
    expect(moving.body.fields).toEqual({ category_id: [OUTSIDE_AGENCY] });
    const moved = await staff.multipart<Vehicle>('PATCH', `/api/staff-vehicles/${created.body.id}/`, {
      agency_id: world.agencies.b,
      pickup_locations: world.locations.b1,
      category_id: foreign.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ agency_id: world.agencies.b, category_id: foreign.id });

    const counts = await agencyB.get<Category[]>('/api/vehicle-categories/');
    expect(counts.body.find((row) => row.id === foreign.id)?.vehicles).toBe(1);
    expect(await economyCount()).toBe(0);
  });

  it('shows the category on public vehicles, filters the public list by it (any case) and lists the names on offer', async () => {
    const luxury = await made('Luxury');
    const luxuryB = (await create(agencyB, 'LUXURY')).body;
    const estate = (await create(agencyB, 'Estate')).body;
    const mine = (await addVehicle(agency, { make: 'Bentley', category_id: luxury.id })).body;
    const theirs = (
      await addVehicle(agencyB, { make: 'Rolls', category_id: luxuryB.id, pickup_locations: world.locations.b1 })
    ).body;
    const retired = (
      await addVehicle(agencyB, { make: 'Volvo', category_id: estate.id, pickup_locations: world.locations.b1 })
    ).body;
    expect((await agencyB.post(`/api/staff-vehicles/${retired.id}/retire/`)).status).toBeLessThan(300);

    const all = await publicList();
    expect(all.body.find((vehicle) => vehicle.id === mine.id)?.category).toBe('Luxury');
    expect(all.body.find((vehicle) => vehicle.id === theirs.id)?.category).toBe('LUXURY');
    expect(all.body.find((vehicle) => vehicle.id === world.vehicles.b1)?.category).toBeNull();
    const page = await anonymous.get<PublicVehicle>(`/api/public-vehicles/${mine.id}/`);
    expect(page.body.category).toBe('Luxury');

    for (const name of ['luxury', 'LUXURY', ' Luxury ']) {
      const filtered = await publicList(`&category=${encodeURIComponent(name)}`);
      expect(filtered.body.map((vehicle) => vehicle.id).sort(), name).toEqual([mine.id, theirs.id].sort());
      expect(filtered.headers['x-total-count']).toBe('2');
      expect(filtered.headers['cache-control']).toBe('no-cache');
    }
    expect((await publicList('&category=Estate')).body).toEqual([]);
    expect((await publicList('&category=nothing')).body).toEqual([]);
    expect((await publicList('&category=')).body.length).toBe(all.body.length);
    expect((await anonymous.get(`/api/public-vehicles/?category=${'x'.repeat(61)}`)).status).toBe(400);
    const available = await publicList('&category=luxury&available_from=2031-01-01&available_to=2031-01-02');
    expect(available.body.map((vehicle) => vehicle.id).sort()).toEqual([mine.id, theirs.id].sort());

    const names = await anonymous.get<string[]>('/api/public-vehicle-categories/');
    expect(names.status).toBe(200);
    expect(names.headers['cache-control']).toBe('no-cache');
    // Once each whatever the case; the retired vehicle's category is not on offer.
    expect(names.body.map((name) => name.toLowerCase())).toContain('luxury');
    expect(names.body.filter((name) => name.toLowerCase() === 'luxury')).toHaveLength(1);
    expect(names.body).not.toContain('Estate');
    expect(names.headers['x-total-count']).toBe(String(names.body.length));
    const etag = String(names.headers.etag);
    expect(
      (await anonymous.get('/api/public-vehicle-categories/', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect((await anonymous.get('/api/public-vehicle-categories/?limit=0')).status).toBe(400);
  });

  it('never serves a stale filtered page: a rename or a removal shows at once, and removal leaves vehicles without a category', async () => {
    const city = await made('City car');
    const vehicle = (await addVehicle(agency, { make: 'Fiat', category_id: city.id })).body;
    const filtered = await publicList('&category=city%20car');
    expect(filtered.body.map((row) => row.id)).toEqual([vehicle.id]);
    const etag = String(filtered.headers.etag);

    expect((await agency.put(`/api/vehicle-categories/${city.id}/`, { name: 'Town car' })).status).toBe(200);
    const stale = await anonymous.get('/api/public-vehicles/?limit=500&category=city%20car', {
      headers: { 'if-none-match': etag },
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual([]);
    const renamed = await publicList('&category=town%20car');
    expect(renamed.body.map((row) => row.id)).toEqual([vehicle.id]);
    expect(renamed.body[0]?.category).toBe('Town car');
    expect((await publicList()).body.find((row) => row.id === vehicle.id)?.category).toBe('Town car');
    expect((await anonymous.get<string[]>('/api/public-vehicle-categories/?limit=500')).body).toContain('Town car');

    expect((await agency.delete(`/api/vehicle-categories/${city.id}/`)).status).toBe(204);
    expect((await publicList('&category=town%20car')).body).toEqual([]);
    expect((await publicList()).body.find((row) => row.id === vehicle.id)?.category).toBeNull();
    expect((await agency.get<Vehicle>(`/api/staff-vehicles/${vehicle.id}/`)).body.category_id).toBeNull();
    expect((await anonymous.get<string[]>('/api/public-vehicle-categories/?limit=500')).body).not.toContain('Town car');
  });

  it('refuses to remove a category a season is limited to (409), which would widen the season to every vehicle', async () => {
    const van = await made('Van');
    const { db } = t.app.deps;
    const season = await db
      .insertInto('seasons')
      .values({
        agency_id: world.agencies.a,
        name: 'Summer',
        start_date: '2031-07-01',
        end_date: '2031-08-31',
        adjustment_kind: 'percent',
        day_rate: null,
        basis_points: 2000,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('season_categories').values({ season_id: season.id, category_id: van.id }).execute();
    const start = await version(world.agencies.a);

    const refused = await agency.delete<ErrorBody>(`/api/vehicle-categories/${van.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This category is used by the season Summer; take it off that season first.');
    expect(await version(world.agencies.a)).toBe(start);

    await db.deleteFrom('season_categories').where('season_id', '=', season.id).execute();
    expect((await agency.delete(`/api/vehicle-categories/${van.id}/`)).status).toBe(204);
  });
});
