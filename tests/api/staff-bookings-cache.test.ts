import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBooking } from '#domain/api/bookings';
import { buildApp } from '#server/app';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, type TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/**
 * The staff booking list is rendered once per version of what it shows: every change to a
 * booking, or to the customer or vehicle a row shows, must show on the very next read, whoever
 * made it — a route, a direct write, or another server process on the same database.
 */
describe(`staff booking pages kept between reads (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  let booking: number;
  const db = () => t.app.deps.db;

  /** The list as `client` reads it now; read twice, so a page kept from before would be served. */
  const read = async (client: TestClient, query = '') => {
    const reply = await client.get<StaffBooking[]>(`/api/bookings/${query}`);
    expect(reply.status).toBe(200);
    return reply;
  };
  const rowOf = async (client: TestClient, id: number) => (await read(client)).body.find((row) => row.id === id);

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    booking = await rows.insertBooking(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: world.vehicles.a1,
      start_date: '2032-01-10',
    });
  });
  afterAll(async () => t.close());

  it('shows a booking made, edited or removed since the last read', async () => {
    const before = await read(clients.agency);
    await read(clients.staff);
    const made = await clients.agency.post<StaffBooking>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: world.vehicles.a2,
      start_date: '2032-02-01',
      end_date: '2032-02-02',
    });
    expect(made.status).toBe(201);
    const after = await read(clients.agency);
    expect(after.body.map((row) => row.id)).toEqual([made.body.id, ...before.body.map((row) => row.id)]);
    expect(after.headers['x-total-count']).toBe(String(before.body.length + 1));
    expect((await read(clients.staff)).body[0]?.id).toBe(made.body.id);

    await db().updateTable('bookings').set({ notes: 'Child seat' }).where('id', '=', made.body.id).execute();
    expect((await rowOf(clients.agency, made.body.id))?.notes).toBe('Child seat');
    await db().deleteFrom('bookings').where('id', '=', made.body.id).execute();
    expect((await read(clients.agency)).body.map((row) => row.id)).toEqual(before.body.map((row) => row.id));
    expect((await read(clients.staff)).body.map((row) => row.id)).not.toContain(made.body.id);
  });

  it("shows a customer's new name and a vehicle's new registration, also in a search", async () => {
    expect((await rowOf(clients.staff, booking))?.customer_details.first_name).toBe('Alex');
    await read(clients.agency, '?search=renamed');
    const renamed = await clients.agency.multipart('PATCH', `/api/customers/${world.customers.createdByA}/`, {
      first_name: 'Renamed',
    });
    expect(renamed.status).toBe(200);
    expect((await rowOf(clients.staff, booking))?.customer_details.first_name).toBe('Renamed');
    expect((await read(clients.agency, '?search=renamed')).body.map((row) => row.id)).toContain(booking);

    await db()
      .updateTable('customers')
      .set({ phone_number: '+44 7700 900777' })
      .where('id', '=', world.customers.createdByA)
      .execute();
    expect((await rowOf(clients.agency, booking))?.customer_details.phone_number).toBe('+44 7700 900777');

    const vehicle = await clients.agency.multipart('PATCH', `/api/staff-vehicles/${world.vehicles.a1}/`, {
      make: 'Lexus',
    });
    expect(vehicle.status).toBe(200);
    expect((await rowOf(clients.staff, booking))?.vehicle_details.make).toBe('Lexus');
    await db()
      .updateTable('vehicles')
      .set({ registration_number: 'NEW 123' })
      .where('id', '=', world.vehicles.a1)
      .execute();
    expect((await rowOf(clients.agency, booking))?.vehicle_details.registration_number).toBe('NEW 123');
  });

  it("shows another process's writes on the same database at once", async () => {
    const other = await buildApp({ config: t.config });
    try {
      await other.ready();
      const otherStaff = await signedIn(other, 'staff');
      await read(otherStaff);
      await read(clients.staff);
      const made = await otherStaff.post<StaffBooking>('/api/bookings/', {
        customer: world.customers.createdByB,
        vehicle: world.vehicles.b1,
        start_date: '2032-03-01',
        end_date: '2032-03-01',
      });
      expect(made.status).toBe(201);
      expect((await read(clients.staff)).body[0]?.id).toBe(made.body.id);
      await clients.staff.multipart('PATCH', `/api/customers/${world.customers.createdByB}/`, {
        last_name: 'Elsewhere',
      });
      expect((await read(otherStaff)).body.find((row) => row.id === made.body.id)?.customer_details.last_name).toBe(
        'Elsewhere',
      );
    } finally {
      await other.close();
    }
  });

  it("shows an agent, the agency and the operator each other's writes on the next read", async () => {
    // The version each of them is served at is read with their session check (decision 026).
    await Promise.all([read(clients.agent), read(clients.agency), read(clients.staff), read(clients.agencyB)]);
    const made = await clients.agent.post<StaffBooking>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: world.vehicles.a2,
      start_date: '2032-04-01',
      end_date: '2032-04-02',
    });
    expect(made.status).toBe(201);
    for (const client of [clients.agent, clients.agency, clients.staff]) {
      expect((await read(client)).body[0]?.id).toBe(made.body.id);
    }
    expect((await read(clients.agencyB)).body.some((row) => row.id === made.body.id)).toBe(false);
    const { id, customer, vehicle, start_date, end_date } = made.body;
    const edited = await clients.staff.patch<StaffBooking>(`/api/bookings/${id}/`, {
      customer,
      vehicle,
      start_date,
      end_date,
      notes: 'Child seat',
    });
    expect(edited.status).toBe(200);
    expect((await rowOf(clients.agent, id))?.notes).toBe('Child seat');
  });

  it('keeps each scope to its own rows', async () => {
    const ofB = await read(clients.agencyB);
    const ofA = await read(clients.agency);
    expect(ofB.body.every((row) => !ofA.body.some((other) => other.id === row.id))).toBe(true);
    expect((await read(clients.agencyB)).body).toEqual(ofB.body);
  });
});
