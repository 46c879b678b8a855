import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { Migrator } from 'kysely';
import { migrationProvider } from '#server/db/migrate';
import { seedDemo } from '#server/seed/index';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import { agencyLinks, countedTotals, keptTotals } from '../helpers/list-totals.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);

/** What Add Customer needs, for a customer of this name. */
const customerFields = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  phone_number: '+44 7700 900321',
  email: `${first}.${last}@example.com`.toLowerCase(),
  national_id: `NI-${first}`,
  street_address: '1 High Street',
  city: 'Leeds',
  country: 'United Kingdom',
});

/** Every total the database keeps equals a COUNT(*) of what it counts, and every agency link its records. */
async function expectExactTotals(t: TestApp): Promise<void> {
  const db = t.app.deps.db;
  expect(await keptTotals(db)).toEqual(await countedTotals(db));
  const links = await agencyLinks(db);
  expect(links.kept).toEqual(links.counted);
}

/** X-Total-Count of a list call, as a number. */
async function totalOf(client: TestClient, url: string): Promise<number> {
  const reply = await client.get(url);
  expect(reply.status).toBe(200);
  return Number(reply.headers['x-total-count']);
}

describe(`list totals kept by the database (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  const vehicleOf = (agencyId: number) => rows.insertVehicle(db(), { agency_id: agencyId }, []);

  it('are exact for the rows written before any list is read', async () => {
    await expectExactTotals(t);
    expect(await totalOf(clients.staff, '/api/customers/')).toBe(4);
  });

  it('stay exact through a mixed sequence of writes made through the API', async () => {
    const { staff, agency, agencyB, customer, customer2 } = clients;
    const a = await vehicleOf(world.agencies.a);
    const b = await vehicleOf(world.agencies.b);

    const made = await agency.multipart<{ id: number }>('POST', '/api/customers/', customerFields('Lane', 'Counter'));
    expect(made.status).toBe(201);
    const booked = await agency.post<{ id: number }>('/api/bookings/', {
      customer: made.body.id,
      vehicle: a,
      start_date: day(40),
      end_date: day(41),
    });
    expect(booked.status).toBe(201);
    expect(
      (
        await staff.post('/api/bookings/', {
          customer: world.customers.own,
          vehicle: b,
          start_date: day(40),
          end_date: day(40),
        })
      ).status,
    ).toBe(201);

    const requested = await customer.post<{ id: number }>('/api/booking-requests/', {
      vehicle_id: world.vehicles.a1,
      start_date: day(60),
      end_date: day(62),
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a2,
    });
    expect(requested.status).toBe(201);
    const other = await customer2.post<{ id: number }>('/api/booking-requests/', {
      vehicle_id: world.vehicles.b1,
      start_date: day(70),
      end_date: day(71),
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location_id: world.locations.b1,
      dropoff_location_id: world.locations.b1,
    });
    expect(other.status).toBe(201);
    const visitor = await new TestClient(t.app, { remoteAddress: anotherAddress() }).post(
      '/api/rentals/booking-requests/',
      {
        vehicle_id: world.vehicles.b1,
        first_name: 'Vic',
        last_name: 'Visitor',
        phone_number: '+44 20 7946 0958',
        email: 'vic@example.com',
        start_date: day(80),
        end_date: day(81),
      },
    );
    expect(visitor.status).toBe(201);
    await expectExactTotals(t);

    // Reviews move a request between statuses; a finalized request adds a booking.
    expect(
      (await agency.patch(`/api/staff-booking-requests/${requested.body.id}/`, { status: 'accepted' })).status,
    ).toBe(200);
    expect((await agencyB.patch(`/api/staff-booking-requests/${other.body.id}/`, { status: 'declined' })).status).toBe(
      200,
    );
    // Finalizing needs the customer's license on file.
    await db()
      .updateTable('customers')
      .set({ drivers_license_key: 'licenses/casey', drivers_license_type: 'image/webp' })
      .where('id', '=', world.customers.own)
      .execute();
    const finalized = await customer.post(`/api/booking-request/${requested.body.id}/finalize/`, {
      national_id: 'AB123456C',
      street_address: '1 High Street',
      city: 'Leeds',
      country: 'United Kingdom',
      next_of_kin1_first_name: 'Sam',
      next_of_kin1_last_name: 'Customer',
      next_of_kin1_id_number: 'ID-77',
      next_of_kin1_phone: '+44 7700 900999',
    });
    expect(finalized.status).toBe(201);
    await expectExactTotals(t);

    // An edit that moves a booking to another customer and another agency's vehicle.
    const moved = await staff.patch(`/api/bookings/${booked.body.id}/`, {
      customer: world.customers.createdByB,
      vehicle: b,
      start_date: day(90),
      end_date: day(91),
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location: null,
      dropoff_location: null,
      booking_amount: '90.00',
      booking_deposit: '200.00',
      payment_method: 'cash',
      booking_status: 'pending',
      estimated_mileage: null,
      discount_amount: '0.00',
      discount_description: null,
      notes: null,
    });
    expect(moved.status).toBe(200);
    await expectExactTotals(t);

    // Deleting a customer takes their requests with them (decision 007 keeps those with bookings).
    const leaving = await agency.multipart<{ id: number }>(
      'POST',
      '/api/customers/',
      customerFields('Remy', 'Leaving'),
    );
    await rows.insertBookingRequest(db(), {
      customer_id: leaving.body.id,
      vehicle_id: b,
      start_date: day(100),
      end_date: day(101),
    });
    expect((await staff.delete(`/api/customers/${world.customers.createdByB}/`)).status).toBe(409);
    expect((await staff.delete(`/api/customers/${made.body.id}/`)).status).toBe(204);
    expect((await agency.delete(`/api/customers/${leaving.body.id}/`)).status).toBe(204);
    const registered = await new TestClient(t.app, { remoteAddress: anotherAddress() }).post(
      '/api/register/customer/',
      {
        email: 'new.counter@example.com',
        username: 'newcounter',
        phone_number: '+44 7700 900456',
        first_name: 'New',
        last_name: 'Counter',
        password: 'correct horse',
      },
    );
    expect(registered.status).toBe(201);
    await expectExactTotals(t);

    const counted = await countedTotals(db());
    expect(await totalOf(staff, '/api/bookings/')).toBe(
      (counted[`bookings|${world.agencies.a}|`] ?? 0) + (counted[`bookings|${world.agencies.b}|`] ?? 0),
    );
    expect(await totalOf(agencyB, '/api/bookings/')).toBe(counted[`bookings|${world.agencies.b}|`]);
    expect(await totalOf(agency, '/api/customers/')).toBe(counted[`agency-customers|${world.agencies.a}|`]);
    expect(await totalOf(agencyB, '/api/staff-booking-requests/?status=declined')).toBe(1);
    expect(await totalOf(customer, '/api/booking-requests/')).toBe(
      counted[`customer-booking-requests|${world.customers.own}|`],
    );
    expect(await totalOf(customer, '/api/bookings/')).toBe(counted[`customer-bookings|${world.customers.own}|`]);
  });

  it('stay exact through writes that bypass the repositories: updates, deletes and cascades', async () => {
    const c = await vehicleOf(world.agencies.pending);
    const lone = await rows.insertCustomer(db(), { first_name: 'Lone', agency_id: world.agencies.pending });
    const booking = await rows.insertBooking(db(), { customer_id: lone, vehicle_id: c, start_date: day(5) });
    await rows.insertBookingRequest(db(), { customer_id: lone, vehicle_id: c, start_date: day(6), end_date: day(7) });
    await rows.insertBookingRequest(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: c,
      start_date: day(8),
      end_date: day(9),
      status: 'accepted',
    });
    await expectExactTotals(t);

    await db().updateTable('customers').set({ agency_id: world.agencies.b }).where('id', '=', lone).execute();
    await db().updateTable('booking_requests').set({ status: 'declined' }).where('vehicle_id', '=', c).execute();
    await db()
      .updateTable('bookings')
      .set({ customer_id: world.customers.other, agency_id: world.agencies.a })
      .where('id', '=', booking)
      .execute();
    await db().updateTable('customers').set({ agency_id: null }).where('id', '=', world.customers.createdByB).execute();
    await expectExactTotals(t);

    await db().deleteFrom('bookings').where('id', '=', booking).execute();
    // An agency removed with everything it holds: its vehicles, bookings and requests cascade away
    // and its customers are kept without it.
    await db().updateTable('customers').set({ agency_id: world.agencies.pending }).where('id', '=', lone).execute();
    await rows.insertBooking(db(), { customer_id: lone, vehicle_id: c, start_date: day(12) });
    await db().deleteFrom('agencies').where('id', '=', world.agencies.pending).execute();
    expect(await db().selectFrom('bookings').select('id').where('vehicle_id', '=', c).execute()).toEqual([]);
    await expectExactTotals(t);
  });

  it('stay exact under concurrent writers', async () => {
    const vehicles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => vehicleOf(i % 2 ? world.agencies.a : world.agencies.b)),
    );
    const replies = await Promise.all([
      ...vehicles.flatMap((vehicle, i) =>
        Array.from({ length: 4 }, (_, n) =>
          new TestClient(t.app, { remoteAddress: anotherAddress() }).post('/api/rentals/booking-requests/', {
            vehicle_id: vehicle,
            first_name: 'Rush',
            last_name: `Visitor${i}${n}`,
            phone_number: '+44 20 7946 0958',
            email: `rush${i}${n}@example.com`,
            start_date: day(200 + n),
            end_date: day(200 + n),
          }),
        ),
      ),
      ...vehicles.map((vehicle, i) =>
        clients.staff.post<ErrorBody>('/api/bookings/', {
          customer: i % 2 ? world.customers.createdByA : world.customers.own,
          vehicle,
          start_date: day(300),
          end_date: day(301),
        }),
      ),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 201));
    await expectExactTotals(t);
  });

  it('are counted from the existing rows by migration 003', async () => {
    const { dialect } = t.app.deps;
    // Back to before 003 (and whatever came after it), rows written, then every migration again.
    const migrator = new Migrator({ db: db(), provider: migrationProvider(dialect) });
    const before = await keptTotals(db());
    expect((await migrator.migrateTo('002-shared-state')).error).toBeUndefined();
    await rows.insertCustomer(db(), { first_name: 'Before', agency_id: world.agencies.b });
    await rows.insertBooking(db(), {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.b1,
      start_date: day(400),
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await keptTotals(db());
    expect(after[`customers|0|`]).toBe((before[`customers|0|`] ?? 0) + 1);
    expect(after[`bookings|${world.agencies.b}|`]).toBe((before[`bookings|${world.agencies.b}|`] ?? 0) + 1);
    await expectExactTotals(t);
  });
});

describe(`list totals after the demo seed (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are exact', { timeout: 120_000 }, async () => {
    await seedDemo(t.app.deps);
    await expectExactTotals(t);
    expect(Object.keys(await keptTotals(t.app.deps.db)).length).toBeGreaterThan(10);
  });
});
