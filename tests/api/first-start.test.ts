import { afterAll, describe, expect, it } from 'vitest';
import { holdApiUntil, seedOnFirstStart } from '#server/seed/first-start';
import type { SeedSummary } from '#server/seed/index';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';
import { HttpClient } from '../helpers/http-client.ts';
import { type ServerProcess, startServer } from '../helpers/server-process.ts';

interface PublicVehicle {
  id: number;
  main_image: string | null;
  images: { image: string; thumbnail: string }[];
  agency_logo: string | null;
}

/** A promise settled from outside, standing in for a seed that takes its time. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A request in flight, and whether it has been answered yet. */
function track<T>(reply: Promise<T>): { reply: Promise<T>; answered: () => boolean } {
  let answered = false;
  void reply.finally(() => (answered = true));
  return { reply, answered: () => answered };
}

/** The demo fleet as a visitor sees it: every vehicle with its pictures and its agency's logo. */
function expectCompleteFleet(vehicles: PublicVehicle[], total: unknown): void {
  expect(vehicles.length).toBeGreaterThanOrEqual(24);
  expect(total).toBe(String(vehicles.length));
  for (const vehicle of vehicles) {
    expect(vehicle.images.length, `vehicle ${vehicle.id}`).toBeGreaterThanOrEqual(2);
    expect(vehicle.main_image).toBe(vehicle.images[0]?.image);
    expect(vehicle.agency_logo).toMatch(/^\/media\/agencies\//);
  }
}

describe(`first start (${ENGINE})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const app = async (beforeReady: (app: TestApp['app']) => Promise<void> | void): Promise<TestApp> => {
    const t = await createTestApp({ beforeReady });
    cleanups.push(() => t.close());
    return t;
  };

  it('holds every API call but the health probe until the store is ready, then answers them', async () => {
    const ready = deferred();
    const t = await app((built) => holdApiUntil(built, ready.promise));
    const client = new TestClient(t.app);
    const list = track(client.get<PublicVehicle[]>('/api/public-vehicles/'));
    const settings = track(client.get('/api/settings/'));

    const health = await client.get('/api/health/');
    expect(health.status).toBe(200);
    // Media and pages read no rows: they are not held (an unknown file is a 404 at once).
    expect((await client.get('/media/vehicles/none.webp')).status).toBe(404);
    expect(list.answered()).toBe(false);
    expect(settings.answered()).toBe(false);

    ready.resolve();
    expect((await list.reply).status).toBe(200);
    expect((await settings.reply).status).toBe(200);
    expect((await client.get('/api/public-vehicles/')).status).toBe(200);
  });

  it('answers held calls with a 503 sentence when the store could not be prepared', async () => {
    const ready = deferred();
    const t = await app((built) => holdApiUntil(built, ready.promise));
    const client = new TestClient(t.app);
    const held = client.get<{ error: string }>('/api/public-vehicles/');
    ready.reject(new Error('disk full'));
    const reply = await held;
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ error: 'The server could not prepare its demo data. Please try again later.' });
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect((await client.get('/api/health/')).status).toBe(200);
  });

  it(
    ENGINE === 'sqlite'
      ? 'seeds an empty embedded database while listening; the first list call already gets the whole fleet'
      : 'never seeds PostgreSQL and holds nothing',
    async () => {
      const main: { firstStart?: { done: Promise<SeedSummary> } | null } = {};
      // As main.ts does: between building the app and listening.
      const t = await app(async (built) => {
        main.firstStart = await seedOnFirstStart(built);
      });
      const client = new TestClient(t.app);
      const started = main.firstStart;
      if (ENGINE === 'postgres') {
        expect(started).toBeNull();
        const list = await client.get<PublicVehicle[]>('/api/public-vehicles/');
        expect(list.body).toEqual([]);
        return;
      }
      if (!started) throw new Error('an empty SQLite database should be seeded');
      let seeded = false;
      void started.done.then(() => (seeded = true));
      // Asked before the seed has drawn a single picture.
      const list = await client.get<PublicVehicle[]>('/api/public-vehicles/?limit=500');
      expect(seeded).toBe(true);
      expect(list.status).toBe(200);
      expectCompleteFleet(list.body, list.headers['x-total-count']);
      expect((await started.done).vehicles).toBe(28);
      const image = await client.get(list.body[0]?.images[0]?.thumbnail ?? '');
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    },
    120_000,
  );

  it('as a process on an empty data folder: health answers, and the list right after it is the whole fleet', async () => {
    // The default store (no DATABASE_URL reaches the process), whichever engine the suite runs on.
    const server: ServerProcess = await startServer();
    cleanups.push(() => server.stop());
    const http = new HttpClient(server.url);
    const list = await http.get<PublicVehicle[]>('/api/public-vehicles/?limit=500');
    expect(list.status).toBe(200);
    expectCompleteFleet(list.body, list.headers.get('x-total-count'));
    for (const vehicle of list.body) {
      for (const url of vehicle.images.flatMap((image) => [image.image, image.thumbnail])) {
        const file = await fetch(`${server.url}${url}`);
        await file.arrayBuffer();
        expect(file.status, url).toBe(200);
      }
    }
    expect((await http.login('staff', 'fleet-demo')).status).toBe(200);
  }, 120_000);
});
