import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupLocation } from '#domain/api/locations';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const NEW = { name: 'Harbour Kiosk', city: 'Hull', address: '1 Quay Street, HU1 1AA' };

/** Pickup locations managed by their agency: GET/POST locations/, PATCH/DELETE locations/{id}/. */
describe(`pickup locations (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  const db = () => t.app.deps.db;
  const exists = async (id: number) =>
    (await db().selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const day = (offset: number) => addDays(todayIso(t.clock.now()), offset);

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  it("lists an agency's own locations with their vehicle counts; the operator sees every agency's", async () => {
    const own = await clients.agent.get<PickupLocation[]>('/api/locations/');
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body.map((location) => location.id).sort()).toEqual([world.locations.a1, world.locations.a2].sort());
    expect(own.body.find((location) => location.id === world.locations.a1)).toMatchObject({
      name: 'Leeds Station',
      city: 'Leeds',
      address: '',
      vehicles: 2,
    });
    const all = await clients.staff.get<PickupLocation[]>('/api/locations/');
    expect(all.body.map((location) => location.id)).toContain(world.locations.b1);
    expect(all.headers['x-total-count']).toBe(String(all.body.length));
  });

  it('adds a location to the caller’s agency; the operator names the agency', async () => {
    const added = await clients.agency.post<PickupLocation>('/api/locations/', NEW);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ ...NEW, agency_id: world.agencies.a, vehicles: 0 });
    const byStaff = await clients.staff.post<PickupLocation>('/api/locations/', {
      ...NEW,
      agency_id: world.agencies.b,
    });
    expect(byStaff.body.agency_id).toBe(world.agencies.b);
    const noAgency = await clients.staff.post<ErrorBody>('/api/locations/', NEW);
    expect(noAgency.status).toBe(400);
    expect(noAgency.body.fields).toHaveProperty('agency_id');
    const elsewhere = await clients.agency.post<ErrorBody>('/api/locations/', { ...NEW, agency_id: world.agencies.b });
    expect(elsewhere.status).toBe(403);
  });

  it('refuses bad input, and wrong callers, writing nothing', async () => {
    const before = await db().selectFrom('locations').select('id').execute();
    const bad = await clients.agency.post<ErrorBody>('/api/locations/', {
      name: ' ',
      city: '',
      address: 'x'.repeat(300),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['address', 'city', 'name']);
    expect((await new TestClient(t.app).get('/api/locations/')).status).toBe(401);
    expect((await clients.customer.get('/api/locations/')).status).toBe(403);
    expect((await clients.customer.post('/api/locations/', NEW)).status).toBe(403);
    expect((await clients.customer.patch(`/api/locations/${world.locations.a1}/`, { city: 'X' })).status).toBe(403);
    expect((await clients.customer.delete(`/api/locations/${world.locations.a2}/`)).status).toBe(403);
    expect(await db().selectFrom('locations').select('id').execute()).toEqual(before);
  });

  it("edits a location; another agency's is not found", async () => {
    const edited = await clients.agent.patch<PickupLocation>(`/api/locations/${world.locations.a2}/`, {
      address: '2 Station Road, YO1 1AA',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'York Centre', address: '2 Station Road, YO1 1AA' });
    const other = await clients.agency.patch<ErrorBody>(`/api/locations/${world.locations.b1}/`, { city: 'Mine' });
    expect(other.status).toBe(404);
    expect((await clients.agency.patch(`/api/locations/${world.locations.a2}/`, { name: '' })).status).toBe(400);
    const b1 = await db()
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', world.locations.b1)
      .executeTakeFirstOrThrow();
    expect(b1.city).toBe('Bristol');
  });

  it('removes an unused location; one a vehicle or an upcoming booking uses is kept, with the reason', async () => {
    const used = await clients.agency.delete<ErrorBody>(`/api/locations/${world.locations.a1}/`);
    expect(used.status).toBe(409);
    expect(used.body.error).toBe(
      'This location is used by 2 vehicles; it cannot be removed until they no longer use it.',
    );
    expect(await exists(world.locations.a1)).toBe(true);

    const spare = await clients.agency.post<PickupLocation>('/api/locations/', { ...NEW, name: 'Spare Yard' });
    const booked = await rows.insertBooking(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: world.vehicles.a2,
      start_date: day(30),
      end_date: day(31),
      pickup_location: 'Spare Yard',
    });
    const held = await clients.agency.delete<ErrorBody>(`/api/locations/${spare.body.id}/`);
    expect(held.status).toBe(409);
    expect(held.body.error).toBe(
      'This location is used by 1 upcoming booking or request; it cannot be removed until they no longer use it.',
    );
    await db().deleteFrom('bookings').where('id', '=', booked).execute();

    expect((await clients.agencyB.delete(`/api/locations/${spare.body.id}/`)).status).toBe(404);
    const removed = await clients.agency.delete(`/api/locations/${spare.body.id}/`);
    expect(removed.status).toBe(204);
    expect(await exists(spare.body.id)).toBe(false);
    expect((await clients.agency.delete(`/api/locations/${spare.body.id}/`)).status).toBe(404);
  });

  it('keeps agent-locations/ in its shape', async () => {
    const reply = await clients.agent.get<Record<string, unknown>[]>('/api/agent-locations/');
    expect(Object.keys(reply.body[0] ?? {}).sort()).toEqual(['agency_id', 'city', 'id', 'name']);
  });
});
