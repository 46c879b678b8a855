import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingInspections, RecordedInspection } from '#domain/api/inspections';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { type TestClient, type FileSpec, type MultipartValue } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { brokenImages, jpeg, pngFile } from '../helpers/images.ts';
import { storedMedia, type StoredMedia } from '../helpers/media.ts';
import { MultipartWriter } from '../helpers/raw-http.ts';
import * as rows from '../helpers/rows.ts';

const photo = async (name = 'photo.jpg', width = 2400, height = 1800): Promise<FileSpec> => ({
  name,
  type: 'image/jpeg',
  data: await jpeg(width, height),
});

/** Inspections at pickup and return: recorded at the car with photos, moving the booking on. */
describe(`inspections (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let stored: StoredMedia;
  let serial = 0;
  const db = () => t.app.deps.db;

  async function newBooking(status: 'confirmed' | 'active' = 'confirmed') {
    serial += 1;
    const start = addDays(todayIso(t.clock.now()), 200 + serial * 3);
    return rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: start,
      end_date: start,
      booking_status: status,
    });
  }
  const status = async (id: number) =>
    (await db().selectFrom('bookings').select('booking_status').where('id', '=', id).executeTakeFirstOrThrow())
      .booking_status;
  const vehicleMileage = async () =>
    (await db().selectFrom('vehicles').select('mileage').where('id', '=', world.vehicles.a1).executeTakeFirstOrThrow())
      .mileage;
  const counts = async () => ({
    inspections: Number(
      (
        await db()
          .selectFrom('booking_inspections')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    photos: Number(
      (
        await db()
          .selectFrom('inspection_photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: (await stored.keys()).filter((key) => key.startsWith('inspections/')).length,
  });
  const NO_AGREEMENT = 'Not what this test is about.';
  const record = (
    client: TestClient,
    id: number,
    kind: string,
    fields: Record<string, MultipartValue | null | undefined>,
    headers: Record<string, string> = {},
  ) =>
    client.multipart<RecordedInspection & ErrorBody>('POST', `/api/bookings/${id}/inspections/${kind}/`, fields, {
      headers,
    });

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    stored = storedMedia(t);
  });
  afterAll(async () => t?.close());

  it('records a pickup with photos (booking active), then a return (completed, vehicle mileage raised)', async () => {
    const id = await newBooking();
    const before = await vehicleMileage();
    const marks = [{ x: 0.25, y: 0.1, note: 'Scratch on the front bumper' }];
    const picked = await record(clients.agent, id, 'pickup', {
      mileage: before + 10,
      fuel_eighths: 6,
      damage_marks: JSON.stringify(marks),
      notes: 'Clean inside.',
      photos: [await photo('front.jpg'), await pngFile('side.png', 800, 600)],
      // Not about the agreement: handed over without one, saying why (decision 050).
      no_agreement_reason: NO_AGREEMENT,
    });
    expect(picked.status).toBe(201);
    expect(picked.body.booking.booking_status).toBe('active');
    expect(picked.body.inspection).toMatchObject({
      kind: 'pickup',
      mileage: before + 10,
      fuel_eighths: 6,
      damage_marks: marks,
      notes: 'Clean inside.',
    });
    expect(picked.body.inspection.recorded_by).toMatch(/\w/);
    const [large, small] = picked.body.inspection.photos;
    // Re-encoded on the server: the 2400 × 1800 photo fits in 1600 px, the small one keeps its size.
    expect([large?.width, large?.height, small?.width, small?.height]).toEqual([1600, 1200, 800, 600]);
    expect(await status(id)).toBe('active');

    const returned = await record(clients.agency, id, 'return', {
      mileage: before + 480,
      fuel_eighths: 2,
      damage_marks: JSON.stringify([...marks, { x: 0.8, y: 0.9, note: 'Dent, rear left door' }]),
      photos: await photo(),
    });
    expect(returned.status).toBe(201);
    expect(returned.body.booking.booking_status).toBe('completed');
    expect(await status(id)).toBe('completed');
    expect(await vehicleMileage()).toBe(before + 480);
    const booking = await db().selectFrom('bookings').select('return_mileage').where('id', '=', id).executeTakeFirst();
    expect(booking?.return_mileage).toBe(before + 480);

    const both = await clients.agency.get<BookingInspections>(`/api/bookings/${id}/inspections/`);
    expect(both.status).toBe(200);
    expect(both.headers['cache-control']).toBe('private, no-store');
    expect(both.body.pickup?.photos).toHaveLength(2);
    expect(both.body.return?.damage_marks).toHaveLength(2);
    expect(both.body.return?.mileage).toBe(before + 480);
    expect(both.body.mileage_allowance).toBe(
      (
        await db()
          .selectFrom('bookings')
          .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
          .select('vehicles.mileage_allowance')
          .where('bookings.id', '=', id)
          .executeTakeFirstOrThrow()
      ).mileage_allowance,
    );

    const image = await clients.agent.get<string>(both.body.pickup?.photos[0]?.url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.raw.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1600]);
  });

  it('shows the inspections and photos to the customer of the booking, and to no other', async () => {
    const id = await newBooking();
    const picked = await record(clients.agent, id, 'pickup', { mileage: 100, fuel_eighths: 8, photos: await photo() });
    expect(picked.status).toBe(201);
    const url = picked.body.inspection.photos[0]?.url ?? '';

    const own = await clients.customer.get<BookingInspections>(`/api/bookings/${id}/inspections/`);
    expect(own.status).toBe(200);
    expect(own.body.pickup?.mileage).toBe(100);
    expect(own.body.return).toBeNull();
    expect((await clients.customer.get(url)).status).toBe(200);

    for (const other of [clients.customer2, clients.agencyB]) {
      expect((await other.get(`/api/bookings/${id}/inspections/`)).status).toBe(404);
      expect((await other.get(url)).status).toBe(404);
    }
    expect((await clients.anonymous.get(url)).status).toBe(401);
    expect((await clients.staff.get(url)).status).toBe(200);
    // A photo of another booking is not reachable through this one.
    const elsewhere = await newBooking();
    expect((await clients.agency.get(url.replace(`/bookings/${id}/`, `/bookings/${elsewhere}/`))).status).toBe(404);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const id = await newBooking();
    const before = await counts();
    const refusals: [string, Record<string, MultipartValue>, number, string?][] = [
      ['no mileage', { fuel_eighths: 4 }, 400, 'mileage'],
      ['no fuel level', { mileage: 10 }, 400, 'fuel_eighths'],
      ['a fuel level past full', { mileage: 10, fuel_eighths: 9 }, 400, 'fuel_eighths'],
      ['damage marks that are not JSON', { mileage: 10, fuel_eighths: 4, damage_marks: '[{' }, 400, 'damage_marks'],
      [
        'a mark off the outline',
        { mileage: 10, fuel_eighths: 4, damage_marks: '[{"x":2,"y":0}]' },
        400,
        'damage_marks',
      ],
      [
        'a file that is no image',
        { mileage: 10, fuel_eighths: 4, photos: { name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('hello') } },
        415,
        'photos',
      ],
    ];
    for (const [name, image] of Object.entries(await brokenImages())) {
      refusals.push([
        name,
        { mileage: 10, fuel_eighths: 4, photos: [await photo(), { name: 'x.png', type: 'image/png', data: image }] },
        415,
        'photos',
      ]);
    }
    const nine = await Promise.all(Array.from({ length: 9 }, (_, index) => pngFile(`p${index}.png`, 40, 30)));
    refusals.push(['nine photos', { mileage: 10, fuel_eighths: 4, photos: nine }, 400, 'photos']);
    for (const [name, fields, code, field] of refusals) {
      const reply = await record(clients.agency, id, 'pickup', fields);
      expect(reply.status, name).toBe(code);
      expect(reply.body.error, name).toMatch(/\w+ \w+/);
      if (field) expect(Object.keys(reply.body.fields ?? {}), name).toContain(field);
    }

    const form = new MultipartWriter();
    const whole = form.body(
      form.field('mileage', '10'),
      form.field('fuel_eighths', '4'),
      form.file('photos', 'p.jpg', 'image/jpeg', await jpeg()),
    );
    const cut = await clients.agency.raw<ErrorBody>(
      'POST',
      `/api/bookings/${id}/inspections/pickup/`,
      whole.subarray(0, whole.length - 200),
      form.contentType,
    );
    expect(cut.status).toBe(400);
    expect(cut.body.error).toBe(
      'The upload was cut short or is not a well-formed multipart form. Please send it again.',
    );

    expect(await counts()).toEqual(before);
    expect(await status(id)).toBe('confirmed');
  });

  it('refuses a return below the pickup mileage, a second inspection of a kind, and a step out of order', async () => {
    const early = await newBooking();
    const notYet = await record(clients.agency, early, 'return', { mileage: 500, fuel_eighths: 4 });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toBe('This booking is confirmed: only an active booking can be returned.');

    const id = await newBooking();
    const picked = { mileage: 1000, fuel_eighths: 4, no_agreement_reason: NO_AGREEMENT };
    expect((await record(clients.agency, id, 'pickup', picked)).status).toBe(201);
    const again = await record(clients.agent, id, 'pickup', { mileage: 1000, fuel_eighths: 4 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'A pickup inspection is already recorded for this booking; it cannot be recorded twice.',
    );
    const lower = await record(clients.agency, id, 'return', { mileage: 999, fuel_eighths: 4 });
    expect(lower.status).toBe(400);
    expect(lower.body.fields?.mileage).toEqual(['Mileage at return cannot be below the 1000 km read at pickup.']);
    expect(await status(id)).toBe('active');
    const reason = await record(clients.agency, id, 'return', {
      mileage: 1000,
      fuel_eighths: 4,
      no_agreement_reason: 'x',
    });
    expect(reason.status).toBe(400);
    expect(reason.body.fields?.no_agreement_reason).toEqual([
      'A reason for going without a signed agreement is given only at pickup.',
    ]);
    expect((await record(clients.agency, id, 'return', { mileage: 1000, fuel_eighths: 4 })).status).toBe(201);
    expect((await record(clients.agency, id, 'return', { mileage: 1200, fuel_eighths: 4 })).status).toBe(409);
    expect((await clients.agency.post(`/api/bookings/${id}/inspections/later/`)).status).toBe(400);
  });

  it('records one of two pickups sent at once and keeps no photo of the refused one', async () => {
    const id = await newBooking();
    const before = await counts();
    const send = async (client: TestClient) =>
      record(client, id, 'pickup', { mileage: 77, fuel_eighths: 3, photos: [await photo(), await photo('b.jpg')] });
    const replies = await Promise.all([send(clients.agent), send(clients.agency)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(await counts()).toEqual({
      inspections: before.inspections + 1,
      photos: before.photos + 2,
      files: before.files + 2,
    });
  });

  it('refuses other roles and other agencies before reading the body', async () => {
    const id = await newBooking();
    const before = await counts();
    const fields = { mileage: 10, fuel_eighths: 4, photos: await photo() };
    expect((await record(clients.customer, id, 'pickup', fields)).status).toBe(403);
    expect((await record(clients.anonymous, id, 'pickup', fields)).status).toBe(401);
    expect((await record(clients.agencyB, id, 'pickup', fields)).status).toBe(404);
    // A body that cannot be read is not even looked at: the booking is someone else's.
    const broken = await clients.agencyB.raw<ErrorBody>(
      'POST',
      `/api/bookings/${id}/inspections/pickup/`,
      'x',
      'multipart/form-data; boundary=nope',
    );
    expect([broken.status, broken.body.error]).toEqual([404, 'Booking not found.']);
    expect((await record(clients.agency, 999_999, 'pickup', fields)).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await record(clients.staff, id, 'pickup', fields)).status).toBe(201);
  });

  it('stores a replayed inspection once and answers the replay with the first reply', async () => {
    const id = await newBooking();
    const before = await counts();
    const fields = { mileage: 4321, fuel_eighths: 5, photos: [await photo('a.jpg'), await photo('b.jpg', 1000, 800)] };
    const headers = { 'idempotency-key': `inspection-replay-${ENGINE}-0001` };
    const first = await record(clients.agent, id, 'pickup', fields, headers);
    const replay = await record(clients.agent, id, 'pickup', fields, headers);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await counts()).toEqual({
      inspections: before.inspections + 1,
      photos: before.photos + 2,
      files: before.files + 2,
    });
  });
});
