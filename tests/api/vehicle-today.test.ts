import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleToday } from '#domain/api/vehicle-today';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Card = VehicleToday & ErrorBody;

/** The day every card here is for. */
const TODAY = '2032-09-15';

/** Issue 23: the today card a vehicle's QR label opens. */
describe(`vehicle today card (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const codeOf = async (id: number) =>
    (await t.app.deps.db.selectFrom('vehicles').select('label_code').where('id', '=', id).executeTakeFirstOrThrow())
      .label_code;
  const card = (client: TestClient, code: string, date = TODAY) =>
    client.get<Card>(`/api/vehicle-today/${code}/?date=${date}`);
  const book = (
    vehicle: number,
    start: string,
    end: string,
    status: 'pending' | 'confirmed' | 'active' | 'cancelled',
  ) =>
    rows.insertBooking(t.app.deps.db, {
      customer_id: world.customers.own,
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      booking_status: status,
    });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('shows the booking it is out on, the next one, its last inspection, service and block', async () => {
    const { db } = t.app.deps;
    const vehicle = await rows.insertVehicle(db, {
      agency_id: world.agencies.a,
      registration_number: 'TDY1 AAA',
      next_service_date: '2032-09-20',
    });
    // Picked up two days late: out with the customer though its days ended yesterday.
    const out = await book(vehicle, '2032-09-10', '2032-09-14', 'active');
    await book(vehicle, '2032-09-15', '2032-09-15', 'cancelled');
    const next = await book(vehicle, '2032-09-16', '2032-09-18', 'confirmed');
    await book(vehicle, '2032-09-25', '2032-09-26', 'pending');
    const now = new Date().toISOString();
    await db
      .insertInto('booking_inspections')
      .values([
        {
          booking_id: out,
          agency_id: world.agencies.a,
          kind: 'pickup',
          mileage: 12_000,
          fuel_eighths: 8,
          damage_marks: '[]',
          notes: null,
          recorded_by: null,
          created_at: '2032-09-10T09:00:00.000Z',
        },
        {
          booking_id: out,
          agency_id: world.agencies.a,
          kind: 'return',
          mileage: 12_400,
          fuel_eighths: 5,
          damage_marks: '[]',
          notes: null,
          recorded_by: null,
          created_at: '2032-09-15T08:00:00.000Z',
        },
      ])
      .execute();
    await db
      .insertInto('vehicle_unavailability')
      .values({
        vehicle_id: vehicle,
        agency_id: world.agencies.a,
        kind: 'damage',
        start_date: '2032-09-15',
        end_date: '2032-09-15',
        reason: 'Wing mirror',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const code = await codeOf(vehicle);

    const reply = await card(agent, code);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body.vehicle).toMatchObject({ id: vehicle, registration_number: 'TDY1 AAA', label_code: code });
    expect(reply.body.date).toBe(TODAY);
    expect(reply.body.current_booking).toMatchObject({ id: out, status: 'active', start_date: '2032-09-10' });
    expect(reply.body.current_booking?.customer_name).toMatch(/\S+ \S+/);
    expect(reply.body.next_booking).toMatchObject({ id: next, status: 'confirmed', start_date: '2032-09-16' });
    expect(reply.body.last_inspection).toMatchObject({
      booking_id: out,
      kind: 'return',
      mileage: 12_400,
      fuel_eighths: 5,
    });
    expect(reply.body.service).toBe('due');
    expect(reply.body.blocked).toMatchObject({ kind: 'damage', reason: 'Wing mirror', start_date: TODAY });

    // A typed code in lower case finds it too; another day shows that day's card.
    const later = await card(agency, code.toLowerCase(), '2032-09-17');
    expect(later.status).toBe(200);
    expect(later.body.current_booking?.id).toBe(out);
    expect(later.body.blocked).toBeNull();
    expect(later.body.service).toBe('due');
    expect((await card(agency, code, '2032-10-01')).body.service).toBe('overdue');
  });

  it('shows the booking whose days include today when none is out, and nothing for a free vehicle', async () => {
    const { db } = t.app.deps;
    const vehicle = await rows.insertVehicle(db, { agency_id: world.agencies.a, next_service_date: '2033-06-01' });
    const today = await book(vehicle, '2032-09-14', '2032-09-16', 'confirmed');
    const after = await book(vehicle, '2032-09-20', '2032-09-21', 'pending');
    const reply = await card(agent, await codeOf(vehicle));
    expect(reply.body.current_booking?.id).toBe(today);
    expect(reply.body.next_booking?.id).toBe(after);
    expect(reply.body.last_inspection).toBeNull();
    expect(reply.body.service).toBe('ok');

    const free = await rows.insertVehicle(db, { agency_id: world.agencies.a });
    const empty = await card(agent, await codeOf(free));
    expect(empty.body).toMatchObject({
      current_booking: null,
      next_booking: null,
      last_inspection: null,
      blocked: null,
    });
  });

  it("is a 404 for another fleet's vehicle or a code that is no label, and refuses other roles", async () => {
    const theirs = await codeOf(world.vehicles.b1);
    const other = await card(agency, theirs);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('No vehicle of your fleet has this label.');
    expect((await card(agencyB, theirs)).status).toBe(200);
    expect((await card(staff, theirs)).status).toBe(200);
    for (const code of ['0000000000', 'NOT-A-CODE', 'ABCDEFGHIJ', '1'.repeat(11), encodeURIComponent("' or 1=1 --")]) {
      expect((await card(agency, code)).status, code).toBe(404);
    }
    const badDate = await card(agency, theirs, '2032-02-30');
    expect(badDate.status).toBe(400);
    expect(badDate.body.fields?.date).toBeDefined();
    expect((await card(customer, theirs)).status).toBe(403);
    expect((await card(anonymous, theirs)).status).toBe(401);
  });
});
