import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannerWindow } from '#domain/api/planner';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Window = PlannerWindow & ErrorBody;

/** The window the tests read: 14 days of May 2031. */
const FROM = '2031-05-01';
const TO = '2031-05-14';

describe(`planner (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  /** Agency A's vans (a category), its unclassed car, a retired one, and agency B's vehicle. */
  let van: number;
  let car: number;
  let retired: number;
  let other: number;
  let vans: number;
  const ids: Record<string, number> = {};

  const planner = (client: TestClient, query: string) => client.get<Window>(`/api/planner/?${query}`);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    const { db } = t.app.deps;
    const now = new Date().toISOString();
    vans = (
      await db
        .insertInto('vehicle_categories')
        .values({ agency_id: world.agencies.a, name: 'Van', base_day_rate: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    van = await rows.insertVehicle(
      db,
      {
        agency_id: world.agencies.a,
        registration_number: 'PLN1 VAN',
        make: 'Ford',
        model: 'Transit',
        category_id: vans,
      },
      [world.locations.a1],
    );
    car = await rows.insertVehicle(
      db,
      { agency_id: world.agencies.a, registration_number: 'PLN2 CAR', make: 'Skoda', model: 'Fabia' },
      [world.locations.a2],
    );
    retired = await rows.insertVehicle(db, {
      agency_id: world.agencies.a,
      registration_number: 'PLN3 OLD',
      retired_at: now,
    });
    other = await rows.insertVehicle(db, { agency_id: world.agencies.b, registration_number: 'PLN4 BBB' }, [
      world.locations.b1,
    ]);

    const customerId = world.customers.own;
    const booking = (vehicle: number, start: string, end: string, status: 'confirmed' | 'completed' | 'cancelled') =>
      rows.insertBooking(db, {
        customer_id: customerId,
        vehicle_id: vehicle,
        start_date: start,
        end_date: end,
        booking_status: status,
      });
    ids.confirmed = await booking(van, '2031-04-28', '2031-05-03', 'confirmed');
    ids.completed = await booking(van, '2031-05-10', '2031-05-10', 'completed');
    ids.cancelled = await booking(van, '2031-05-05', '2031-05-06', 'cancelled');
    ids.after = await booking(van, '2031-05-15', '2031-05-20', 'confirmed');
    ids.retiredBooking = await booking(retired, '2031-05-02', '2031-05-03', 'confirmed');
    ids.otherBooking = await booking(other, '2031-05-02', '2031-05-03', 'confirmed');

    const request = (vehicle: number, start: string, end: string, values: Record<string, unknown> = {}) =>
      rows.insertBookingRequest(db, {
        customer_id: customerId,
        vehicle_id: vehicle,
        start_date: start,
        end_date: end,
        ...values,
      });
    ids.pending = await request(car, '2031-05-08', '2031-05-09');
    ids.declined = await request(car, '2031-05-04', '2031-05-04', { status: 'declined' });
    ids.holding = await request(car, '2031-05-12', '2031-05-16', {
      status: 'accepted',
      hold_until: '2099-01-01T00:00:00Z',
    });
    ids.lapsed = await request(car, '2031-05-02', '2031-05-02', {
      status: 'accepted',
      hold_until: '2020-01-01T00:00:00Z',
    });

    ids.period = (
      await db
        .insertInto('vehicle_unavailability')
        .values({
          vehicle_id: car,
          agency_id: world.agencies.a,
          kind: 'maintenance',
          start_date: '2031-05-01',
          end_date: '2031-05-02',
          reason: 'Brakes',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t.close());

  it("gives each vehicle's row with its bookings, requests and periods over the window", async () => {
    const reply = await planner(agency, `from=${FROM}&days=14&search=PLN`);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['x-total-count']).toBe('2');
    expect(reply.body.from).toBe(FROM);
    expect(reply.body.to).toBe(TO);
    // The van has a category and comes first; the retired vehicle and agency B's are not there.
    expect(reply.body.rows.map((row) => row.vehicle.id)).toEqual([van, car]);
    const [vanRow, carRow] = reply.body.rows;
    expect(vanRow?.vehicle).toEqual({
      id: van,
      agency_id: world.agencies.a,
      registration_number: 'PLN1 VAN',
      make: 'Ford',
      model: 'Transit',
      category_id: vans,
      category_name: 'Van',
      location_ids: [world.locations.a1],
      next_service_date: '2027-03-01',
    });
    // A booking that starts before the window is in it; a cancelled one and one after it are not.
    expect(vanRow?.bars).toEqual([
      expect.objectContaining({
        kind: 'booking',
        id: ids.confirmed,
        start_date: '2031-04-28',
        end_date: '2031-05-03',
        status: 'confirmed',
        pickup_time: '09:00',
        dropoff_time: '18:00',
      }),
      expect.objectContaining({ kind: 'booking', id: ids.completed, status: 'completed' }),
    ]);
    expect(vanRow?.bars[0]?.label).toMatch(/\S+ \S+/);
    // The pending request and the one whose hold runs; not the declined one nor a lapsed hold.
    expect(carRow?.bars).toEqual([
      {
        kind: 'unavailability',
        id: ids.period,
        start_date: '2031-05-01',
        end_date: '2031-05-02',
        status: 'maintenance',
        label: 'Brakes',
      },
      expect.objectContaining({ kind: 'request', id: ids.pending, status: 'pending', start_date: '2031-05-08' }),
      expect.objectContaining({ kind: 'request', id: ids.holding, status: 'accepted', end_date: '2031-05-16' }),
    ]);
    expect(carRow?.vehicle.category_name).toBeNull();
  });

  it('narrows the rows by category, pickup location and words, and pages them', async () => {
    const ofCategory = await planner(agent, `from=${FROM}&category=${vans}`);
    expect(ofCategory.body.rows.map((row) => row.vehicle.id)).toEqual([van]);
    const atA2 = await planner(agent, `from=${FROM}&location=${world.locations.a2}&search=PLN`);
    expect(atA2.body.rows.map((row) => row.vehicle.id)).toEqual([car]);
    const words = await planner(agent, `from=${FROM}&search=${encodeURIComponent('skoda pln2')}`);
    expect(words.body.rows.map((row) => row.vehicle.id)).toEqual([car]);
    const second = await planner(agent, `from=${FROM}&search=pln&limit=1&offset=1`);
    expect(second.headers['x-total-count']).toBe('2');
    expect(second.body.rows.map((row) => row.vehicle.id)).toEqual([car]);
    const none = await planner(agent, `from=${FROM}&search=${encodeURIComponent('no such car')}`);
    expect(none.status).toBe(200);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.body.rows).toEqual([]);
  });

  it("shows an agency its own fleet only, and the operator every agency's", async () => {
    const b = await planner(agencyB, `from=${FROM}&search=PLN`);
    expect(b.body.rows.map((row) => row.vehicle.id)).toEqual([other]);
    expect(b.body.rows[0]?.bars.map((bar) => bar.id)).toEqual([ids.otherBooking]);
    // Another agency's category or location narrows to nothing rather than showing its vehicles.
    expect((await planner(agencyB, `from=${FROM}&category=${vans}`)).body.rows).toEqual([]);
    expect((await planner(agencyB, `from=${FROM}&location=${world.locations.a1}`)).body.rows).toEqual([]);
    const all = await planner(staff, `from=${FROM}&search=PLN`);
    expect(all.body.rows.map((row) => row.vehicle.id).sort((x, y) => x - y)).toEqual(
      [van, car, other].sort((x, y) => x - y),
    );
  });

  it('refuses other roles and bad windows', async () => {
    expect((await planner(customer, `from=${FROM}`)).status).toBe(403);
    expect((await planner(anonymous, `from=${FROM}`)).status).toBe(401);
    const cases: [string, string][] = [
      ['', 'from'],
      ['from=2031-02-30', 'from'],
      ['from=tomorrow', 'from'],
      [`from=${FROM}&days=0`, 'days'],
      [`from=${FROM}&days=93`, 'days'],
      [`from=${FROM}&days=1.5`, 'days'],
      [`from=${FROM}&limit=501`, 'limit'],
      [`from=${FROM}&offset=-1`, 'offset'],
      [`from=${FROM}&category=van`, 'category'],
      [`from=${FROM}&location=0`, 'location'],
      [`from=${FROM}&search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const reply = await planner(agency, query);
      expect(reply.status, query).toBe(400);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.body.fields?.[field], query).toBeDefined();
    }
  });

  it('answers a window of one day and one of 92', async () => {
    const day = await planner(agency, `from=2031-05-10&days=1&search=PLN1`);
    expect(day.body.to).toBe('2031-05-10');
    expect(day.body.rows[0]?.bars.map((bar) => bar.id)).toEqual([ids.completed]);
    const quarter = await planner(agency, `from=2031-04-01&days=92&search=PLN1`);
    expect(quarter.body.to).toBe('2031-07-01');
    expect(quarter.body.rows[0]?.bars.map((bar) => bar.id)).toEqual([ids.confirmed, ids.completed, ids.after]);
  });
});
