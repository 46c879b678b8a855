import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '#server/http/route';
import { registerRoutes } from '#server/routes/index';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { apiRoutes, type ApiRoute } from '../helpers/routes.ts';

const key = (route: Pick<ApiRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** What src/server/routes/index.ts registers, counted on a bare Fastify by the same onRoute hook. */
function indexRoutes(): ApiRoute[] {
  const bare = Fastify();
  const recorded: RouteOptions[] = [];
  bare.addHook('onRoute', (route) => {
    recorded.push(route);
  });
  registerRoutes(bare);
  return apiRoutes({ routes: recorded });
}

const probeRoute = defineRoute({
  method: 'GET',
  url: 'registry-probe/:id/',
  access: ['staff'],
  async handler() {
    return { ok: true };
  },
});

/**
 * The refusal and Cache-Control walks (fuzz.test.ts, cache-control.test.ts) take their routes from
 * apiRoutes(): these tests prove that list is the app's whole route registry and grows by itself.
 */
describe(`the tests' list of API routes (${ENGINE})`, () => {
  let t: TestApp;
  let withProbe: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    withProbe = await createTestApp({ beforeReady: (app) => probeRoute(app) });
  });
  afterAll(async () => {
    await t?.close();
    await withProbe?.close();
  });

  it('holds every route the route index registers, and the routes plugins add, once each', () => {
    const listed = apiRoutes(t);
    const fromIndex = indexRoutes();
    expect(fromIndex.length).toBeGreaterThan(90);
    expect(new Set(listed.map(key)).size).toBe(listed.length);
    // The index's routes with their declared access, and besides them only the plugins' own.
    expect(listed.filter((route) => route.access !== null)).toEqual(fromIndex);
    expect(listed.filter((route) => route.access === null).map(key)).toEqual(['GET /api/csrf']);
    expect(listed).toHaveLength(fromIndex.length + 1);
  });

  it('names only routes the router answers', () => {
    for (const route of apiRoutes(t)) {
      expect(t.app.hasRoute({ method: route.method, url: route.url }), key(route)).toBe(true);
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/api/registry-probe/:id' })).toBe(false);
  });

  it('takes in a route added later without being told: one more registered, one more listed', async () => {
    const before = apiRoutes(t);
    const after = apiRoutes(withProbe);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((route) => !before.some((old) => key(old) === key(route)))).toEqual([
      { method: 'GET', url: '/api/registry-probe/:id', access: ['staff'] },
    ]);
    // And it is a real route: the walks would meet its refusal.
    const reply = await withProbe.app.inject({ method: 'GET', url: '/api/registry-probe/1/' });
    expect(reply.statusCode).toBe(401);
  });
});
