import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersion } from '#server/repositories/data-versions';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, type World } from '../helpers/fixtures.ts';
import { png } from '../helpers/images.ts';

interface PublicVehicle {
  id: number;
  make: string;
  model: string;
  price_per_day: string;
  main_image: string | null;
  images: { id: number; image: string; thumbnail: string }[];
  pickup_locations: { id: number; name: string; city: string }[];
  agency_name: string;
  agency_logo: string | null;
}

describe(`public vehicles (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  const anonymous = () => new TestClient(t.app);
  let agency: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    agency = await signedIn(t.app, 'agency');
  });
  afterAll(async () => t.close());

  it('lists only vehicles of approved agencies, in the public shape, without signing in', async () => {
    const reply = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['x-total-count']).toBe('3');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(reply.body.map((vehicle) => vehicle.id)).toEqual([world.vehicles.a2, world.vehicles.b1, world.vehicles.a1]);
    expect(reply.body.some((vehicle) => vehicle.id === world.vehicles.pending1)).toBe(false);
    expect(reply.body[2]).toEqual({
      id: world.vehicles.a1,
      make: 'Toyota',
      model: 'Corolla',
      color: 'Blue',
      manufacture_year: 2022,
      mileage: 12000,
      mileage_allowance: 200,
      ownership: 'company',
      category: null,
      price_per_day: '45.00',
      from_price_per_day: null,
      deposit: '200.00',
      main_image: null,
      images: [],
      pickup_locations: [
        { id: world.locations.a1, name: 'Leeds Station', city: 'Leeds' },
        { id: world.locations.a2, name: 'York Centre', city: 'York' },
      ],
      agency_name: 'North Drive',
      agency_logo: null,
    });
  });

  it('pages with limit and offset and refuses bad values', async () => {
    const reply = await anonymous().get<PublicVehicle[]>('/api/public-vehicles?limit=1&offset=1');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('3');
    expect(reply.body.map((vehicle) => vehicle.make)).toEqual(['Honda']);
    for (const query of ['limit=0', 'limit=501', 'limit=x', 'offset=-2']) {
      const bad = await anonymous().get<ErrorBody>(`/api/public-vehicles/?${query}`);
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body.fields ?? {}), query).toEqual([query.split('=')[0]]);
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await anonymous().get('/api/public-vehicles/');
    const etag = String(first.headers.etag);
    const again = await anonymous().get('/api/public-vehicles/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await anonymous().get('/api/public-vehicles/', { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await anonymous().get('/api/public-vehicles/', { headers: { 'if-none-match': '"not-it"' } });
    expect(stale.status).toBe(200);
    expect(stale.raw.body).toBe(first.raw.body);
    const otherPage = await anonymous().get('/api/public-vehicles/?limit=2', { headers: { 'if-none-match': etag } });
    expect(otherPage.status).toBe(200);
    expect(otherPage.headers.etag).not.toBe(etag);
  });

  it('shows a price change at once after a PATCH (the cache is invalidated)', async () => {
    const before = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    const patched = await agency.multipart('PATCH', `/api/staff-vehicles/${world.vehicles.a1}/`, {
      price_per_day: '47.25',
    });
    expect(patched.status).toBe(200);
    const after = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/', {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.price_per_day).toBe('47.25');
  });

  it('shows created vehicles with their images and drops deleted ones', async () => {
    const image = await png();
    const created = await agency.multipart<{ id: number }>('POST', '/api/staff-vehicles/', {
      make: 'Audi',
      model: 'A3',
      color: 'White',
      manufacture_year: '2023',
      mileage: '5000',
      mileage_allowance: '300',
      ownership: 'private',
      price_per_day: '80',
      deposit: '500',
      registration_number: 'AU23 DIA',
      next_service_date: '2027-06-30',
      pickup_locations: world.locations.a2,
      image_uploads: { name: 'audi.png', type: 'image/png', data: image },
    });
    expect(created.status).toBe(201);
    const listed = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    expect(listed.headers['x-total-count']).toBe('4');
    const audi = listed.body[0];
    expect(audi).toMatchObject({
      id: created.body.id,
      make: 'Audi',
      price_per_day: '80.00',
      pickup_locations: [{ id: world.locations.a2, name: 'York Centre', city: 'York' }],
    });
    expect(audi).not.toHaveProperty('registration_number');
    expect(audi).not.toHaveProperty('agency_id');
    expect(audi?.images).toHaveLength(1);
    expect(audi?.main_image).toBe(audi?.images[0]?.image);
    expect(audi?.images[0]?.thumbnail).toMatch(/^\/media\/vehicles\/[\w-]+-480\.webp$/);

    const mediaFile = await t.app.inject({ method: 'GET', url: audi?.images[0]?.thumbnail ?? '' });
    expect(mediaFile.statusCode).toBe(200);
    expect(mediaFile.headers['content-type']).toBe('image/webp');

    expect((await agency.delete(`/api/staff-vehicles/${created.body.id}/`)).status).toBe(204);
    const afterDelete = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    expect(afterDelete.body.map((vehicle) => vehicle.id)).not.toContain(created.body.id);
    expect((await anonymous().get(`/api/public-vehicles/${created.body.id}/`)).status).toBe(404);
  });

  it('reflects changes made elsewhere once their transaction bumps the list version (agency approval, logo)', async () => {
    const { db } = t.app.deps;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('agencies').set({ status: 'approved' }).where('id', '=', world.agencies.pending).execute();
      await trx
        .updateTable('agencies')
        .set({ logo_key: 'agencies/logo-a' })
        .where('id', '=', world.agencies.a)
        .execute();
      await bumpVersion(trx, 'public-vehicles');
    });
    const reply = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    expect(reply.headers['x-total-count']).toBe('4');
    expect(reply.body.find((vehicle) => vehicle.id === world.vehicles.pending1)?.agency_name).toBe('Pending Cars');
    expect(reply.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.agency_logo).toBe(
      '/media/agencies/logo-a-256.webp',
    );
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('agencies').set({ status: 'pending' }).where('id', '=', world.agencies.pending).execute();
      await trx.updateTable('agencies').set({ logo_key: null }).where('id', '=', world.agencies.a).execute();
      await bumpVersion(trx, 'public-vehicles');
    });
  });

  it('returns one vehicle of an approved agency, with pickup addresses and the agency contact', async () => {
    const reply = await anonymous().get<PublicVehicle>(`/api/public-vehicles/${world.vehicles.b1}/`);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(reply.body).toEqual({
      id: world.vehicles.b1,
      make: 'Honda',
      model: 'Civic',
      color: 'Blue',
      manufacture_year: 2022,
      mileage: 12000,
      mileage_allowance: 200,
      ownership: 'company',
      category: null,
      price_per_day: '45.00',
      from_price_per_day: null,
      deposit: '200.00',
      main_image: null,
      images: [],
      pickup_locations: [{ id: world.locations.b1, name: 'Bristol Airport', city: 'Bristol', address: '' }],
      agency_name: 'South Wheels',
      agency_logo: null,
      agency_phone: '+44 20 7946 0000',
      agency_email: 'southwheels@example.com',
    });
    const customer = await signedIn(t.app, 'customer');
    expect((await customer.get(`/api/public-vehicles/${world.vehicles.b1}`)).status).toBe(200);
  });

  it("hides a pending agency's vehicle and unknown ids (404), refuses a bad id (400)", async () => {
    const pending = await anonymous().get(`/api/public-vehicles/${world.vehicles.pending1}/`);
    expect(pending.status).toBe(404);
    expect(pending.body).toEqual({ error: 'Vehicle not found.' });
    expect((await anonymous().get('/api/public-vehicles/999999/')).status).toBe(404);
    expect((await anonymous().get('/api/public-vehicles/abc/')).status).toBe(400);
  });

  it("gives each pickup location's address and keeps private fields out of the page", async () => {
    const { db } = t.app.deps;
    await db
      .updateTable('locations')
      .set({ address: '1 Station Road, LS1 4DY' })
      .where('id', '=', world.locations.a1)
      .execute();
    const reply = await anonymous().get<PublicVehicle & Record<string, unknown>>(
      `/api/public-vehicles/${world.vehicles.a1}/`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.pickup_locations).toEqual([
      { id: world.locations.a1, name: 'Leeds Station', city: 'Leeds', address: '1 Station Road, LS1 4DY' },
      { id: world.locations.a2, name: 'York Centre', city: 'York', address: '' },
    ]);
    expect(reply.body.agency_email).toBe('northdrive@example.com');
    // Beyond the list's fields, only the addresses and the agency's published contact.
    const list = await anonymous().get<Record<string, unknown>[]>('/api/public-vehicles/');
    const listed = list.body.find((vehicle) => vehicle.id === world.vehicles.a1) ?? {};
    expect(Object.keys(reply.body).sort()).toEqual([...Object.keys(listed), 'agency_email', 'agency_phone'].sort());
    for (const hidden of [
      'registration_number',
      'agency_id',
      'next_service_date',
      'created_at',
      'updated_at',
      'notes',
    ]) {
      expect(reply.body, hidden).not.toHaveProperty(hidden);
    }
    const text = reply.raw.body;
    expect(text).not.toContain('AA11 AAA');
    // The list (and its bytes) stays without the addresses.
    expect(list.raw.body).not.toContain('Station Road');
  });

  it('answers a matching If-None-Match on one vehicle with 304, and a changed vehicle with 200', async () => {
    const url = `/api/public-vehicles/${world.vehicles.a2}/`;
    const first = await anonymous().get(url);
    const etag = String(first.headers.etag);
    const again = await anonymous().get(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    await t.app.deps.db
      .updateTable('locations')
      .set({ address: '2 Park Row' })
      .where('id', '=', world.locations.a1)
      .execute();
    const changed = await anonymous().get<PublicVehicle>(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("hides the page of a suspended or pending agency's vehicle (404)", async () => {
    const { db } = t.app.deps;
    await db.updateTable('agencies').set({ status: 'suspended' }).where('id', '=', world.agencies.b).execute();
    try {
      const reply = await anonymous().get(`/api/public-vehicles/${world.vehicles.b1}/`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: 'Vehicle not found.' });
      expect(reply.raw.body).not.toContain('southwheels@example.com');
    } finally {
      await db.updateTable('agencies').set({ status: 'approved' }).where('id', '=', world.agencies.b).execute();
    }
  });
});
