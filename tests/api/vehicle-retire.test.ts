import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffVehicle } from '#domain/api/vehicles';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { FINALIZE_DETAILS, startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import {
  countBookingRequests,
  countBookings,
  insertBooking,
  insertBookingRequest,
  insertVehicle,
} from '../helpers/rows.ts';

const RETIRED = { error: 'This vehicle has been retired and cannot be booked.' };
const NOT_FOUND = { error: 'Vehicle not found.' };
const day = (n: number) => addDays(todayIso(), n);

describe(`retiring and reinstating vehicles (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
  });
  afterAll(async () => t.close());

  /** A vehicle of agency A with a past booking (its history), picked up at A's first location. */
  async function vehicleWithHistory(): Promise<number> {
    const { db } = t.app.deps;
    const id = await insertVehicle(db, { agency_id: world.agencies.a, make: 'Retro', model: 'Classic' }, [
      world.locations.a1,
    ]);
    await insertBooking(db, {
      customer_id: world.customers.createdByA,
      vehicle_id: id,
      start_date: '2025-01-10',
      end_date: '2025-01-12',
      booking_status: 'completed',
    });
    return id;
  }

  const retire = (id: number, client = clients.agency) =>
    client.post<StaffVehicle & ErrorBody>(`/api/staff-vehicles/${id}/retire/`, {});
  const reinstate = (id: number, client = clients.agency) =>
    client.post<StaffVehicle & ErrorBody>(`/api/staff-vehicles/${id}/reinstate/`, {});
  const publicIds = async () =>
    (await clients.anonymous.get<{ id: number }[]>('/api/public-vehicles/?limit=100')).body.map((v) => v.id);
  const staffIds = async (query = '') =>
    (await clients.agency.get<StaffVehicle[]>(`/api/staff-vehicles/?limit=100${query}`)).body.map((v) => v.id);

  it('retires a vehicle with history: out of the public list and the default staff list, history kept', async () => {
    const id = await vehicleWithHistory();
    expect(await publicIds()).toContain(id);

    const reply = await retire(id);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body.id).toBe(id);
    expect(reply.body.retired_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(await publicIds()).not.toContain(id);
    expect((await clients.anonymous.get(`/api/public-vehicles/${id}/`)).status).toBe(404);
    expect(await staffIds()).not.toContain(id);
    expect(await staffIds('&include_retired=true')).toContain(id);
    const detail = await clients.agency.get<StaffVehicle>(`/api/staff-vehicles/${id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.retired_at).toBe(reply.body.retired_at);
    expect(await countBookings(t.app.deps.db, id)).toBe(1);

    // Retiring again keeps the first date.
    const again = await retire(id, clients.agent);
    expect(again.status).toBe(200);
    expect(again.body.retired_at).toBe(reply.body.retired_at);
  });

  it('returns a retired vehicle to service: listed and bookable again', async () => {
    const id = await vehicleWithHistory();
    await retire(id);
    const reply = await reinstate(id, clients.agent);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body.retired_at).toBeNull();
    expect(await publicIds()).toContain(id);
    expect(await staffIds()).toContain(id);
    const booking = await clients.agency.post('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle: id,
      start_date: day(30),
      end_date: day(31),
    });
    expect(booking.status).toBe(201);
    // Reinstating one in service changes nothing.
    expect((await reinstate(id)).body.retired_at).toBeNull();
  });

  it('refuses a bad include_retired and a bad id (400)', async () => {
    const bad = await clients.agency.get<ErrorBody>('/api/staff-vehicles/?include_retired=maybe');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {})).toEqual(['include_retired']);
    for (const call of [retire, reinstate]) {
      const reply = await clients.agency.post<ErrorBody>('/api/staff-vehicles/abc/retire/', {});
      expect(reply.status).toBe(400);
      expect((await call(999999)).status).toBe(404);
    }
  });

  it('keeps agencies to their own vehicles (404) and refuses anonymous, customers and missing CSRF', async () => {
    const id = await vehicleWithHistory();
    for (const call of [retire, reinstate]) {
      const other = await call(id, clients.agencyB);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(NOT_FOUND);
      expect((await call(id, clients.anonymous)).status).toBe(401);
      expect((await call(id, clients.customer)).status).toBe(403);
      const noCsrf = await clients.agency.post(`/api/staff-vehicles/${id}/retire/`, {}, { withoutCsrf: true });
      expect(noCsrf.status).toBe(403);
    }
    const detail = await clients.agency.get<StaffVehicle>(`/api/staff-vehicles/${id}/`);
    expect(detail.body.retired_at).toBeNull();
    // Staff (the operator) may retire any agency's vehicle.
    expect((await retire(id, clients.staff)).status).toBe(200);
  });

  describe('refusals for a retired vehicle (409)', () => {
    let id: number;
    beforeAll(async () => {
      id = await vehicleWithHistory();
    });

    it('refuses a new staff booking, with the sentence on the vehicle field', async () => {
      await retire(id);
      const reply = await clients.agency.post<ErrorBody>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle: id,
        start_date: day(40),
        end_date: day(41),
      });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ ...RETIRED, fields: { vehicle: [RETIRED.error] } });
      expect(await countBookings(t.app.deps.db, id)).toBe(1);
    });

    it("still edits a booking of a retired vehicle, but won't move a booking onto one", async () => {
      const { db } = t.app.deps;
      const old = await insertBooking(db, {
        customer_id: world.customers.createdByA,
        vehicle_id: id,
        start_date: day(60),
        end_date: day(61),
      });
      const edit = await clients.agency.patch(`/api/bookings/${old}/`, {
        customer: world.customers.createdByA,
        vehicle: id,
        start_date: day(60),
        end_date: day(61),
        notes: 'Kept for its history',
      });
      expect(edit.status).toBe(200);
      const other = await insertBooking(db, {
        customer_id: world.customers.createdByA,
        vehicle_id: world.vehicles.a1,
        start_date: day(70),
        end_date: day(71),
      });
      const moved = await clients.agency.patch<ErrorBody>(`/api/bookings/${other}/`, {
        customer: world.customers.createdByA,
        vehicle: id,
        start_date: day(70),
        end_date: day(71),
      });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toBe(RETIRED.error);
    });

    it("refuses a customer's and a visitor's request", async () => {
      const before = await countBookingRequests(t.app.deps.db, { vehicleId: id });
      const customer = await clients.customer.post<ErrorBody>('/api/booking-requests/', {
        vehicle_id: id,
        start_date: day(80),
        end_date: day(81),
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a1,
      });
      expect(customer.status).toBe(409);
      expect(customer.body).toEqual(RETIRED);
      const visitor = await clients.anonymous.post<ErrorBody>('/api/rentals/booking-requests/', {
        vehicle_id: id,
        first_name: 'Vic',
        last_name: 'Visitor',
        phone_number: '+44 20 7946 0958',
        email: 'vic@example.com',
        start_date: day(80),
        end_date: day(81),
      });
      expect(visitor.status).toBe(409);
      expect(visitor.body).toEqual(RETIRED);
      expect(await countBookingRequests(t.app.deps.db, { vehicleId: id })).toBe(before);
    });

    it('refuses accepting a request made before the vehicle was retired; declining still works', async () => {
      const request = await insertBookingRequest(t.app.deps.db, {
        customer_id: world.customers.own,
        vehicle_id: id,
        start_date: day(90),
        end_date: day(91),
      });
      const accept = await clients.agency.patch<ErrorBody>(`/api/staff-booking-requests/${request}/`, {
        status: 'accepted',
      });
      expect(accept.status).toBe(409);
      expect(accept.body).toEqual(RETIRED);
      const decline = await clients.agency.patch<{ status: string }>(`/api/staff-booking-requests/${request}/`, {
        status: 'declined',
      });
      expect(decline.status).toBe(200);
      expect(decline.body.status).toBe('declined');
    });

    it('refuses confirming a request accepted before the vehicle was retired', async () => {
      const { db } = t.app.deps;
      await db
        .updateTable('customers')
        .set({ drivers_license_key: 'licenses/retire-test', drivers_license_type: 'image/webp' })
        .where('id', '=', world.customers.own)
        .execute();
      const request = await insertBookingRequest(db, {
        customer_id: world.customers.own,
        vehicle_id: id,
        start_date: day(100),
        end_date: day(101),
        status: 'accepted',
      });
      const reply = await clients.customer.post<ErrorBody>(`/api/booking-request/${request}/finalize/`, {
        ...FINALIZE_DETAILS,
        pay_now: false,
      });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual(RETIRED);
      expect(await countBookings(db, id)).toBe(2);
    });
  });
});
