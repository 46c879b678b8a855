import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBooking } from '#domain/api/bookings';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/** A booking's progress at the desk: picked up (active), returned (completed, mileage) or cancelled. */
describe(`booking progress: pickup/, return/, cancel/ (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let serial = 0;
  const db = () => t.app.deps.db;

  /** A fresh confirmed booking of agency A's first vehicle, on dates of its own. */
  async function newBooking(vehicle = world.vehicles.a1) {
    serial += 1;
    const start = addDays(todayIso(t.clock.now()), 100 + serial * 3);
    return rows.insertBooking(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicle,
      start_date: start,
      end_date: start,
      booking_status: 'confirmed',
    });
  }
  const booking = (id: number) =>
    db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const vehicleMileage = async (id: number) =>
    (await db().selectFrom('vehicles').select('mileage').where('id', '=', id).executeTakeFirstOrThrow()).mileage;

  /** These tests are about the steps, not the agreement: every pickup says why it goes without one. */
  const NO_AGREEMENT = { no_agreement_reason: 'Not what this test is about.' };

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  it('picks up, then returns with the mileage, which raises the vehicle’s (never lowers it)', async () => {
    const id = await newBooking();
    const picked = await clients.agent.post<StaffBooking>(`/api/bookings/${id}/pickup/`, NO_AGREEMENT);
    expect(picked.status).toBe(200);
    expect(picked.body.booking_status).toBe('active');
    const before = await vehicleMileage(world.vehicles.a1);

    const returned = await clients.agency.post<StaffBooking>(`/api/bookings/${id}/return/`, { mileage: before + 321 });
    expect(returned.status).toBe(200);
    expect(returned.body.booking_status).toBe('completed');
    expect(await booking(id)).toMatchObject({ booking_status: 'completed', return_mileage: before + 321 });
    expect(await vehicleMileage(world.vehicles.a1)).toBe(before + 321);

    const other = await newBooking();
    await clients.agent.post(`/api/bookings/${other}/pickup/`, NO_AGREEMENT);
    const lower = await clients.agent.post<StaffBooking>(`/api/bookings/${other}/return/`, { mileage: 5 });
    expect(lower.status).toBe(200);
    expect(await vehicleMileage(world.vehicles.a1)).toBe(before + 321);
  });

  it('cancels a booking that has not started, keeping the reason', async () => {
    const id = await newBooking();
    const cancelled = await clients.staff.post<StaffBooking>(`/api/bookings/${id}/cancel/`, {
      reason: 'Customer changed their plans.',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking_status).toBe('cancelled');
    expect((await booking(id)).cancel_reason).toBe('Customer changed their plans.');
  });

  it('refuses a step the status does not allow with 409 naming it, and changes nothing', async () => {
    const id = await newBooking();
    const early = await clients.agency.post<ErrorBody>(`/api/bookings/${id}/return/`, { mileage: 100 });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('This booking is confirmed: only an active booking can be returned.');
    await clients.agency.post(`/api/bookings/${id}/pickup/`, NO_AGREEMENT);
    const twice = await clients.agency.post<ErrorBody>(`/api/bookings/${id}/pickup/`, NO_AGREEMENT);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This booking is active: only a pending or confirmed booking can be picked up.');
    const late = await clients.agency.post<ErrorBody>(`/api/bookings/${id}/cancel/`, { reason: 'Too late.' });
    expect(late.status).toBe(409);
    expect(await booking(id)).toMatchObject({ booking_status: 'active', cancel_reason: null, return_mileage: null });
  });

  it('moves a booking once when two tablets press at the same time', async () => {
    const id = await newBooking();
    const replies = await Promise.all([
      clients.agent.post(`/api/bookings/${id}/pickup/`, NO_AGREEMENT),
      clients.agency.post(`/api/bookings/${id}/pickup/`, NO_AGREEMENT),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  });

  it("refuses bad input (400), another agency's booking (404), customers (403) and visitors (401)", async () => {
    const id = await newBooking();
    for (const body of [{}, { mileage: -1 }, { mileage: 'far' }, { mileage: 1.5 }]) {
      expect((await clients.agency.post(`/api/bookings/${id}/return/`, body)).status).toBe(400);
    }
    expect((await clients.agency.post(`/api/bookings/${id}/cancel/`, { reason: '  ' })).status).toBe(400);
    expect((await clients.agency.post('/api/bookings/abc/pickup/')).status).toBe(400);
    expect((await clients.agencyB.post<ErrorBody>(`/api/bookings/${id}/pickup/`, NO_AGREEMENT)).status).toBe(404);
    expect((await clients.agencyB.post(`/api/bookings/${id}/cancel/`, { reason: 'Not mine.' })).status).toBe(404);
    expect((await clients.customer.post(`/api/bookings/${id}/pickup/`, NO_AGREEMENT)).status).toBe(403);
    expect((await new TestClient(t.app).post(`/api/bookings/${id}/pickup/`, NO_AGREEMENT)).status).toBe(401);
    expect((await booking(id)).booking_status).toBe('confirmed');
  });

  it('shows the change on the staff list at once', async () => {
    const id = await newBooking();
    const before = await clients.agency.get<StaffBooking[]>('/api/bookings/?limit=200');
    expect(before.body.find((row) => row.id === id)?.booking_status).toBe('confirmed');
    await clients.agency.post(`/api/bookings/${id}/cancel/`, { reason: 'Vehicle damaged.' });
    const after = await clients.agency.get<StaffBooking[]>('/api/bookings/?limit=200');
    expect(after.body.find((row) => row.id === id)?.booking_status).toBe('cancelled');
  });
});
