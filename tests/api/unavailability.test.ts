import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnavailabilityPeriod, VehicleBooking } from '#domain/api/unavailability';
import type { BookingStatus } from '#domain/constants';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS as address, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Period = UnavailabilityPeriod & ErrorBody;

describe(`unavailability (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  /** A fresh vehicle of agency A, with its pickup point, so each test's dates stand alone. */
  const addVehicle = () =>
    rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a }, [world.locations.a1, world.locations.a2]);

  const block = (client: TestClient, vehicle: number, start: string, end: string, kind = 'maintenance') =>
    client.post<Period>('/api/unavailability/', { vehicle, kind, start_date: start, end_date: end, reason: 'Brakes' });

  const customerRequest = (vehicle: number, start: string, end: string) =>
    customer.post<ErrorBody & { id: number }>('/api/booking-requests/', {
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
    });

  const publicIds = async (query: string) => {
    const reply = await anonymous.get<{ id: number }[]>(`/api/public-vehicles/?limit=500${query}`);
    expect(reply.status).toBe(200);
    return reply.body.map((vehicle) => vehicle.id);
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('creates, lists, edits and deletes a period', async () => {
    const vehicle = await addVehicle();
    const created = await block(agent, vehicle, '2032-01-10', '2032-01-12');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      vehicle,
      agency_id: world.agencies.a,
      kind: 'maintenance',
      start_date: '2032-01-10',
      end_date: '2032-01-12',
      reason: 'Brakes',
      vehicle_details: { id: vehicle },
    });

    const list = await agency.get<Period[]>(`/api/unavailability/?vehicle=${vehicle}`);
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body.map((period) => period.id)).toEqual([created.body.id]);
    const outside = await agency.get<Period[]>(`/api/unavailability/?vehicle=${vehicle}&from=2032-01-13`);
    expect(outside.body).toEqual([]);
    const touching = await staff.get<Period[]>(`/api/unavailability/?from=2032-01-12&to=2032-01-12&limit=500`);
    expect(touching.body.map((period) => period.id)).toContain(created.body.id);

    const edited = await agency.patch<Period>(`/api/unavailability/${created.body.id}/`, {
      vehicle,
      kind: 'damage',
      start_date: '2032-01-11',
      end_date: '2032-01-15',
      reason: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      kind: 'damage',
      start_date: '2032-01-11',
      end_date: '2032-01-15',
      reason: null,
    });

    expect((await agency.delete(`/api/unavailability/${created.body.id}/`)).status).toBeLessThan(300);
    expect((await agency.get<Period[]>(`/api/unavailability/?vehicle=${vehicle}`)).body).toEqual([]);
  });

  it('replays an idempotent POST without a second period', async () => {
    const vehicle = await addVehicle();
    const body = { vehicle, kind: 'reserved', start_date: '2032-02-01', end_date: '2032-02-01' };
    const options = { headers: { 'Idempotency-Key': `unavail-${vehicle}` } };
    const first = await agency.post<Period>('/api/unavailability/', body, options);
    const again = await agency.post<Period>('/api/unavailability/', body, options);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await agency.get(`/api/unavailability/?vehicle=${vehicle}`)).headers['x-total-count']).toBe('1');
  });

  it('refuses bad input with 400 and the field', async () => {
    const vehicle = await addVehicle();
    const backwards = await block(agency, vehicle, '2032-03-10', '2032-03-09');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields?.end_date).toEqual(['End date cannot be before start date.']);
    const kind = await block(agency, vehicle, '2032-03-10', '2032-03-11', 'holiday');
    expect(kind.status).toBe(400);
    expect(kind.body.fields?.kind).toBeDefined();
    const date = await block(agency, vehicle, '2032-02-30', '2032-03-01');
    expect(date.status).toBe(400);
    expect(date.body.fields?.start_date).toBeDefined();
    expect((await agency.get('/api/unavailability/?limit=501')).status).toBe(400);
    expect((await agency.get('/api/unavailability/?from=tomorrow')).status).toBe(400);
  });

  it('keeps agencies apart and refuses customers and visitors', async () => {
    const vehicle = await addVehicle();
    const created = await block(agency, vehicle, '2032-04-01', '2032-04-02');
    expect(created.status).toBe(201);
    const path = `/api/unavailability/${created.body.id}/`;
    const patch = { vehicle, kind: 'other', start_date: '2032-04-01', end_date: '2032-04-03' };

    expect((await agencyB.patch(path, patch)).status).toBe(404);
    expect((await agencyB.delete(path)).status).toBe(404);
    const listB = await agencyB.get<Period[]>('/api/unavailability/?limit=500');
    expect(listB.body.map((period) => period.id)).not.toContain(created.body.id);
    const foreignVehicle = await block(agencyB, vehicle, '2032-04-05', '2032-04-06');
    expect(foreignVehicle.status).toBe(400);
    expect(foreignVehicle.body.fields?.vehicle).toEqual(['Choose a vehicle from your fleet.']);

    expect((await customer.get('/api/unavailability/')).status).toBe(403);
    expect((await block(customer, vehicle, '2032-04-05', '2032-04-06')).status).toBe(403);
    expect((await customer.delete(path)).status).toBe(403);
    expect((await anonymous.get('/api/unavailability/')).status).toBe(401);
    expect((await anonymous.patch(path, patch)).status).toBe(401);

    expect((await staff.patch<Period>(path, patch)).status).toBe(200);
    expect((await agency.get<Period[]>(`/api/unavailability/?vehicle=${vehicle}`)).body[0]?.kind).toBe('other');
  });

  it('refuses bookings and booking requests over a period with 409', async () => {
    const vehicle = await addVehicle();
    expect((await block(agency, vehicle, '2032-05-10', '2032-05-12')).status).toBe(201);
    const message = 'This vehicle is not available from 10/05/2032 to 12/05/2032 (maintenance).';

    const booking = await agency.post<ErrorBody>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: '2032-05-12',
      end_date: '2032-05-14',
    });
    expect(booking.status).toBe(409);
    expect(booking.body.error).toBe(message);
    expect(await rows.countBookings(t.app.deps.db, vehicle)).toBe(0);

    const request = await customerRequest(vehicle, '2032-05-08', '2032-05-10');
    expect(request.status).toBe(409);
    expect(request.body.error).toBe(message);
    const visitor = await anonymous.post<ErrorBody>('/api/rentals/booking-requests/', {
      vehicle_id: vehicle,
      start_date: '2032-05-11',
      end_date: '2032-05-11',
      first_name: 'Val',
      last_name: 'Visitor',
      phone_number: '+44 7700 900123',
      email: 'val@example.com',
    });
    expect(visitor.status).toBe(409);
    expect(visitor.body.error).toBe(message);

    // Days next to the period are free.
    const free = await agency.post<{ id: number; [key: string]: unknown }>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: '2032-05-13',
      end_date: '2032-05-14',
    });
    expect(free.status).toBe(201);
    const moved = await agency.patch<ErrorBody>(`/api/bookings/${free.body.id}/`, {
      customer: world.customers.createdByA,
      vehicle,
      start_date: '2032-05-12',
      end_date: '2032-05-14',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe(message);
  });

  it("refuses a period over an accepted request's hold, naming the request, and the request is confirmed", async () => {
    await t.app.deps.db
      .updateTable('customers')
      .set({ drivers_license_key: 'licenses/casey', drivers_license_type: 'image/webp' })
      .where('id', '=', world.customers.own)
      .execute();
    const vehicle = await addVehicle();
    const request = await customerRequest(vehicle, '2032-06-01', '2032-06-03');
    expect(request.status).toBe(201);
    expect((await staff.patch(`/api/staff-booking-requests/${request.body.id}/`, { status: 'accepted' })).status).toBe(
      200,
    );
    const blocked = await block(agency, vehicle, '2032-06-03', '2032-06-04', 'damage');
    expect(blocked.status).toBe(409);
    expect((blocked.body as ErrorBody).error).toMatch(
      new RegExp(
        `^Booking request #${request.body.id} \\(Casey Customer\\) holds this vehicle from 1 Jun to 3 Jun until `,
      ),
    );
    const finalize = await customer.post<ErrorBody>(`/api/booking-request/${request.body.id}/finalize/`, address);
    expect(finalize.status).toBe(201);
    expect(await rows.countBookings(t.app.deps.db, vehicle)).toBe(1);
  });

  it('refuses to accept a request whose dates a period now blocks, and lets it be declined', async () => {
    const vehicle = await addVehicle();
    const request = await customerRequest(vehicle, '2032-06-10', '2032-06-12');
    expect(request.status).toBe(201);
    expect((await block(agency, vehicle, '2032-06-12', '2032-06-13', 'damage')).status).toBe(201);
    const path = `/api/staff-booking-requests/${request.body.id}/`;
    const accept = await agent.patch<ErrorBody>(path, { status: 'accepted' });
    expect(accept.status).toBe(409);
    expect(accept.body.error).toBe('This vehicle is not available from 12/06/2032 to 13/06/2032 (damage).');
    const unchanged = await agent.get<{ status: string }>(path);
    expect(unchanged.body.status).toBe('pending');
    expect((await agent.patch(path, { status: 'declined', staff_notes: 'The car is in for repair.' })).status).toBe(
      200,
    );
  });

  it('refuses a period over a booking that holds the vehicle, naming it', async () => {
    const vehicle = await addVehicle();
    const bookingId = await rows.insertBooking(t.app.deps.db, {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicle,
      start_date: '2032-07-05',
      end_date: '2032-07-07',
    });
    const clash = await block(agency, vehicle, '2032-07-07', '2032-07-09');
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe(`This vehicle is booked from 05/07/2032 to 07/07/2032 (booking #${bookingId}).`);

    const later = await block(agency, vehicle, '2032-07-08', '2032-07-09');
    expect(later.status).toBe(201);
    const moved = await agency.patch<Period>(`/api/unavailability/${later.body.id}/`, {
      vehicle,
      kind: 'maintenance',
      start_date: '2032-07-06',
      end_date: '2032-07-09',
    });
    expect(moved.status).toBe(409);

    // A cancelled booking holds nothing.
    await rows.insertBooking(t.app.deps.db, {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicle,
      start_date: '2032-07-20',
      end_date: '2032-07-21',
      booking_status: 'cancelled',
    });
    expect((await block(agency, vehicle, '2032-07-20', '2032-07-20')).status).toBe(201);
  });

  it('filters the public list by availability, fresh after every change', async () => {
    const vehicle = await addVehicle();
    const range = '&available_from=2032-08-10&available_to=2032-08-12';
    const all = await publicIds('');
    expect(all).toContain(vehicle);
    expect(await publicIds(range)).toContain(vehicle);

    const period = await block(agency, vehicle, '2032-08-12', '2032-08-15');
    expect(period.status).toBe(201);
    expect(await publicIds(range)).not.toContain(vehicle);
    expect(await publicIds('&available_from=2032-08-16&available_to=2032-08-20')).toContain(vehicle);
    // The unfiltered list, cached, is not changed by the filtered one.
    expect(await publicIds('')).toEqual(all);

    expect((await agency.delete(`/api/unavailability/${period.body.id}/`)).status).toBeLessThan(300);
    expect(await publicIds(range)).toContain(vehicle);
    const bookingId = await rows.insertBooking(t.app.deps.db, {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicle,
      start_date: '2032-08-09',
      end_date: '2032-08-10',
    });
    expect(await publicIds(range)).not.toContain(vehicle);
    await t.app.deps.db
      .updateTable('bookings')
      .set({ booking_status: 'cancelled' })
      .where('id', '=', bookingId)
      .execute();
    expect(await publicIds(range)).toContain(vehicle);

    const filtered = await anonymous.get(`/api/public-vehicles/?limit=500${range}`);
    const unfiltered = await anonymous.get('/api/public-vehicles/?limit=500');
    expect(filtered.headers.etag).toBeDefined();
    expect(filtered.headers['x-total-count']).toBe(unfiltered.headers['x-total-count']);

    const half = await anonymous.get<ErrorBody>('/api/public-vehicles/?available_from=2032-08-10');
    expect(half.status).toBe(400);
    const backwards = await anonymous.get<ErrorBody>(
      '/api/public-vehicles/?available_from=2032-08-10&available_to=2032-08-09',
    );
    expect(backwards.status).toBe(400);
  });

  describe('GET staff-vehicles/{id}/bookings/ (the calendar)', () => {
    type Bookings = VehicleBooking[] & ErrorBody;
    const bookingsOf = (client: TestClient, vehicle: number, query: string) =>
      client.get<Bookings>(`/api/staff-vehicles/${vehicle}/bookings/?${query}`);

    it("lists the vehicle's bookings touching the range, cancelled ones left out, privately", async () => {
      const vehicle = await addVehicle();
      const other = await addVehicle();
      const insert = (vehicle_id: number, start_date: string, end_date: string, status: BookingStatus = 'confirmed') =>
        rows.insertBooking(t.app.deps.db, {
          customer_id: world.customers.createdByA,
          vehicle_id,
          start_date,
          end_date,
          booking_status: status,
        });
      const before = await insert(vehicle, '2033-02-27', '2033-03-02');
      const inside = await insert(vehicle, '2033-03-10', '2033-03-12');
      await insert(vehicle, '2033-03-15', '2033-03-16', 'cancelled');
      await insert(vehicle, '2033-04-01', '2033-04-03');
      await insert(other, '2033-03-10', '2033-03-12');

      const reply = await bookingsOf(agent, vehicle, 'from=2033-03-01&to=2033-03-31');
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.body.map((booking) => booking.id)).toEqual([before, inside]);
      expect(reply.body[1]).toMatchObject({
        id: inside,
        start_date: '2033-03-10',
        end_date: '2033-03-12',
        status: 'confirmed',
      });
      expect(reply.body[1]?.customer_name).toMatch(/\S/);
      expect((await bookingsOf(staff, vehicle, 'from=2033-03-01&to=2033-03-31')).body).toHaveLength(2);
      expect((await bookingsOf(agency, vehicle, 'from=2033-05-01&to=2033-05-31')).body).toEqual([]);
    });

    it('refuses bad ranges with a 400 naming the field', async () => {
      const vehicle = await addVehicle();
      for (const query of [
        '',
        'from=2033-03-01',
        'from=2033-03-01&to=soon',
        'from=2033-03-31&to=2033-03-01',
        'from=2033-01-01&to=2033-06-30',
      ]) {
        const reply = await bookingsOf(agency, vehicle, query);
        expect(reply.status, query).toBe(400);
        expect(reply.body.error, query).toEqual(expect.any(String));
        expect(Object.keys(reply.body.fields ?? {}).length, query).toBeGreaterThan(0);
      }
      expect(
        (await agency.get<ErrorBody>('/api/staff-vehicles/abc/bookings/?from=2033-03-01&to=2033-03-31')).status,
      ).toBe(400);
    });

    it("refuses customers, visitors and another agency's vehicle", async () => {
      const vehicle = await addVehicle();
      const range = 'from=2033-03-01&to=2033-03-31';
      expect((await bookingsOf(customer, vehicle, range)).status).toBe(403);
      expect((await bookingsOf(anonymous, vehicle, range)).status).toBe(401);
      const foreign = await bookingsOf(agencyB, vehicle, range);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('Vehicle not found.');
      expect((await bookingsOf(agency, 999_999, range)).status).toBe(404);
    });
  });
});
