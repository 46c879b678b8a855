import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient, type Reply } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { insertBooking, insertBookingRequest } from '../helpers/rows.ts';
import { apiRoutes, fillParams, type ApiRoute } from '../helpers/routes.ts';

const PRIVATE = 'private, no-store';
/** The public replies that say themselves how they may be cached, by route, when they succeed. */
const PUBLIC_HEADERS: Record<string, string> = {
  'GET /api/public-vehicles': 'no-cache',
  'GET /api/public-vehicles/:id': 'no-cache',
  'GET /api/public-vehicles/:id/rate-plan': 'no-cache',
  'GET /api/public-vehicle-categories': 'no-cache',
  'GET /api/settings': 'no-cache',
  'GET /api/health': 'no-store',
};
const MISSING_ID = '999999';

const key = (route: ApiRoute) => `${route.method} ${route.url}`;

/** What a reply of this route should say. */
function expectedHeader(route: ApiRoute, status: number): string {
  const own = PUBLIC_HEADERS[key(route)];
  return own && status < 400 ? own : PRIVATE;
}

describe(`Cache-Control on every API reply (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  /** Real ids for reads, by the path segment before `:id`: reads should mostly succeed. */
  let readIds: Record<string, number>;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    const db = t.app.deps.db;
    const booking = await insertBooking(db, {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: addDays(todayIso(), 40),
      notes: 'staff only',
    });
    const request = await insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.a1,
      start_date: addDays(todayIso(), 50),
      end_date: addDays(todayIso(), 51),
    });
    readIds = {
      customers: world.customers.createdByA,
      customer: world.customers.own,
      bookings: booking,
      'staff-vehicles': world.vehicles.a1,
      'public-vehicles': world.vehicles.a1,
      'staff-booking-requests': request,
      'booking-requests': request,
      'booking-request': request,
    };
  });
  afterAll(async () => t.close());

  it('walks every route with every role: private, no-store unless public and successful', async () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(40);
    // Signing out ends the walking clients' sessions (their own, not the other tests'): that route goes last.
    const ordered = [...routes].sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
    const roles: Record<string, TestClient> = {
      anonymous: new TestClient(t.app),
      customer: await signedIn(t.app, 'customer'),
      agent: await signedIn(t.app, 'agent'),
      agency: await signedIn(t.app, 'agency'),
      staff: await signedIn(t.app, 'staff'),
    };
    const statuses = new Set<number>();
    const wrong: string[] = [];
    for (const route of ordered) {
      for (const [role, client] of Object.entries(roles)) {
        const url = fillParams(route.url, (_name, before) =>
          route.method === 'GET' ? String(readIds[before] ?? 1) : MISSING_ID,
        );
        let reply: Reply;
        if (route.method === 'GET') reply = await client.get(url);
        else if (route.method === 'DELETE') reply = await client.delete(url);
        else if (route.method === 'PATCH') reply = await client.patch(url, {});
        else if (route.method === 'PUT') reply = await client.put(url, {});
        else reply = await client.post(url, {});
        statuses.add(reply.status);
        const header = reply.headers['cache-control'];
        if (header !== expectedHeader(route, reply.status)) {
          wrong.push(`${key(route)} as ${role}: ${reply.status} said ${String(header)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The walk met successes, refusals and errors alike.
    for (const status of [200, 204, 400, 401, 403, 404]) expect(statuses).toContain(status);
  });

  it('says private, no-store on the replies that carry personal data or sessions', async () => {
    const client = new TestClient(t.app);
    const checks: [string, Reply][] = [];
    checks.push(['csrf', await client.get('/api/csrf/')]);
    checks.push(['failed login', await client.post('/api/login/', { username: 'customer', password: 'wrong-one' })]);
    checks.push(['login', await client.post('/api/login/', { username: 'customer', password: 'fleet-demo' })]);
    checks.push(['me', await client.get('/api/auth/me/')]);
    checks.push(['own customer', await client.get('/api/customers/me/')]);
    checks.push(['own bookings', await client.get('/api/bookings/')]);
    checks.push(['own requests', await client.get('/api/booking-requests/')]);
    checks.push(['refresh', await client.post('/api/token/refresh/')]);
    checks.push(['logout', await client.post('/api/logout/')]);
    checks.push(['refresh after logout', await client.post('/api/token/refresh/')]);
    checks.push(['a customer', await clients.agency.get(`/api/customers/${world.customers.createdByA}/`)]);
    checks.push(['customers', await clients.staff.get('/api/customers/')]);
    checks.push(['staff bookings', await clients.staff.get('/api/bookings/')]);
    checks.push(['staff vehicles', await clients.agent.get('/api/staff-vehicles/')]);
    checks.push(['staff requests', await clients.agent.get('/api/staff-booking-requests/')]);
    checks.push([
      'anonymous request',
      await clients.anonymous.post('/api/rentals/booking-requests/', {
        vehicle_id: world.vehicles.a1,
        start_date: addDays(todayIso(), 70),
        end_date: addDays(todayIso(), 71),
        pickup_time: '09:00',
        dropoff_time: '18:00',
        first_name: 'Vi',
        last_name: 'Sitor',
        phone_number: '+44 7700 900555',
        email: 'visitor@example.com',
      }),
    ]);
    checks.push(['unknown API path', await client.get('/api/nothing-here/')]);
    checks.push(['refused CSRF', await client.post('/api/logout/', undefined, { withoutCsrf: true })]);
    expect(checks.map(([name, reply]) => [name, reply.status, reply.headers['cache-control']])).toEqual(
      checks.map(([name, reply]) => [name, reply.status, PRIVATE]),
    );
    const statuses = checks.map(([, reply]) => reply.status);
    expect(statuses).toEqual([
      200, 401, 200, 200, 200, 200, 200, 200, 204, 401, 200, 200, 200, 200, 200, 201, 404, 403,
    ]);
  });

  it('keeps the public replies’ own headers when they succeed, and makes their errors private', async () => {
    const anonymous = clients.anonymous;
    const list = await anonymous.get('/api/public-vehicles/');
    expect(list.headers['cache-control']).toBe('no-cache');
    const again = await anonymous.get('/api/public-vehicles/', {
      headers: { 'if-none-match': String(list.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await clients.customer.get(`/api/public-vehicles/${world.vehicles.a1}/`)).headers['cache-control']).toBe(
      'no-cache',
    );
    expect((await anonymous.get('/api/settings/')).headers['cache-control']).toBe('no-cache');
    expect((await anonymous.get('/api/health/')).headers['cache-control']).toBe('no-store');

    const pending = await anonymous.get(`/api/public-vehicles/${world.vehicles.pending1}/`);
    expect(pending.status).toBe(404);
    expect(pending.headers['cache-control']).toBe(PRIVATE);
    const badPage = await anonymous.get('/api/public-vehicles/?limit=0');
    expect(badPage.status).toBe(400);
    expect(badPage.headers['cache-control']).toBe(PRIVATE);
  });

  it('answers URLs the router refuses (bad percent-encoding, an over-long id) like any other error', async () => {
    const client = clients.staff;
    const badEncoding = await client.get<{ error: string }>('/api/customers/%zz/');
    expect([badEncoding.status, badEncoding.body, badEncoding.headers['cache-control']]).toEqual([
      400,
      { error: 'The address is not valid.' },
      PRIVATE,
    ]);
    const tooLong = await client.get<{ error: string }>(`/api/customers/${'9'.repeat(300)}/`);
    expect([tooLong.status, tooLong.body, tooLong.headers['cache-control']]).toEqual([
      414,
      { error: 'The address is too long.' },
      PRIVATE,
    ]);
  });
});
