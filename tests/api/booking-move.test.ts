import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBookingDetail } from '#domain/api/bookings';
import { BOOKING_MOVED } from '#server/services/booking-refusals';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';
import type { QuoteView } from '#domain/api/quotes';
import { movedQuoteBody } from '../../src/app/features/planner/move-quote.ts';

type Detail = StaffBookingDetail & ErrorBody;

interface Place {
  vehicle: number;
  start_date: string;
  end_date: string;
}

describe(`moving a booking on the planner (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const addVehicle = (agencyId = world.agencies.a) =>
    rows.insertVehicle(t.app.deps.db, { agency_id: agencyId }, [
      agencyId === world.agencies.a ? world.locations.a1 : world.locations.b1,
    ]);

  /** A confirmed booking of agency A's customer, made through Add Booking so it carries its quote. */
  async function book(vehicle: number, start: string, end: string): Promise<{ id: number; at: Place }> {
    const reply = await agent.post<Detail>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: start,
      end_date: end,
      booking_status: 'confirmed',
      notes: 'Child seat fitted',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return { id: reply.body.id, at: { vehicle, start_date: start, end_date: end } };
  }

  const move = (client: TestClient, id: number, to: Place, from: Place) =>
    client.post<Detail>(`/api/bookings/${id}/move/`, { ...to, from });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('moves a booking to other days and another vehicle, priced again, everything else kept', async () => {
    const first = await addVehicle();
    const second = await addVehicle();
    const booking = await book(first, '2033-03-01', '2033-03-03');
    const before = (await agent.get<Detail>(`/api/bookings/${booking.id}/`)).body;

    // Two days longer: the new price is the quote's for five days.
    const longer = { vehicle: first, start_date: '2033-03-01', end_date: '2033-03-05' };
    const extended = await move(agent, booking.id, longer, booking.at);
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(extended.headers['cache-control']).toBe('private, no-store');
    expect(extended.body).toMatchObject({ vehicle: first, start_date: '2033-03-01', end_date: '2033-03-05' });
    expect(Number(extended.body.booking_amount)).toBeGreaterThan(Number(before.booking_amount));
    expect(extended.body.booking_amount).toBe(extended.body.quote?.total);

    const elsewhere = { vehicle: second, start_date: '2033-03-10', end_date: '2033-03-14' };
    const moved = await move(agency, booking.id, elsewhere, longer);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      vehicle: second,
      start_date: '2033-03-10',
      end_date: '2033-03-14',
      customer: before.customer,
      booking_status: 'confirmed',
      notes: 'Child seat fitted',
      pickup_time: before.pickup_time,
      payment_method: before.payment_method,
      booking_deposit: before.booking_deposit,
    });
    // Same length, same rates: the same price as before it moved.
    expect(moved.body.booking_amount).toBe(extended.body.booking_amount);
  });

  it('charges what the planner showed before the drop: the quote of the booking moved, its extras, places and discount kept', async () => {
    const seat = await agency.post<{ id: number }>('/api/extras/', {
      name: `Planner seat ${Date.now()}`,
      charge: 'per_day',
      price: '6.50',
      cap_per_rental: '',
      max_quantity: 3,
      stock: [{ location_id: world.locations.a1, quantity: 50 }],
    });
    expect(seat.status, JSON.stringify(seat.body)).toBe(201);
    const first = await addVehicle();
    const second = await addVehicle();
    const made = await agent.post<Detail>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: first,
      start_date: '2034-02-01',
      end_date: '2034-02-03',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
      extras: [{ extra_id: seat.body.id, quantity: 2 }],
      driver_age: 30,
      discount_amount: '12.00',
      booking_status: 'confirmed',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const from = { vehicle: first, start_date: '2034-02-01', end_date: '2034-02-03' };
    const to = { vehicle: second, start_date: '2034-02-04', end_date: '2034-02-08' };

    // What the planner asks before the drop, from the booking as GET bookings/{id}/ gives it.
    const detail = (await agent.get<Detail>(`/api/bookings/${made.body.id}/`)).body;
    const shown = await agent.post<QuoteView>('/api/quotes/', movedQuoteBody(detail, to));
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.lines.map((line) => line.code)).toContain(`extra:${seat.body.id}`);

    const moved = await move(agent, made.body.id, to, from);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking_amount).toBe(shown.body.total);
    expect(moved.body.quote?.lines.map((line) => [line.code, line.amount])).toEqual(
      shown.body.lines.map((line) => [line.code, line.amount]),
    );
  });

  it('refuses a move onto a booked slot, and one from where the booking no longer is', async () => {
    const vehicle = await addVehicle();
    const booking = await book(vehicle, '2033-04-01', '2033-04-02');
    await book(vehicle, '2033-04-10', '2033-04-12');
    const onto = await move(
      agent,
      booking.id,
      { vehicle, start_date: '2033-04-09', end_date: '2033-04-10' },
      booking.at,
    );
    expect(onto.status).toBe(409);
    expect(onto.body.fields?.start_date?.[0]).toMatch(/^This vehicle is already booked from /);

    const stale = await move(
      agent,
      booking.id,
      { vehicle, start_date: '2033-04-20', end_date: '2033-04-21' },
      { vehicle, start_date: '2033-03-30', end_date: '2033-03-31' },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(BOOKING_MOVED);
    // Neither moved it.
    expect((await agent.get<Detail>(`/api/bookings/${booking.id}/`)).body).toMatchObject({
      start_date: '2033-04-01',
      end_date: '2033-04-02',
    });
  });

  it('of two moves of one booking from the same place, one wins and the other changes nothing', async () => {
    const one = await addVehicle();
    const two = await addVehicle();
    const booking = await book(one, '2033-05-01', '2033-05-02');
    const targets = [
      { vehicle: one, start_date: '2033-05-20', end_date: '2033-05-21' },
      { vehicle: two, start_date: '2033-05-25', end_date: '2033-05-26' },
    ];
    const replies = await Promise.all(
      targets.map((to, index) => move(index ? agency : agent, booking.id, to, booking.at)),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const winner = targets[replies.findIndex((reply) => reply.status === 200)];
    expect((await agent.get<Detail>(`/api/bookings/${booking.id}/`)).body).toMatchObject(winner ?? {});
    expect(replies.find((reply) => reply.status === 409)?.body.error).toBe(BOOKING_MOVED);
  });

  it('keeps the pickup location: a vehicle not picked up there is refused on it', async () => {
    const atA1 = await addVehicle();
    const atA2 = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a }, [world.locations.a2]);
    const made = await agent.post<Detail>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: atA1,
      start_date: '2033-07-01',
      end_date: '2033-07-02',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const at = { vehicle: atA1, start_date: '2033-07-01', end_date: '2033-07-02' };
    const refused = await move(agent, made.body.id, { ...at, vehicle: atA2 }, at);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.pickup_location_id).toEqual(['This vehicle is not picked up or dropped off there.']);
    const later = await move(agent, made.body.id, { ...at, start_date: '2033-07-03', end_date: '2033-07-04' }, at);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
    });
  });

  it("keeps to the caller's own fleet and refuses other roles and bad moves", async () => {
    const vehicle = await addVehicle();
    const booking = await book(vehicle, '2033-06-01', '2033-06-02');
    const to = { vehicle, start_date: '2033-06-05', end_date: '2033-06-06' };
    expect((await move(agencyB, booking.id, to, booking.at)).status).toBe(404);
    expect((await move(customer, booking.id, to, booking.at)).status).toBe(403);
    expect((await move(anonymous, booking.id, to, booking.at)).status).toBe(401);
    expect((await move(agent, 999_999, to, booking.at)).status).toBe(404);

    const theirs = await addVehicle(world.agencies.b);
    const ontoTheirs = await move(agent, booking.id, { ...to, vehicle: theirs }, booking.at);
    expect(ontoTheirs.status).toBe(400);
    expect(ontoTheirs.body.fields?.vehicle).toEqual(['Choose a vehicle from your fleet.']);

    const retired = await rows.insertVehicle(t.app.deps.db, {
      agency_id: world.agencies.a,
      retired_at: new Date().toISOString(),
    });
    const ontoRetired = await move(agent, booking.id, { ...to, vehicle: retired }, booking.at);
    expect(ontoRetired.status).toBe(409);
    expect(ontoRetired.body.fields?.vehicle).toBeDefined();

    const backwards = await move(
      agent,
      booking.id,
      { vehicle, start_date: '2033-06-06', end_date: '2033-06-05' },
      booking.at,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields?.end_date).toEqual(['End date cannot be before start date.']);
    const noFrom = await agent.post<Detail>(`/api/bookings/${booking.id}/move/`, to);
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.fields?.from).toBeDefined();
    const badDate = await move(agent, booking.id, { ...to, start_date: '2033-02-30' }, booking.at);
    expect(badDate.status).toBe(400);
    expect(badDate.body.fields?.start_date).toBeDefined();

    // The operator moves any agency's booking; nothing above moved it.
    expect((await agent.get<Detail>(`/api/bookings/${booking.id}/`)).body).toMatchObject({ start_date: '2033-06-01' });
    expect((await move(staff, booking.id, to, booking.at)).status).toBe(200);
  });
});
