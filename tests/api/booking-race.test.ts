import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';
import { HttpClient } from '../helpers/http-client.ts';
import { insertBookingRequest, insertCustomer, insertUser } from '../helpers/rows.ts';
import { databaseEnv, type ServerProcess, startServer } from '../helpers/server-process.ts';

const RACERS = 100;
/** Of the 100, this many are customers confirming an accepted request; the rest are staff "Add Booking". */
const FINALIZERS = 20;

/**
 * The double-booking race, measured on a real server process over HTTP: 100 attempts at once
 * to hold one vehicle for dates that all share some days, through both calls that claim dates
 * (staff POST bookings/ and a customer's POST booking-request/{id}/finalize/). Exactly one wins.
 */
describe(`100 concurrent bookings of one vehicle (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    server = await startServer({ dataDir: t.config.dataDir, env: databaseEnv(t.config) });
  });
  afterAll(async () => {
    await server?.stop();
    await t.close();
  });

  it('gives exactly one 201, 409 to the other 99, and no 5xx', async () => {
    const url = server?.url ?? '';
    const { db } = t.app.deps;
    const vehicle = world.vehicles.a1;
    const first = addDays(todayIso(), 400);
    // Every range holds the days first+4 … first+10, so any two overlap.
    const dates = (i: number) => ({ start_date: addDays(first, i % 5), end_date: addDays(first, 10) });

    const desk = ['staff', 'agency', 'agent'];
    const staff = await Promise.all(
      desk.map(async (username) => {
        const client = new HttpClient(url);
        await client.login(username, PASSWORD);
        return client;
      }),
    );
    const customers = await Promise.all(
      Array.from({ length: FINALIZERS }, async (_, i) => {
        const username = `racer${i}`;
        const userId = await insertUser(db, { username, role: 'customer' });
        const customerId = await insertCustomer(db, {
          first_name: `Racer${i}`,
          user_id: userId,
          drivers_license_key: `licenses/racer-${i}`,
          drivers_license_type: 'image/webp',
        });
        const requestId = await insertBookingRequest(db, {
          customer_id: customerId,
          vehicle_id: vehicle,
          ...dates(i),
          status: 'accepted',
          is_reviewed: 1,
        });
        const client = new HttpClient(url);
        await client.login(username, PASSWORD);
        return { client, requestId };
      }),
    );
    const finalize = {
      national_id: 'AB123456C',
      street_address: '1 High Street',
      city: 'Leeds',
      country: 'United Kingdom',
      pay_now: false,
    };

    const every = RACERS / FINALIZERS;
    const replies = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => {
        const racer = i % every === 0 ? customers[i / every] : undefined;
        if (racer) return racer.client.post(`/api/booking-request/${racer.requestId}/finalize/`, finalize);
        const client = staff[i % staff.length] ?? new HttpClient(url);
        return client.post('/api/bookings/', { customer: world.customers.createdByA, vehicle, ...dates(i) });
      }),
    );

    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body).toMatchObject({ error: expect.stringMatching(/^This vehicle is already booked from /) });
    }
    const held = await db
      .selectFrom('bookings')
      .select('id')
      .where('vehicle_id', '=', vehicle)
      .where('start_date', '<=', addDays(first, 10))
      .where('end_date', '>=', first)
      .execute();
    expect(held).toHaveLength(1);
  });
});
