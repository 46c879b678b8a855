import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskSummary } from '#domain/api/desk';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const DAY = '2031-06-10';

describe(`staff dashboard (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    const db = t.app.deps.db;
    const { a1, a2, b1 } = world.vehicles;
    const { createdByA, createdByB } = world.customers;
    // Agency A on DAY: a pickup at 08:00 and one at 11:30, a return, one rental running through,
    // a cancelled pickup that must not count; agency B: one pickup.
    await rows.insertBooking(db, {
      vehicle_id: a1,
      customer_id: createdByA,
      start_date: DAY,
      end_date: '2031-06-12',
      pickup_time: '11:30',
    });
    const early = await rows.insertVehicle(db, { agency_id: world.agencies.a });
    await rows.insertBooking(db, {
      vehicle_id: early,
      customer_id: createdByA,
      start_date: DAY,
      end_date: DAY,
      pickup_time: '08:00',
      dropoff_time: '17:00',
    });
    await rows.insertBooking(db, {
      vehicle_id: a2,
      customer_id: createdByA,
      start_date: '2031-06-08',
      end_date: DAY,
      booking_status: 'active',
    });
    const through = await rows.insertVehicle(db, { agency_id: world.agencies.a });
    await rows.insertBooking(db, {
      vehicle_id: through,
      customer_id: createdByA,
      start_date: '2031-06-01',
      end_date: '2031-06-30',
    });
    const cancelled = await rows.insertVehicle(db, { agency_id: world.agencies.a });
    await rows.insertBooking(db, {
      vehicle_id: cancelled,
      customer_id: createdByA,
      start_date: DAY,
      end_date: DAY,
      booking_status: 'cancelled',
    });
    await rows.insertBooking(db, { vehicle_id: b1, customer_id: createdByB, start_date: DAY, end_date: DAY });
    // Requests: two unreviewed for A, one reviewed for A, one unreviewed for B.
    await rows.insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: a1,
      start_date: '2031-07-01',
      end_date: '2031-07-02',
    });
    await rows.insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: a2,
      start_date: '2031-07-01',
      end_date: '2031-07-02',
    });
    await rows.insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: a2,
      start_date: '2031-08-01',
      end_date: '2031-08-02',
      is_reviewed: 1,
      status: 'declined',
    });
    await rows.insertBookingRequest(db, {
      customer_id: world.customers.other,
      vehicle_id: b1,
      start_date: '2031-07-01',
      end_date: '2031-07-02',
    });
  });
  afterAll(async () => t.close());

  it('gives an agency its own day: requests to review, pickups and returns by time, vehicles out', async () => {
    const reply = await agency.get<DeskSummary>(`/api/staff-dashboard/?date=${DAY}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const summary = reply.body;
    expect(summary.date).toBe(DAY);
    expect(summary.pending_requests).toBe(2);
    expect(summary.pickups_total).toBe(2);
    expect(summary.pickups.map((booking) => booking.time)).toEqual(['08:00', '11:30']);
    expect(summary.pickups[1]).toMatchObject({
      customer_id: world.customers.createdByA,
      vehicle: 'Toyota Corolla',
      registration_number: 'AA11 AAA',
    });
    expect(summary.returns_total).toBe(2);
    expect(summary.returns.map((booking) => booking.time)).toEqual(['17:00', '18:00']);
    // a1 (picked up today), the early car, a2 (returned today) and the one running through.
    expect(summary.vehicles_out).toBe(4);
    expect(summary.fleet_size).toBe(5);
  });

  it('gives an agent the figures of their agency and another agency only its own', async () => {
    expect((await agent.get<DeskSummary>(`/api/staff-dashboard/?date=${DAY}`)).body.pickups_total).toBe(2);
    const other = (await agencyB.get<DeskSummary>(`/api/staff-dashboard/?date=${DAY}`)).body;
    expect(other).toMatchObject({
      pending_requests: 1,
      pickups_total: 1,
      returns_total: 1,
      vehicles_out: 1,
      fleet_size: 1,
    });
  });

  it('gives the operator every agency', async () => {
    const all = (await staff.get<DeskSummary>(`/api/staff-dashboard/?date=${DAY}`)).body;
    expect(all).toMatchObject({ pending_requests: 3, pickups_total: 3, returns_total: 3, vehicles_out: 5 });
  });

  it("counts the server's today when no date is sent", async () => {
    const reply = await agency.get<DeskSummary>('/api/staff-dashboard/');
    expect(reply.status).toBe(200);
    expect(reply.body.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses a date that is not a date', async () => {
    for (const date of ['2031-02-30', 'tomorrow', '']) {
      const reply = await agency.get<ErrorBody>(`/api/staff-dashboard/?date=${date}`);
      expect(reply.status, date).toBe(400);
      expect(reply.body.fields?.date).toBeDefined();
    }
  });

  it('refuses customers and visitors', async () => {
    expect((await customer.get('/api/staff-dashboard/')).status).toBe(403);
    expect((await anonymous.get('/api/staff-dashboard/')).status).toBe(401);
  });
});
