import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { committedReader, type CommittedReader } from '../helpers/committed.ts';
import type { World, WorldClients } from '../helpers/fixtures.ts';
import { pngFile } from '../helpers/images.ts';
import { MEDIA_STORES, startMediaWorld, storedMedia, type StoredMedia } from '../helpers/media.ts';
import { insertBookingRequest, insertCustomer, insertUser, insertVehicle } from '../helpers/rows.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

interface Vehicle {
  id: number;
  images: { id: number; image: string; thumbnail: string }[];
}

const keysOf = (vehicle: Vehicle) =>
  vehicle.images.flatMap((image) => [image.image, image.thumbnail].map((url) => url.slice('/media/'.length)));

/**
 * Files follow the database: an upload whose write fails leaves no file, and files of deleted
 * records go only once the deletion is committed (checked through a connection of the test's own).
 */
describe.each(MEDIA_STORES)(`media writes follow the transaction on %s (${ENGINE})`, (store) => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let stored: StoredMedia;
  let committed: CommittedReader;

  beforeAll(async () => {
    ({ t, world, clients } = await startMediaWorld(store));
    stored = storedMedia(t);
    committed = await committedReader(t);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await committed?.close();
    await t?.close();
  });

  const media = () => t.app.deps.media;
  const db = () => t.app.deps.db;

  /** Runs `meanwhile` right after the route has stored its files, before its database write. */
  const afterStoring = (what: 'image' | 'license', meanwhile: () => Promise<unknown>) => {
    const store = media();
    if (what === 'image') {
      const original = store.storeVehicleImage.bind(store);
      vi.spyOn(store, 'storeVehicleImage').mockImplementationOnce(async (...args) => {
        const key = await original(...args);
        await meanwhile();
        return key;
      });
    } else {
      const original = store.storeLicense.bind(store);
      vi.spyOn(store, 'storeLicense').mockImplementationOnce(async (...args) => {
        const license = await original(...args);
        await meanwhile();
        return license;
      });
    }
  };

  const createVehicle = async (images = 2) => {
    const files = await Promise.all(Array.from({ length: images }, (_, i) => pngFile(`car-${i}.png`, 64, 48)));
    const reply = await clients.agency.multipart<Vehicle>('POST', '/api/staff-vehicles/', {
      ...vehicleForm(),
      image_uploads: files,
    });
    expect(reply.status).toBe(201);
    return reply.body;
  };

  describe('an upload whose write fails leaves no file', () => {
    it('a new vehicle whose registration number is taken meanwhile (a unique violation)', async () => {
      const before = await stored.keys();
      const form = vehicleForm();
      afterStoring('image', () =>
        insertVehicle(db(), {
          agency_id: world.agencies.b,
          registration_number: String(form.registration_number).toUpperCase(),
        }),
      );
      const reply = await clients.agency.multipart<ErrorBody>('POST', '/api/staff-vehicles/', {
        ...form,
        image_uploads: await pngFile('car.png', 64, 48),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields?.registration_number).toEqual([
        'A vehicle with this registration number already exists.',
      ]);
      expect(media().storeVehicleImage).toHaveBeenCalledTimes(1);
      expect(await stored.keys()).toEqual(before);
    });

    it('new images for a vehicle deleted meanwhile', async () => {
      const vehicleId = await insertVehicle(db(), { agency_id: world.agencies.a });
      const before = await stored.keys();
      afterStoring('image', () => db().deleteFrom('vehicles').where('id', '=', vehicleId).execute());
      const reply = await clients.agency.multipart<ErrorBody>('PATCH', `/api/staff-vehicles/${vehicleId}/`, {
        images: await pngFile('car.png', 64, 48),
      });
      expect(reply.status).toBe(404);
      expect(await stored.keys()).toEqual(before);
    });

    it('a new license for a customer deleted meanwhile', async () => {
      const customerId = await insertCustomer(db(), { first_name: 'Gone', agency_id: world.agencies.a });
      const before = await stored.keys();
      afterStoring('license', () => db().deleteFrom('customers').where('id', '=', customerId).execute());
      const reply = await clients.agency.multipart<ErrorBody>('PATCH', `/api/customers/${customerId}/`, {
        drivers_license: await pngFile('license.png', 64, 40),
      });
      expect(reply.status).toBe(404);
      expect(await stored.keys()).toEqual(before);
    });

    it('a customer’s own new license sent with an e-mail another account takes meanwhile', async () => {
      const first = await clients.customer.multipart('PATCH', '/api/customers/me/', {
        drivers_license: await pngFile('license.png', 64, 40),
      });
      expect(first.status).toBe(200);
      const kept = await committed.licenseKey(world.customers.own);
      const before = await stored.keys();
      afterStoring('license', () =>
        insertUser(db(), { username: 'quicker', role: 'customer', email: 'wanted@example.com' }),
      );
      const reply = await clients.customer.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        email: 'wanted@example.com',
        drivers_license: await pngFile('license.png', 80, 50),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields?.email).toEqual(['A user with that e-mail address already exists.']);
      expect(await committed.licenseKey(world.customers.own)).toBe(kept);
      expect(await stored.keys()).toEqual(before);
    });
  });

  describe('files of deleted records go after the commit, never before', () => {
    /** Records, when the route removes files, whether `row` is still committed and the files still there. */
    const watchRemoval = (what: 'images' | 'license', row: () => Promise<boolean>, files: () => readonly string[]) => {
      const seen: { rowCommitted: boolean; filesThere: boolean }[] = [];
      const look = async () => {
        const there = await Promise.all(files().map(async (key) => (await stored.read(key)) !== null));
        seen.push({ rowCommitted: await row(), filesThere: there.every(Boolean) });
      };
      const store = media();
      if (what === 'images') {
        const original = store.removeVehicleImages.bind(store);
        vi.spyOn(store, 'removeVehicleImages').mockImplementation(async (keys) => {
          await look();
          await original(keys);
        });
      } else {
        const original = store.removeLicense.bind(store);
        vi.spyOn(store, 'removeLicense').mockImplementation(async (key) => {
          await look();
          await original(key);
        });
      }
      return seen;
    };

    it('a deleted vehicle’s images', async () => {
      const vehicle = await createVehicle();
      const keys = keysOf(vehicle);
      const seen = watchRemoval(
        'images',
        () => committed.has('vehicles', vehicle.id),
        () => keys,
      );
      expect((await clients.agency.delete(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(204);
      expect(seen).toEqual([{ rowCommitted: false, filesThere: true }]);
      const after = await stored.keys();
      for (const key of keys) expect(after).not.toContain(key);
    });

    it('images taken off a vehicle', async () => {
      const vehicle = await createVehicle();
      const [gone] = vehicle.images;
      const goneKeys = keysOf({ ...vehicle, images: gone ? [gone] : [] });
      const seen = watchRemoval(
        'images',
        () => committed.has('vehicle_images', gone?.id ?? 0),
        () => goneKeys,
      );
      const reply = await clients.agency.multipart('PATCH', `/api/staff-vehicles/${vehicle.id}/`, {
        deleted_images: JSON.stringify([gone?.id]),
      });
      expect(reply.status).toBe(200);
      expect(seen).toEqual([{ rowCommitted: false, filesThere: true }]);
      for (const key of goneKeys) expect(await stored.read(key)).toBeNull();
    });

    it('a refused vehicle delete keeps every file', async () => {
      const vehicle = await createVehicle();
      await insertBookingRequest(db(), {
        customer_id: world.customers.own,
        vehicle_id: vehicle.id,
        start_date: '2030-01-01',
        end_date: '2030-01-02',
      });
      const seen = watchRemoval(
        'images',
        async () => true,
        () => [],
      );
      expect((await clients.agency.delete(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(409);
      expect(seen).toEqual([]);
      for (const key of keysOf(vehicle)) expect(await stored.read(key)).not.toBeNull();
    });

    it('a deleted customer’s license, and a replaced one', async () => {
      const customerId = await insertCustomer(db(), { first_name: 'Lee', agency_id: world.agencies.a });
      const url = `/api/customers/${customerId}/`;
      const first = await clients.agency.multipart('PATCH', url, {
        drivers_license: await pngFile('license.png', 64, 40),
      });
      expect(first.status).toBe(200);
      const firstKey = (await committed.licenseKey(customerId)) ?? '';
      expect(firstKey).toMatch(/^licenses\//);

      let keyAtRemoval: string | null = null;
      const replaced = watchRemoval(
        'license',
        async () => {
          keyAtRemoval = await committed.licenseKey(customerId);
          return keyAtRemoval === firstKey;
        },
        () => [firstKey],
      );
      const replace = await clients.agency.multipart('PATCH', url, {
        drivers_license: await pngFile('license.png', 80, 50),
      });
      expect(replace.status).toBe(200);
      expect(replaced).toEqual([{ rowCommitted: false, filesThere: true }]);
      const secondKey = (await committed.licenseKey(customerId)) ?? '';
      expect(keyAtRemoval).toBe(secondKey);
      expect(await stored.read(firstKey)).toBeNull();
      vi.restoreAllMocks();

      const deleted = watchRemoval(
        'license',
        () => committed.has('customers', customerId),
        () => [secondKey],
      );
      expect((await clients.agency.delete(url)).status).toBe(204);
      expect(deleted).toEqual([{ rowCommitted: false, filesThere: true }]);
      expect(await stored.read(secondKey)).toBeNull();
    });

    it('a refused customer delete keeps the license', async () => {
      const first = await clients.customer.multipart('PATCH', '/api/customers/me/', {
        drivers_license: await pngFile('license.png', 64, 40),
      });
      expect(first.status).toBe(200);
      const key = (await committed.licenseKey(world.customers.own)) ?? '';
      const seen = watchRemoval(
        'license',
        async () => true,
        () => [],
      );
      // Their own login keeps the record (and its license) from being deleted by staff.
      expect((await clients.staff.delete(`/api/customers/${world.customers.own}/`)).status).toBe(409);
      expect(seen).toEqual([]);
      expect(await stored.read(key)).not.toBeNull();
    });

    it('a store that cannot remove after the commit leaves an orphan, never a failed reply', async () => {
      const vehicle = await createVehicle(1);
      vi.spyOn(media(), 'removeVehicleImages').mockRejectedValue(new Error('store unreachable'));
      expect((await clients.agency.delete(`/api/staff-vehicles/${vehicle.id}/`)).status).toBe(204);
      expect(await committed.has('vehicles', vehicle.id)).toBe(false);
      for (const key of keysOf(vehicle)) expect(await stored.read(key)).not.toBeNull();
    });
  });
});
