import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { MultipartValue } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { jpeg, png, pngFile } from '../helpers/images.ts';
import { diskPublicDir } from '../helpers/media.ts';
import { insertBooking, insertBookingRequest } from '../helpers/rows.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

interface ImageView {
  id: number;
  image: string;
  thumbnail: string;
}

interface StaffVehicle {
  id: number;
  agency_id: number;
  agency_name: string;
  agency_logo: string | null;
  make: string;
  model: string;
  price_per_day: string;
  deposit: string;
  registration_number: string;
  main_image: string | null;
  images: ImageView[];
  pickup_locations: number[];
  pickup_location_details: { id: number; name: string; city: string }[];
  created_at: string;
  updated_at: string;
}

const IN_USE =
  'This vehicle has bookings or booking requests and cannot be deleted. Retire it instead: its history is kept.';
const NOT_FOUND = { error: 'Vehicle not found.' };

function mediaPath(t: TestApp, url: string): string {
  expect(url).toMatch(/^\/media\/vehicles\/[\w-]+-\d+\.webp$/);
  return path.join(diskPublicDir(t.config.dataDir), url.slice('/media/'.length));
}

async function storedFiles(t: TestApp): Promise<string[]> {
  try {
    return (await readdir(path.join(diskPublicDir(t.config.dataDir), 'vehicles'))).sort();
  } catch {
    return [];
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await sharp(file).metadata();
    return true;
  } catch {
    return false;
  }
}

describe(`staff vehicle list and detail (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  it('lists every agency for staff, by make and model, with the total', async () => {
    const reply = await clients.staff.get<StaffVehicle[]>('/api/staff-vehicles/');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('4');
    expect(reply.body.map((vehicle) => `${vehicle.make} ${vehicle.model}`)).toEqual([
      'Ford Focus',
      'Honda Civic',
      'Kia Ceed',
      'Toyota Corolla',
    ]);
  });

  it('lists only their own agency for agency and agent users', async () => {
    for (const client of [clients.agency, clients.agent]) {
      const reply = await client.get<StaffVehicle[]>('/api/staff-vehicles');
      expect(reply.status).toBe(200);
      expect(reply.headers['x-total-count']).toBe('2');
      expect(reply.body.map((vehicle) => vehicle.id)).toEqual([world.vehicles.a2, world.vehicles.a1]);
    }
    const b = await clients.agencyB.get<StaffVehicle[]>('/api/staff-vehicles/');
    expect(b.body.map((vehicle) => vehicle.id)).toEqual([world.vehicles.b1]);
  });

  it('pages with limit and offset', async () => {
    const reply = await clients.staff.get<StaffVehicle[]>('/api/staff-vehicles/?limit=2&offset=1');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('4');
    expect(reply.body.map((vehicle) => vehicle.make)).toEqual(['Honda', 'Kia']);
  });

  it('refuses a bad limit or offset', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=ten', 'limit=2.5', 'offset=-1']) {
      const reply = await clients.staff.get<ErrorBody>(`/api/staff-vehicles/?${query}`);
      expect(reply.status, query).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), query).toEqual([query.split('=')[0]]);
    }
  });

  it('returns one vehicle in the staff shape', async () => {
    const reply = await clients.agent.get<StaffVehicle>(`/api/staff-vehicles/${world.vehicles.a1}/`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: world.vehicles.a1,
      agency_id: world.agencies.a,
      agency_name: 'North Drive',
      agency_logo: null,
      make: 'Toyota',
      model: 'Corolla',
      color: 'Blue',
      manufacture_year: 2022,
      mileage: 12000,
      mileage_allowance: 200,
      ownership: 'company',
      category_id: null,
      price_per_day: '45.00',
      deposit: '200.00',
      registration_number: 'AA11 AAA',
      label_code: expect.stringMatching(/^[0-9A-F]{10}$/),
      next_service_date: '2027-03-01',
      retired_at: null,
      main_image: null,
      images: [],
      pickup_locations: [world.locations.a1, world.locations.a2],
      pickup_location_details: [
        { id: world.locations.a1, name: 'Leeds Station', city: 'Leeds' },
        { id: world.locations.a2, name: 'York Centre', city: 'York' },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("lets staff read any agency's vehicle", async () => {
    const reply = await clients.staff.get<StaffVehicle>(`/api/staff-vehicles/${world.vehicles.b1}`);
    expect(reply.status).toBe(200);
    expect(reply.body.agency_name).toBe('South Wheels');
  });

  it("answers 404 for another agency's vehicle or an unknown id, 400 for a bad id", async () => {
    const other = await clients.agencyB.get(`/api/staff-vehicles/${world.vehicles.a1}/`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    expect((await clients.staff.get('/api/staff-vehicles/999999/')).status).toBe(404);
    expect((await clients.staff.get('/api/staff-vehicles/abc/')).status).toBe(400);
  });

  it('refuses anonymous callers (401) and customers (403)', async () => {
    for (const url of ['/api/staff-vehicles/', `/api/staff-vehicles/${world.vehicles.a1}/`]) {
      expect((await clients.anonymous.get(url)).status).toBe(401);
      expect((await clients.customer.get(url)).status).toBe(403);
    }
  });
});

describe(`agent locations (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  it('lists every location for staff, by city then name', async () => {
    const reply =
      await clients.staff.get<{ id: number; name: string; city: string; agency_id: number }[]>('/api/agent-locations/');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-total-count']).toBe('4');
    expect(reply.body).toEqual([
      { id: world.locations.pending1, name: 'Bath Spa', city: 'Bath', agency_id: world.agencies.pending },
      { id: world.locations.b1, name: 'Bristol Airport', city: 'Bristol', agency_id: world.agencies.b },
      { id: world.locations.a1, name: 'Leeds Station', city: 'Leeds', agency_id: world.agencies.a },
      { id: world.locations.a2, name: 'York Centre', city: 'York', agency_id: world.agencies.a },
    ]);
  });

  it("lists only the caller's agency for agency and agent users", async () => {
    const agent = await clients.agent.get<{ id: number }[]>('/api/agent-locations');
    expect(agent.body.map((location) => location.id)).toEqual([world.locations.a1, world.locations.a2]);
    const b = await clients.agencyB.get<{ id: number }[]>('/api/agent-locations/');
    expect(b.body.map((location) => location.id)).toEqual([world.locations.b1]);
    const page = await clients.staff.get<{ id: number }[]>('/api/agent-locations/?limit=1&offset=3');
    expect(page.body.map((location) => location.id)).toEqual([world.locations.a2]);
  });

  it('refuses a bad limit, anonymous callers and customers', async () => {
    expect((await clients.staff.get('/api/agent-locations/?limit=0')).status).toBe(400);
    expect((await clients.anonymous.get('/api/agent-locations/')).status).toBe(401);
    expect((await clients.customer.get('/api/agent-locations/')).status).toBe(403);
  });
});

describe(`creating vehicles (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  const vehicleCount = async () =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('creates a vehicle with two images in its own agency (201)', async () => {
    const reply = await clients.agency.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({
        registration_number: 'ab12 cde',
        image_uploads: [await pngFile('front.png'), await pngFile('back.png')],
        pickup_locations: [world.locations.a2, world.locations.a1],
      }),
    );
    expect(reply.status).toBe(201);
    const vehicle = reply.body;
    expect(vehicle).toMatchObject({
      agency_id: world.agencies.a,
      agency_name: 'North Drive',
      make: 'Skoda',
      manufacture_year: 2021,
      mileage: 30000,
      ownership: 'company',
      price_per_day: '55.50',
      deposit: '300.00',
      registration_number: 'AB12 CDE',
      next_service_date: '2027-01-15',
      pickup_locations: [world.locations.a1, world.locations.a2],
    });
    expect(vehicle.images).toHaveLength(2);
    expect(vehicle.main_image).toBe(vehicle.images[0]?.image);
    for (const image of vehicle.images) {
      expect(image.image).toMatch(/-1200\.webp$/);
      expect(image.thumbnail).toMatch(/-480\.webp$/);
      const detail = await sharp(mediaPath(t, image.image)).metadata();
      const card = await sharp(mediaPath(t, image.thumbnail)).metadata();
      expect(detail.format).toBe('webp');
      expect(card.format).toBe('webp');
      expect(detail.width).toBe(800);
      expect(card.width).toBe(480);
    }
    expect(await storedFiles(t)).toHaveLength(4);

    const read = await clients.agent.get<StaffVehicle>(`/api/staff-vehicles/${vehicle.id}/`);
    expect(read.body).toEqual(vehicle);
  });

  it('strips metadata from uploaded images', async () => {
    const photo = await jpeg(640, 480, { IFD0: { Copyright: 'Secret Owner', ImageDescription: 'private' } });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const reply = await clients.agency.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ image_uploads: { name: 'photo.jpg', type: 'image/jpeg', data: photo } }),
    );
    expect(reply.status).toBe(201);
    const image = reply.body.images[0];
    if (!image) throw new Error('no image stored');
    for (const url of [image.image, image.thumbnail]) {
      const stored = await sharp(mediaPath(t, url)).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
    }
  });

  it('judges images by content: a text file named .jpg is refused (415), a PNG named .txt accepted', async () => {
    const before = await storedFiles(t);
    const count = await vehicleCount();
    const refused = await clients.agency.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({
        image_uploads: [await pngFile(), { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not an image') }],
      }),
    );
    expect(refused.status).toBe(415);
    expect(refused.body.fields?.image_uploads).toEqual(['Please select a valid image file (JPG, PNG, etc.).']);
    expect(await storedFiles(t)).toEqual(before);
    expect(await vehicleCount()).toBe(count);

    const accepted = await clients.agency.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ image_uploads: { name: 'notes.txt', type: 'text/plain', data: await png(300, 200) } }),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.images).toHaveLength(1);
  });

  it('refuses more than 12 images', async () => {
    const small = await png(16, 16);
    const files = Array.from({ length: 13 }, (_, index) => ({ name: `${index}.png`, type: 'image/png', data: small }));
    const reply = await clients.agency.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ image_uploads: files }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.fields?.image_uploads).toEqual(['A vehicle can have at most 12 images.']);
  });

  it('validates the fields (400 with the field named)', async () => {
    const cases: [Record<string, MultipartValue | null>, string, string][] = [
      [{ make: null }, 'make', 'Make is required.'],
      [{ ownership: null }, 'ownership', 'Ownership must be company or private.'],
      [{ make: '  ' }, 'make', 'Make is required.'],
      [{ ownership: 'rented' }, 'ownership', 'Ownership must be company or private.'],
      [{ mileage: '-5' }, 'mileage', 'Mileage must be at least 0.'],
      [
        { price_per_day: '12.345' },
        'price_per_day',
        'Price per day must be an amount of at most two decimals, e.g. 45.00.',
      ],
      [{ next_service_date: '2027-02-30' }, 'next_service_date', 'Next service date must be a date (YYYY-MM-DD).'],
      // Nine digits would overflow the database's integer column (a 500 on PostgreSQL before).
      [{ price_per_day: '9999999.99' }, 'price_per_day', 'Price per day must be at most 1000000.00.'],
      [{ deposit: '1000000.01' }, 'deposit', 'Deposit must be at most 1000000.00.'],
    ];
    const count = await vehicleCount();
    for (const [override, field, message] of cases) {
      const reply = await clients.agency.multipart<ErrorBody>('POST', '/api/staff-vehicles/', vehicleForm(override));
      expect(reply.status, field).toBe(400);
      expect(reply.body.fields?.[field], field).toEqual([message]);
    }
    const location = await clients.agency.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ pickup_locations: 'first' }),
    );
    expect(location.status).toBe(400);
    expect(Object.values(location.body.fields ?? {})).toEqual([['Pickup location must be a number.']]);
    expect(await vehicleCount()).toBe(count);
  });

  it('refuses a registration number already in use, whatever its case', async () => {
    const reply = await clients.agency.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ registration_number: 'bb11 bbb' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({
      registration_number: ['A vehicle with this registration number already exists.'],
    });
  });

  it('creates exactly one of two simultaneous vehicles with the same registration, leaving no stray files', async () => {
    const before = await storedFiles(t);
    const form = async () =>
      vehicleForm({ registration_number: 'RACE 1', image_uploads: [await pngFile(), await pngFile()] });
    const replies = await Promise.all([
      clients.agency.multipart<StaffVehicle & ErrorBody>('POST', '/api/staff-vehicles/', await form()),
      clients.agent.multipart<StaffVehicle & ErrorBody>('POST', '/api/staff-vehicles/', await form()),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 400]);
    const loser = replies.find((reply) => reply.status === 400);
    expect(loser?.body.fields?.registration_number).toEqual([
      'A vehicle with this registration number already exists.',
    ]);
    expect(await storedFiles(t)).toHaveLength(before.length + 4);
  });

  it('refuses pickup locations of another agency (400) and an agency user naming another agency (403)', async () => {
    const locations = await clients.agency.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ pickup_locations: [world.locations.a1, world.locations.b1] }),
    );
    expect(locations.status).toBe(400);
    expect(locations.body.fields?.pickup_locations).toEqual(["Pickup locations must belong to the vehicle's agency."]);

    const other = await clients.agent.multipart(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ agency_id: world.agencies.b }),
    );
    expect(other.status).toBe(403);
    const own = await clients.agent.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ agency_id: world.agencies.a }),
    );
    expect(own.status).toBe(201);
    expect(own.body.agency_id).toBe(world.agencies.a);
  });

  it('has staff choose an existing agency', async () => {
    const missing = await clients.staff.multipart<ErrorBody>('POST', '/api/staff-vehicles/', vehicleForm());
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ agency_id: ['Agency is required.'] });
    const unknown = await clients.staff.multipart<ErrorBody>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ agency_id: 999999 }),
    );
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields ?? {})).toEqual(['agency_id']);
    const created = await clients.staff.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ agency_id: world.agencies.b, pickup_locations: world.locations.b1 }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      agency_id: world.agencies.b,
      agency_name: 'South Wheels',
      pickup_location_details: [{ id: world.locations.b1, name: 'Bristol Airport', city: 'Bristol' }],
    });
  });

  it('replays a create sent twice with the same Idempotency-Key', async () => {
    const count = await vehicleCount();
    const form = vehicleForm();
    const headers = { 'Idempotency-Key': 'fleet-create-0001' };
    const first = await clients.agency.multipart<StaffVehicle>('POST', '/api/staff-vehicles/', form, { headers });
    const second = await clients.agency.multipart<StaffVehicle>('POST', '/api/staff-vehicles/', form, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await vehicleCount()).toBe(count + 1);
  });

  it('refuses anonymous callers, customers and a missing CSRF token', async () => {
    expect((await clients.anonymous.multipart('POST', '/api/staff-vehicles/', vehicleForm())).status).toBe(401);
    expect((await clients.customer.multipart('POST', '/api/staff-vehicles/', vehicleForm())).status).toBe(403);
    const csrf = await clients.agency.multipart<ErrorBody>('POST', '/api/staff-vehicles/', vehicleForm(), {
      withoutCsrf: true,
    });
    expect(csrf.status).toBe(403);
    expect(csrf.body.error).toMatch(/CSRF/);
  });
});

describe(`editing and deleting vehicles (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  async function createWithImages(count = 2): Promise<StaffVehicle> {
    const images = await Promise.all(Array.from({ length: count }, (_, index) => pngFile(`${index}.png`)));
    const reply = await clients.agency.multipart<StaffVehicle>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({ image_uploads: images, pickup_locations: [world.locations.a1] }),
    );
    expect(reply.status).toBe(201);
    return reply.body;
  }

  it('updates fields, appends images, deletes one and removes its files (200)', async () => {
    const vehicle = await createWithImages(2);
    const [first, second] = vehicle.images;
    if (!first || !second) throw new Error('images missing');
    t.clock.advance(60_000);
    const reply = await clients.agent.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      price_per_day: '60',
      color: 'Red',
      images: await pngFile('new.png'),
      deleted_images: JSON.stringify([first.id]),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ price_per_day: '60.00', color: 'Red', make: 'Skoda', deposit: '300.00' });
    expect(reply.body.pickup_locations).toEqual([world.locations.a1]);
    expect(reply.body.updated_at > vehicle.updated_at).toBe(true);
    expect(reply.body.images).toHaveLength(2);
    expect(reply.body.images[0]).toEqual(second);
    expect(reply.body.main_image).toBe(second.image);
    expect(await exists(mediaPath(t, first.image))).toBe(false);
    expect(await exists(mediaPath(t, first.thumbnail))).toBe(false);
    expect(await exists(mediaPath(t, second.image))).toBe(true);
    const added = reply.body.images[1];
    if (!added) throw new Error('new image missing');
    expect((await sharp(mediaPath(t, added.thumbnail)).metadata()).format).toBe('webp');
  });

  it('replaces the pickup locations when given, keeps them otherwise', async () => {
    const vehicle = await createWithImages(0);
    const replaced = await clients.agency.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      pickup_locations: world.locations.a2,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.pickup_locations).toEqual([world.locations.a2]);
    const kept = await clients.agency.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      mileage: '31000',
    });
    expect(kept.body.pickup_locations).toEqual([world.locations.a2]);
    expect(kept.body).toMatchObject({ mileage: 31000 });
    const cleared = await clients.agency.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      pickup_locations: '',
    });
    expect(cleared.body.pickup_locations).toEqual([]);
    const outside = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      pickup_locations: world.locations.b1,
    });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.fields ?? {})).toEqual(['pickup_locations']);
  });

  it("refuses deleting another vehicle's image (400) and leaves both vehicles untouched", async () => {
    const mine = await createWithImages(1);
    const other = await createWithImages(1);
    const foreign = other.images[0];
    if (!foreign) throw new Error('image missing');
    const before = await storedFiles(t);
    const reply = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${mine.id}/`, {
      price_per_day: '99',
      images: await pngFile(),
      deleted_images: JSON.stringify([foreign.id]),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ deleted_images: ['Deleted images must be images of this vehicle.'] });
    expect(await storedFiles(t)).toEqual(before);
    const unchanged = await clients.agency.get<StaffVehicle>(`/api/staff-vehicles/${mine.id}/`);
    expect(unchanged.body.price_per_day).toBe('55.50');
    expect(await exists(mediaPath(t, foreign.image))).toBe(true);

    const malformed = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${mine.id}/`, {
      deleted_images: 'first',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields?.deleted_images).toEqual(['Deleted images must be a JSON list of image ids.']);
  });

  it('validates changed fields and refuses a text file as an image', async () => {
    const vehicle = await createWithImages(0);
    const cases: [Record<string, MultipartValue>, string][] = [
      [{ ownership: 'rented' }, 'ownership'],
      [{ mileage: '-1' }, 'mileage'],
      [{ deposit: '1.999' }, 'deposit'],
      [{ next_service_date: 'soon' }, 'next_service_date'],
      [{ make: '   ' }, 'make'],
    ];
    for (const [fields, name] of cases) {
      const reply = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, fields);
      expect(reply.status, name).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), name).toEqual([name]);
    }
    const taken = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      registration_number: 'AA22 AAA',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields?.registration_number).toEqual(['A vehicle with this registration number already exists.']);
    const same = await clients.agency.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      registration_number: vehicle.registration_number.toLowerCase(),
    });
    expect(same.status).toBe(200);

    const before = await storedFiles(t);
    const text = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      color: 'Green',
      images: [await pngFile(), { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('plain text') }],
    });
    expect(text.status).toBe(415);
    expect(text.body.fields?.images).toBeDefined();
    expect(await storedFiles(t)).toEqual(before);
    const read = await clients.agency.get<StaffVehicle & { color: string }>(`/api/staff-vehicles/${vehicle.id}/`);
    expect(read.body.color).toBe('Grey');
  });

  it('refuses going past 12 images', async () => {
    const vehicle = await createWithImages(11);
    const reply = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      images: [await pngFile(), await pngFile()],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.fields?.images).toEqual(['A vehicle can have at most 12 images.']);
  });

  it('keeps agency users in their agency (403); staff may move a vehicle with new locations', async () => {
    const vehicle = await createWithImages(0);
    const moved = await clients.agency.multipart('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      agency_id: world.agencies.b,
    });
    expect(moved.status).toBe(403);
    const sameAgency = await clients.agency.multipart('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      agency_id: world.agencies.a,
    });
    expect(sameAgency.status).toBe(200);

    const keepsOldLocations = await clients.staff.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      agency_id: world.agencies.b,
    });
    expect(keepsOldLocations.status).toBe(400);
    expect(Object.keys(keepsOldLocations.body.fields ?? {})).toEqual(['pickup_locations']);
    const byStaff = await clients.staff.multipart<StaffVehicle>('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
      agency_id: world.agencies.b,
      pickup_locations: world.locations.b1,
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body).toMatchObject({ agency_id: world.agencies.b, pickup_locations: [world.locations.b1] });
    expect((await clients.agency.get(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(404);
  });

  it("answers 404 to agency B for agency A's vehicle and refuses anonymous, customers and missing CSRF", async () => {
    const url = `/api/staff-vehicles/${world.vehicles.a1}/`;
    const other = await clients.agencyB.multipart('PATCH', url, { price_per_day: '1' });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    expect((await clients.anonymous.multipart('PATCH', url, { price_per_day: '1' })).status).toBe(401);
    expect((await clients.customer.multipart('PATCH', url, { price_per_day: '1' })).status).toBe(403);
    expect((await clients.agency.multipart('PATCH', url, { price_per_day: '1' }, { withoutCsrf: true })).status).toBe(
      403,
    );
    const read = await clients.agency.get<StaffVehicle>(url);
    expect(read.body.price_per_day).toBe('45.00');
  });

  it('deletes a vehicle with its image files (204)', async () => {
    const vehicle = await createWithImages(2);
    const files = vehicle.images.flatMap((image) => [mediaPath(t, image.image), mediaPath(t, image.thumbnail)]);
    for (const file of files) expect(await exists(file)).toBe(true);
    const reply = await clients.agent.delete(`/api/staff-vehicles/${vehicle.id}/`);
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    for (const file of files) expect(await exists(file)).toBe(false);
    expect((await clients.agency.get(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(404);
    const rows = await t.app.deps.db
      .selectFrom('vehicle_images')
      .select('id')
      .where('vehicle_id', '=', vehicle.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses to delete a vehicle that a booking or a booking request references (409)', async () => {
    const { db } = t.app.deps;
    const booked = await createWithImages(1);
    await insertBooking(db, {
      customer_id: world.customers.createdByA,
      vehicle_id: booked.id,
      start_date: '2030-05-01',
      end_date: '2030-05-03',
      booking_amount: 16650,
      booking_deposit: 30000,
    });
    const requested = await createWithImages(0);
    await insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: requested.id,
      start_date: '2030-06-01',
      end_date: '2030-06-02',
    });
    for (const vehicle of [booked, requested]) {
      const reply = await clients.agency.delete(`/api/staff-vehicles/${vehicle.id}/`);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: IN_USE });
      expect((await clients.agency.get(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(200);
    }
    const image = booked.images[0];
    if (!image) throw new Error('image missing');
    expect(await exists(mediaPath(t, image.image))).toBe(true);
  });

  it("answers 404 to agency B for agency A's vehicle and refuses anonymous, customers and missing CSRF", async () => {
    const url = `/api/staff-vehicles/${world.vehicles.a2}/`;
    const other = await clients.agencyB.delete(url);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(NOT_FOUND);
    expect((await clients.anonymous.delete(url)).status).toBe(401);
    expect((await clients.customer.delete(url)).status).toBe(403);
    expect((await clients.agency.delete(url, { withoutCsrf: true })).status).toBe(403);
    expect((await clients.staff.delete('/api/staff-vehicles/999999/')).status).toBe(404);
    expect((await clients.agency.get(url)).status).toBe(200);
  });
});
