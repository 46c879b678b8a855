import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyProfile } from '#domain/api/agencies';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { brokenImages, pngFile } from '../helpers/images.ts';
import { diskPublicDir } from '../helpers/media.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

const SUSPENDED = 'Your agency is suspended: you can view your data but not change it.';

async function storedLogos(t: TestApp): Promise<string[]> {
  try {
    return (await readdir(path.join(diskPublicDir(t.config.dataDir), 'agencies'))).sort();
  } catch {
    return [];
  }
}

describe(`suppliers (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  const publicMakes = async () =>
    (await clients.anonymous.get<{ make: string }[]>('/api/public-vehicles/')).body
      .map((vehicle) => vehicle.make)
      .sort();

  it('lists every agency for staff with contact, vehicle count and status, paged and filtered', async () => {
    const reply = await clients.staff.get<AgencyProfile[]>('/api/suppliers/');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('3');
    expect(reply.body).toEqual([
      {
        id: world.agencies.a,
        name: 'North Drive',
        status: 'approved',
        contact_email: 'northdrive@example.com',
        phone_number: '+44 20 7946 0000',
        logo: null,
        vehicle_count: 2,
        tax_rate: '0.00',
        service_interval_months: 12,
        postal_address: '',
        vat_number: '',
        hold_hours: 48,
      },
      expect.objectContaining({
        id: world.agencies.pending,
        name: 'Pending Cars',
        status: 'pending',
        vehicle_count: 1,
      }),
      expect.objectContaining({ id: world.agencies.b, name: 'South Wheels', vehicle_count: 1 }),
    ]);

    const pending = await clients.staff.get<AgencyProfile[]>('/api/suppliers/?status=pending');
    expect(pending.body.map((agency) => agency.name)).toEqual(['Pending Cars']);
    const search = await clients.staff.get<AgencyProfile[]>('/api/suppliers/?search=WHEELS');
    expect(search.body.map((agency) => agency.name)).toEqual(['South Wheels']);
    expect(search.headers['x-total-count']).toBe('1');
    const page = await clients.staff.get<AgencyProfile[]>('/api/suppliers/?limit=1&offset=1');
    expect(page.body.map((agency) => agency.name)).toEqual(['Pending Cars']);
    expect(page.headers['x-total-count']).toBe('3');

    for (const query of ['limit=201', 'status=closed', 'offset=-1']) {
      expect((await clients.staff.get<ErrorBody>(`/api/suppliers/?${query}`)).status).toBe(400);
    }
    // The vehicle form's agency picker keeps its call.
    const picker = await clients.staff.get<{ id: number; name: string }[]>('/api/agencies/');
    expect(picker.body.map((agency) => agency.name)).toEqual(['North Drive', 'Pending Cars', 'South Wheels']);
  });

  it('refuses the supplier calls to every role but staff', async () => {
    for (const client of [clients.agency, clients.agent, clients.customer]) {
      expect((await client.get('/api/suppliers/')).status).toBe(403);
      expect(
        (await client.post(`/api/suppliers/${world.agencies.pending}/status/`, { status: 'approved' })).status,
      ).toBe(403);
      expect((await client.patch(`/api/suppliers/${world.agencies.b}/`, { name: 'Taken' })).status).toBe(403);
    }
    expect((await clients.anonymous.get('/api/suppliers/')).status).toBe(401);
    expect((await clients.staff.get<AgencyProfile[]>('/api/suppliers/?status=approved')).body).toHaveLength(2);
  });

  it('edits an agency with a logo, checks the input and replaces the old logo', async () => {
    const bad = await clients.staff.patch<ErrorBody>(`/api/suppliers/${world.agencies.b}/`, {
      contact_email: 'not an e-mail',
      phone_number: 'call me',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['contact_email', 'phone_number']);
    const missing = await clients.staff.patch<ErrorBody>('/api/suppliers/999999/', { name: 'Nobody' });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Agency not found.' } });

    const first = await clients.staff.multipart<AgencyProfile>('PATCH', `/api/suppliers/${world.agencies.b}/`, {
      name: 'South Wheels Ltd',
      logo: await pngFile('logo.png', 600, 300),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'South Wheels Ltd', contact_email: 'southwheels@example.com' });
    expect(first.body.logo).toMatch(/^\/media\/agencies\/[\w-]+-256\.webp$/);
    const served = await clients.anonymous.get(first.body.logo ?? '');
    expect(served.status).toBe(200);
    expect((await sharp(served.raw.rawPayload).metadata()).width).toBe(256);
    // Public cards show the agency's name and logo: the cached public list changes at once.
    const card = (
      await clients.anonymous.get<{ make: string; agency_name: string; agency_logo: string }[]>('/api/public-vehicles/')
    ).body.find((vehicle) => vehicle.make === 'Honda');
    expect(card).toMatchObject({ agency_name: 'South Wheels Ltd', agency_logo: first.body.logo });

    const second = await clients.staff.multipart<AgencyProfile>('PATCH', `/api/suppliers/${world.agencies.b}/`, {
      logo: await pngFile('logo2.png', 100, 100),
    });
    expect(second.status).toBe(200);
    expect(second.body.logo).not.toBe(first.body.logo);
    expect(await storedLogos(t)).toEqual([(second.body.logo ?? '').slice('/media/agencies/'.length)]);

    for (const [name, data] of Object.entries(await brokenImages())) {
      const refused = await clients.staff.multipart<ErrorBody>('PATCH', `/api/suppliers/${world.agencies.b}/`, {
        name: 'Broken',
        logo: { name: 'logo.png', type: 'image/png', data },
      });
      expect(refused.status, name).toBe(415);
      expect(refused.body.fields?.logo, name).toBeDefined();
    }
    const after = await clients.staff.get<AgencyProfile[]>(`/api/suppliers/?search=south`);
    expect(after.body[0]).toMatchObject({ name: 'South Wheels Ltd', logo: second.body.logo });
    expect(await storedLogos(t)).toHaveLength(1);
  });

  it('lets agency users read and edit their own agency only; agents read it', async () => {
    const own = await clients.agency.get<AgencyProfile>('/api/agency/');
    expect(own.body).toMatchObject({ id: world.agencies.a, name: 'North Drive', vehicle_count: 2 });
    expect((await clients.agent.get<AgencyProfile>('/api/agency/')).body.id).toBe(world.agencies.a);
    expect((await clients.agent.patch('/api/agency/', { name: 'Agent Was Here' })).status).toBe(403);
    expect((await clients.staff.get('/api/agency/')).status).toBe(403);
    expect((await clients.customer.get('/api/agency/')).status).toBe(403);

    const edited = await clients.agency.multipart<AgencyProfile>('PATCH', '/api/agency/', {
      phone_number: '+44 113 496 0000',
      logo: await pngFile(),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: world.agencies.a, name: 'North Drive', phone_number: '+44 113 496 0000' });
    expect(edited.body.logo).toMatch(/^\/media\/agencies\//);
    const bad = await clients.agency.patch<ErrorBody>('/api/agency/', { name: '' });
    expect(bad).toMatchObject({ status: 400, body: { fields: { name: ['Agency name is required.'] } } });
    // Agency B's profile is untouched by agency A's edit.
    expect((await clients.agencyB.get<AgencyProfile>('/api/agency/')).body).toMatchObject({
      id: world.agencies.b,
      phone_number: '+44 20 7946 0000',
    });
  });

  it('approving a pending agency makes its vehicles public at once', async () => {
    expect(await publicMakes()).not.toContain('Kia');
    const refused = await clients.staff.post<ErrorBody>(`/api/suppliers/${world.agencies.pending}/status/`, {
      status: 'pending',
    });
    expect(refused.status).toBe(400);
    const approved = await clients.staff.post<AgencyProfile>(`/api/suppliers/${world.agencies.pending}/status/`, {
      status: 'approved',
    });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', name: 'Pending Cars' } });
    expect(await publicMakes()).toContain('Kia');
    expect((await clients.staff.post('/api/suppliers/999999/status/', { status: 'approved' })).status).toBe(404);
  });

  it('suspending an agency hides its vehicles and leaves its users read-only until reinstated', async () => {
    const before = await clients.anonymous.get('/api/public-vehicles/');
    const suspended = await clients.staff.post<AgencyProfile>(`/api/suppliers/${world.agencies.a}/status/`, {
      status: 'suspended',
    });
    expect(suspended.body.status).toBe('suspended');
    const after = await clients.anonymous.get<{ make: string }[]>('/api/public-vehicles/', {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    expect(after.body.map((vehicle) => vehicle.make)).not.toContain('Toyota');
    expect((await clients.anonymous.get(`/api/public-vehicles/${world.vehicles.a1}/`)).status).toBe(404);

    // Reads still work for the agency's users.
    expect((await clients.agency.get('/api/agency/')).status).toBe(200);
    expect((await clients.agent.get('/api/staff-vehicles/')).headers['x-total-count']).toBe('2');
    // Every write is refused, whatever the route.
    const writes = [
      await clients.agency.patch<ErrorBody>('/api/agency/', { name: 'Still Here' }),
      await clients.agency.patch<ErrorBody>(`/api/staff-vehicles/${world.vehicles.a1}/`, { mileage: 1 }),
      await clients.agent.delete<ErrorBody>(`/api/staff-vehicles/${world.vehicles.a2}/`),
      await clients.agent.multipart<ErrorBody>(
        'POST',
        '/api/staff-vehicles/',
        vehicleForm({ registration_number: 'SU55 PND', pickup_locations: [world.locations.a1] }),
      ),
    ];
    for (const reply of writes) expect(reply).toMatchObject({ status: 403, body: { error: SUSPENDED } });
    expect((await clients.agent.get(`/api/staff-vehicles/${world.vehicles.a2}/`)).status).toBe(200);
    // Another agency's users are not affected.
    expect((await clients.agencyB.patch('/api/agency/', { name: 'South Wheels' })).status).toBe(200);

    await clients.staff.post(`/api/suppliers/${world.agencies.a}/status/`, { status: 'approved' });
    expect(await publicMakes()).toContain('Toyota');
    expect((await clients.agency.patch('/api/agency/', { name: 'North Drive' })).status).toBe(200);
  });
});
