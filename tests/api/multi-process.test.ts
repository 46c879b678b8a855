import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { PAIR_FAILURE_LIMIT } from '#server/services/login-throttle';
import { ANONYMOUS_WRITE_LIMITS } from '#server/services/rate-limits';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';
import { HttpClient } from '../helpers/http-client.ts';
import { pngFile } from '../helpers/images.ts';
import { startTestBucket, storedMedia, type TestBucket } from '../helpers/media.ts';
import { type ServerProcess, startServer } from '../helpers/server-process.ts';

// Run by `npm run test:pg` (vitest project "postgres"); the SQLite run does not include it. Without
// PostgreSQL it fails here rather than pass without having tested anything.
if (!process.env.TEST_PG_URL) {
  throw new Error('tests/api/multi-process.test.ts needs PostgreSQL: run it with `npm run test:pg`.');
}

interface PublicVehicle {
  id: number;
  make: string;
}

/**
 * Two server processes behind one imaginary load balancer: one PostgreSQL database and one
 * JWT_SECRET, each with its own data folder. What one process writes or counts, the other
 * sees at once.
 */
describe('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let world: World;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const urls = () => ({ a: a?.url ?? '', b: b?.url ?? '' });

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    const env = { DATABASE_URL: t.config.databaseUrl ?? '', JWT_SECRET: randomBytes(32).toString('hex') };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t.close();
  });

  const publicList = async (base: string) => {
    const reply = await new HttpClient(base).get<PublicVehicle[]>('/api/public-vehicles/?limit=500');
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('shows a vehicle created, edited or deleted through one in the public list of the other at once', async () => {
    const onA = new HttpClient(urls().a);
    await onA.login('agency', PASSWORD);
    // The session signed by one process is honoured by the other: the same JWT_SECRET.
    const onB = onA.on(urls().b);
    const before = await publicList(urls().b);
    await publicList(urls().a);

    const created = await onA.multipart<PublicVehicle>('POST', '/api/staff-vehicles/', {
      make: 'Cupra',
      model: 'Born',
      color: 'Aurora Blue',
      manufacture_year: '2024',
      mileage: '1200',
      mileage_allowance: '250',
      ownership: 'company',
      price_per_day: '61',
      deposit: '300',
      registration_number: 'MP24 CPR',
      next_service_date: '2027-05-01',
      pickup_locations: String(world.locations.a1),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await publicList(urls().b)).find((vehicle) => vehicle.id === id)?.make).toBe('Cupra');
    expect(await publicList(urls().b)).toHaveLength(before.length + 1);

    const edited = await onB.multipart('PATCH', `/api/staff-vehicles/${id}/`, { make: 'Seat' });
    expect(edited.status).toBe(200);
    expect((await publicList(urls().a)).find((vehicle) => vehicle.id === id)?.make).toBe('Seat');

    expect((await onA.delete(`/api/staff-vehicles/${id}/`)).status).toBe(204);
    expect((await publicList(urls().b)).map((vehicle) => vehicle.id)).not.toContain(id);
    expect((await publicList(urls().a)).map((vehicle) => vehicle.id)).not.toContain(id);
  });

  it('revalidates an ETag from one process against the other after a change', async () => {
    const visitor = new HttpClient(urls().b);
    const first = await visitor.get('/api/public-vehicles/');
    const etag = first.headers.get('etag') ?? '';
    // Equal content, equal ETag, whichever process serves it.
    expect((await new HttpClient(urls().a).get('/api/public-vehicles/', { 'if-none-match': etag })).status).toBe(304);

    const staff = new HttpClient(urls().a);
    await staff.login('agency', PASSWORD);
    expect(
      (await staff.multipart('PATCH', `/api/staff-vehicles/${world.vehicles.a2}/`, { price_per_day: '48.5' })).status,
    ).toBe(200);
    const after = await visitor.get('/api/public-vehicles/', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('counts failed sign-ins spread over both processes as one: blocked at the same count', async () => {
    const callers = [new HttpClient(urls().a), new HttpClient(urls().b)];
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      const reply = await callers[i % 2]?.post('/api/login/', { username: 'customer2', password: `wrong-${i}` });
      expect(reply?.status, `failure ${i + 1}`).toBe(401);
    }
    for (const caller of callers) {
      const blocked = await caller.post('/api/login/', { username: 'customer2', password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    }
  });

  it('counts anonymous sign-ups spread over both processes against one limit', async () => {
    const limit = ANONYMOUS_WRITE_LIMITS['sign-ups'].perAddress;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const reply = await new HttpClient(i % 2 ? urls().b : urls().a).post('/api/register/customer/', {
        email: `shared-${i}@example.com`,
        username: `shared${i}`,
        phone_number: '+44 7700 900456',
        first_name: 'Shared',
        last_name: 'Limit',
        password: 'correct horse',
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(201), 429]);
  });

  it('lets exactly one of two concurrent bookings of one vehicle through different processes win', async () => {
    const onA = new HttpClient(urls().a);
    await onA.login('staff', PASSWORD);
    const onB = onA.on(urls().b);
    for (let round = 0; round < 10; round++) {
      const start = addDays(todayIso(), 500 + round * 10);
      const booking = {
        customer: world.customers.createdByA,
        vehicle: world.vehicles.a1,
        start_date: start,
        end_date: addDays(start, 3),
      };
      const replies = await Promise.all([onA.post('/api/bookings/', booking), onB.post('/api/bookings/', booking)]);
      expect(replies.map((reply) => reply.status).sort(), `round ${round}`).toEqual([201, 409]);
    }
    const held = await t.app.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('vehicle_id', '=', world.vehicles.a1)
      .where('start_date', '>=', addDays(todayIso(), 500))
      .execute();
    expect(held).toHaveLength(10);
  });
});

/**
 * Processes on several machines share no disk: with one bucket and a data folder each, an image
 * uploaded through one is served by the other, and a deleted vehicle's objects leave the bucket.
 */
describe('two server processes with their own data folders and one bucket', () => {
  let t: TestApp;
  let world: World;
  let bucket: TestBucket | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp({ env: bucket.env });
    world = await createWorld(t.app.deps.db);
    const env = {
      DATABASE_URL: t.config.databaseUrl ?? '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...bucket.env,
    };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t.close();
    await bucket?.close();
  });

  it('serves an image uploaded through one from the other, and removes a deleted vehicle’s objects', async () => {
    const onA = new HttpClient(a?.url ?? '');
    await onA.login('agency', PASSWORD);
    const created = await onA.multipart<{ id: number; images: { image: string; thumbnail: string }[] }>(
      'POST',
      '/api/staff-vehicles/',
      {
        make: 'Skoda',
        model: 'Enyaq',
        color: 'Moon White',
        manufacture_year: '2023',
        mileage: '5400',
        mileage_allowance: '250',
        ownership: 'company',
        price_per_day: '58',
        deposit: '300',
        registration_number: 'MP23 SKD',
        next_service_date: '2027-06-01',
        pickup_locations: String(world.locations.a1),
        image_uploads: await pngFile('enyaq.png'),
      },
    );
    expect(created.status).toBe(201);
    const [photo] = created.body.images;
    expect(photo).toBeDefined();

    // Nothing was written to either process's own folder: the other process can only find it in the bucket.
    const visitorOnB = new HttpClient(b?.url ?? '');
    for (const url of [photo?.image ?? '', photo?.thumbnail ?? '']) {
      const served = await visitorOnB.get(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    }
    const stored = storedMedia(t);
    expect((await stored.keys()).filter((key) => key.startsWith('vehicles/'))).toHaveLength(2);

    expect((await onA.on(b?.url ?? '').delete(`/api/staff-vehicles/${created.body.id}/`)).status).toBe(204);
    expect((await stored.keys()).filter((key) => key.startsWith('vehicles/'))).toEqual([]);
    expect((await new HttpClient(a?.url ?? '').get(photo?.image ?? '')).status).toBe(404);
  });
});
