import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '#domain/dates';
import { buildApp } from '#server/app';
import { bumpVersion } from '#server/repositories/data-versions';
import { listPublicVehicles } from '#server/repositories/vehicles';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient, type Reply } from '../helpers/client.ts';
import { createWorld, type World } from '../helpers/fixtures.ts';
import { png } from '../helpers/images.ts';
import { insertVehicle } from '../helpers/rows.ts';
import { vehicleForm } from '../helpers/vehicles.ts';

interface PublicVehicle {
  id: number;
  price_per_day: string;
}

/** Every reply of the API carried these before the list was served from cached bytes; they stay. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data: blob:;object-src 'self' blob:;script-src 'self' 'sha256-O4OkQX/nuLbbydbxSe845xphis4dyGvubnU0ZPUULnw=';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self';manifest-src 'self';frame-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
/** Added by the HTTP layer to every reply, not by the app. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function appHeaders(reply: Reply): Record<string, unknown> {
  return Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !TRANSPORT.has(name)));
}

const EXTRA_VEHICLES = 120;

describe(`the public list's cached bytes (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let agency: TestClient;
  const anonymous = () => new TestClient(t.app);

  /** The list as the repository gives it now, serialized: what the cached bytes must be. */
  const fresh = async (page: { limit: number; offset: number }) => {
    const { items, total } = await listPublicVehicles(
      t.app.deps.db,
      t.app.deps.media,
      todayIso(t.app.deps.now()),
      page,
    );
    return { body: JSON.stringify(items), total: String(total) };
  };

  const expectCurrent = async (url: string, page: { limit: number; offset: number }) => {
    const reply = await anonymous().get<PublicVehicle[]>(url);
    const expected = await fresh(page);
    expect(reply.status).toBe(200);
    expect(reply.raw.body).toBe(expected.body);
    expect(reply.headers['x-total-count']).toBe(expected.total);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(expected.body)));
    return reply;
  };

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    agency = await signedIn(t.app, 'agency');
    const { db } = t.app.deps;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < EXTRA_VEHICLES; i++) {
        await insertVehicle(trx, { agency_id: world.agencies.b, make: `Make ${String(i).padStart(3, '0')}` });
      }
      await bumpVersion(trx, 'public-vehicles');
    });
  });
  afterAll(async () => t.close());

  it('keeps every header the list carried: security headers, no-cache, the ETag and the total', async () => {
    const reply = await expectCurrent('/api/public-vehicles/', { limit: 100, offset: 0 });
    const etag = String(reply.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(appHeaders(reply)).toEqual({
      ...SECURITY_HEADERS,
      etag,
      'cache-control': 'no-cache',
      'x-total-count': String(EXTRA_VEHICLES + 3),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(reply.raw.rawPayload.length),
    });

    const notModified = await anonymous().get('/api/public-vehicles/', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.rawPayload.length).toBe(0);
    expect(appHeaders(notModified)).toEqual({
      ...SECURITY_HEADERS,
      etag,
      'cache-control': 'no-cache',
      'x-total-count': String(EXTRA_VEHICLES + 3),
    });
  });

  it('keeps the security headers on other replies too: health, a refusal, an unknown path', async () => {
    for (const [url, status] of [
      ['/api/health/', 200],
      ['/api/customers/', 401],
      ['/api/no-such-call/', 404],
    ] as const) {
      const reply = await anonymous().get(url);
      expect(reply.status, url).toBe(status);
      expect(appHeaders(reply), url).toMatchObject(SECURITY_HEADERS);
    }
  });

  it('gives the right rows for the default page, ?limit=500 and an offset', async () => {
    const all = await expectCurrent('/api/public-vehicles/?limit=500', { limit: 500, offset: 0 });
    expect(all.body).toHaveLength(EXTRA_VEHICLES + 3);
    expect(all.body.map((vehicle) => vehicle.id)).not.toContain(world.vehicles.pending1);
    const first = await expectCurrent('/api/public-vehicles/', { limit: 100, offset: 0 });
    expect(first.body.map((vehicle) => vehicle.id)).toEqual(all.body.slice(0, 100).map((vehicle) => vehicle.id));
    const rest = await expectCurrent('/api/public-vehicles/?offset=100', { limit: 100, offset: 100 });
    expect(rest.body.map((vehicle) => vehicle.id)).toEqual(all.body.slice(100).map((vehicle) => vehicle.id));
    expect(all.headers.etag).not.toBe(first.headers.etag);
    // The same page asked twice is the same bytes, under the same validator.
    const again = await anonymous().get('/api/public-vehicles/?limit=500');
    expect(again.raw.rawPayload.equals(all.raw.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(all.headers.etag);
  });

  it('replaces the bytes the moment a vehicle is created, updated or deleted, and not for a refused write', async () => {
    const pages = [
      ['/api/public-vehicles/', { limit: 100, offset: 0 }],
      ['/api/public-vehicles/?limit=500', { limit: 500, offset: 0 }],
    ] as const;
    const etags = async () => {
      const values: string[] = [];
      for (const [url, page] of pages) values.push(String((await expectCurrent(url, page)).headers.etag));
      return values;
    };
    const stillValid = async (etag: string, url: string) =>
      (await anonymous().get(url, { headers: { 'if-none-match': etag } })).status === 304;

    const before = await etags();
    const created = await agency.multipart<{ id: number }>(
      'POST',
      '/api/staff-vehicles/',
      vehicleForm({
        make: 'Aaa First',
        pickup_locations: world.locations.a1,
        image_uploads: { name: 'car.png', type: 'image/png', data: await png() },
      }),
    );
    expect(created.status).toBe(201);
    const afterCreate = await etags();
    for (const [i, [url]] of pages.entries()) {
      expect(afterCreate[i]).not.toBe(before[i]);
      expect(await stillValid(before[i] ?? '', url)).toBe(false);
    }
    const listed = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/');
    expect(listed.body[0]?.id).toBe(created.body.id);

    const refused = await agency.multipart('PATCH', `/api/staff-vehicles/${created.body.id}/`, { price_per_day: 'x' });
    expect(refused.status).toBe(400);
    expect(await etags()).toEqual(afterCreate);

    const patched = await agency.multipart('PATCH', `/api/staff-vehicles/${created.body.id}/`, {
      price_per_day: '61.25',
    });
    expect(patched.status).toBe(200);
    const afterUpdate = await etags();
    for (const [i] of pages.entries()) expect(afterUpdate[i]).not.toBe(afterCreate[i]);
    const priced = await anonymous().get<PublicVehicle[]>('/api/public-vehicles/?limit=500');
    expect(priced.body.find((vehicle) => vehicle.id === created.body.id)?.price_per_day).toBe('61.25');

    expect((await agency.delete(`/api/staff-vehicles/${created.body.id}/`)).status).toBe(204);
    const afterDelete = await etags();
    for (const [i] of pages.entries()) expect(afterDelete[i]).not.toBe(afterUpdate[i]);
    // Back to the content of the start, so back to its validators.
    expect(afterDelete).toEqual(before);
  });

  it('shows a write through another app on the same database to every request that starts after it commits, under load', async () => {
    // Another server process, as far as the cache knows: its own copy of the pages.
    const other: FastifyInstance = await buildApp({ config: t.config, now: t.clock.now });
    try {
      const visitor = new TestClient(other);
      const price = async () => {
        const reply = await visitor.get<PublicVehicle[]>('/api/public-vehicles/?limit=500');
        return reply.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.price_per_day;
      };
      // Requests always in flight, so a read of the version is running whenever a write commits.
      let polling = true;
      const poll = async () => {
        while (polling) {
          await price();
          // Lets the write's own I/O and timers run: on SQLite, inject alone never leaves the microtask queue.
          await nextTurn();
        }
      };
      const pollers = Array.from({ length: 8 }, poll);
      try {
        for (let round = 1; round <= 10; round++) {
          const next = `${70 + round}.00`;
          const patched = await agency.multipart('PATCH', `/api/staff-vehicles/${world.vehicles.a1}/`, {
            price_per_day: next,
          });
          expect(patched.status).toBe(200);
          const after = await Promise.all(Array.from({ length: 8 }, price));
          expect(after).toEqual(Array.from({ length: 8 }, () => next));
        }
      } finally {
        polling = false;
        await Promise.all(pollers);
      }
    } finally {
      await other.close();
    }
  });
});
