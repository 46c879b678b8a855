import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { FileSpec } from '../helpers/client.ts';
import type { World, WorldClients } from '../helpers/fixtures.ts';
import { brokenImages, jpeg, pngFile, tallPng } from '../helpers/images.ts';
import { MEDIA_STORES, startMediaWorld, storedMedia, type StoredMedia } from '../helpers/media.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

interface Vehicle {
  id: number;
  images: { id: number; image: string; thumbnail: string }[];
}

const NOT_AN_IMAGE = 'Please select a valid image file (JPG, PNG, etc.).';
const LICENSE_REFUSED = 'The license must be an image (JPG, PNG, etc.) or a PDF.';
const BROKEN = Object.entries(await brokenImages());
const asFile = (data: Buffer, name = 'photo.png'): FileSpec => ({ name, type: 'image/png', data });

describe.each(MEDIA_STORES)(`media uploads on %s (${ENGINE})`, (store) => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let stored: StoredMedia;

  beforeAll(async () => {
    ({ t, world, clients } = await startMediaWorld(store));
    stored = storedMedia(t);
  });
  afterAll(async () => t?.close());

  const createVehicle = async (files: FileSpec[]) =>
    clients.agency.multipart<Vehicle>('POST', '/api/staff-vehicles/', { ...vehicleForm(), image_uploads: files });

  describe.each(BROKEN)('%s', (_name, data) => {
    it('is refused with 415 as a vehicle image, leaving no file and no vehicle behind', async () => {
      const before = await stored.keys();
      // A good image first: it is stored before the broken one is read, and must go again.
      const created = await createVehicle([await pngFile('good.png', 64, 48), asFile(data)]);
      expect(created.status).toBe(415);
      expect(created.body).toEqual({ error: NOT_AN_IMAGE, fields: { image_uploads: [NOT_AN_IMAGE] } });
      const added = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${world.vehicles.a1}/`, {
        images: asFile(data),
      });
      expect(added.status).toBe(415);
      expect(added.body).toEqual({ error: NOT_AN_IMAGE, fields: { images: [NOT_AN_IMAGE] } });
      expect(await stored.keys()).toEqual(before);
    });

    it('is refused with 415 as a license, on the staff form and the customer’s own', async () => {
      const before = await stored.keys();
      const staffForm = await clients.agency.multipart<ErrorBody>(
        'PATCH',
        `/api/customers/${world.customers.createdByA}/`,
        {
          drivers_license: asFile(data, 'license.png'),
        },
      );
      expect(staffForm.status).toBe(415);
      expect(staffForm.body).toEqual({ error: NOT_AN_IMAGE, fields: { drivers_license: [NOT_AN_IMAGE] } });
      const own = await clients.customer.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        drivers_license: asFile(data, 'license.png'),
      });
      expect(own.status).toBe(415);
      expect(own.body).toEqual({ error: LICENSE_REFUSED, fields: { drivers_license: [LICENSE_REFUSED] } });
      expect(await stored.keys()).toEqual(before);
    });

    it('is refused with 415 as an agency logo', async () => {
      const before = await stored.keys();
      const refusal = await t.app.deps.media.storeLogo({ filename: 'logo.png', mimetype: 'image/png', data }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 415, message: NOT_AN_IMAGE });
      expect(await stored.keys()).toEqual(before);
    });
  });

  it('stores a card and a detail WebP per image, without metadata, and serves them at /media/', async () => {
    const photo = await jpeg(1600, 1000, { IFD0: { Copyright: 'secret-exif' } });
    const created = await createVehicle([{ name: 'car.jpg', type: 'image/jpeg', data: photo }]);
    expect(created.status).toBe(201);
    const [image] = created.body.images;
    if (!image) throw new Error('no image stored');
    expect(image.thumbnail).toMatch(/^\/media\/vehicles\/[0-9a-f-]{36}-480\.webp$/);
    expect(image.image).toBe(image.thumbnail.replace('-480.webp', '-1200.webp'));
    for (const [url, width] of [
      [image.thumbnail, 480],
      [image.image, 1200],
    ] as const) {
      const key = url.slice('/media/'.length);
      const bytes = await stored.read(key);
      expect(bytes).not.toBeNull();
      const meta = await sharp(bytes ?? Buffer.alloc(0)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      const served = await clients.anonymous.get(url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.raw.rawPayload.equals(bytes ?? Buffer.alloc(0))).toBe(true);
    }
    const head = await t.app.inject({ method: 'HEAD', url: image.thumbnail });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String((await stored.read(image.thumbnail.slice(7)))?.length));
    expect(head.rawPayload).toHaveLength(0);
  });

  it('takes an image taller than WebP can hold and scales it within bounds', async () => {
    const created = await createVehicle([asFile(tallPng(), 'tall.png')]);
    expect(created.status).toBe(201);
    const key = created.body.images[0]?.image.slice('/media/'.length) ?? '';
    const meta = await sharp((await stored.read(key)) ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1, height: 4800 });
  });

  it('answers 404 JSON for a missing image, a license and any path outside the images', async () => {
    const own = await clients.customer.multipart('PATCH', '/api/customers/me/', {
      drivers_license: await pngFile('license.png', 64, 40),
    });
    expect(own.status).toBe(200);
    const license = (await stored.keys()).find((key) => key.startsWith('licenses/'));
    expect(license).toMatch(/^licenses\/[0-9a-f-]{36}\.webp$/);
    const missing = [
      '/media/vehicles/00000000-0000-4000-8000-000000000000-480.webp',
      `/media/${license}`,
      `/media/..%2Fprivate%2F${license?.replace('/', '%2F')}`,
      '/media/',
    ];
    for (const url of missing) {
      const reply = await clients.staff.get<ErrorBody>(url);
      expect([url, reply.status, reply.body]).toEqual([url, 404, { error: 'Not found.' }]);
    }
    // A path whose dots climb out of /media/ is normalised before routing: it is a missing file of
    // the app, answered by the app shell's plain 404, still never the license.
    for (const url of [
      `/media/../private/${license}`,
      '/media/vehicles/../../fleet.sqlite',
      '/media/%2e%2e/fleet.sqlite',
    ]) {
      const escaped = await clients.staff.get(url);
      expect([url, escaped.status, escaped.body]).toEqual([url, 404, 'Not found.']);
    }
  });

  it('removes a deleted vehicle’s images and the images taken off a vehicle', async () => {
    const created = await createVehicle([await pngFile('a.png', 64, 48), await pngFile('b.png', 64, 48)]);
    expect(created.status).toBe(201);
    const keysOf = (vehicle: Vehicle) =>
      vehicle.images.flatMap((image) => [image.image, image.thumbnail].map((url) => url.slice('/media/'.length)));
    const [first, second] = created.body.images;
    const all = keysOf(created.body);
    for (const key of all) expect(await stored.read(key)).not.toBeNull();

    const edited = await clients.agency.multipart<Vehicle>('PATCH', `/api/staff-vehicles/${created.body.id}/`, {
      deleted_images: JSON.stringify([first?.id]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.images.map((image) => image.id)).toEqual([second?.id]);
    const kept = keysOf(edited.body);
    const stillThere = await stored.keys();
    for (const key of all) expect(stillThere.includes(key)).toBe(kept.includes(key));

    expect((await clients.agency.delete(`/api/staff-vehicles/${created.body.id}/`)).status).toBe(204);
    const after = await stored.keys();
    for (const key of all) expect(after).not.toContain(key);
    for (const url of [second?.image, second?.thumbnail]) {
      expect((await clients.anonymous.get(url ?? '')).status).toBe(404);
    }
  });
});
