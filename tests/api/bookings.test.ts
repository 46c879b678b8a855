import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '#domain/constants';
import { type ErrorBody, ISO_TIMESTAMP } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

interface StaffBooking {
  id: number;
  customer: number;
  vehicle: number;
  booking_amount: string;
  booking_status: string;
  created_at: string;
  [key: string]: unknown;
}

describe(`bookings (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;

  /** A fresh vehicle, so a test's dates never collide with another test's. */
  const addVehicle = (agencyId: number, pricePerDay = 4500, deposit = 20000) =>
    rows.insertVehicle(t.app.deps.db, { agency_id: agencyId, price_per_day: pricePerDay, deposit });

  /** A booking written straight to the database, e.g. in a status staff cannot pick on creation. */
  const insertBooking = (
    vehicleId: number,
    customerId: number,
    startDate: string,
    endDate: string,
    status: BookingStatus,
  ) =>
    rows.insertBooking(t.app.deps.db, {
      vehicle_id: vehicleId,
      customer_id: customerId,
      start_date: startDate,
      end_date: endDate,
      booking_status: status,
    });

  const countBookings = (vehicleId: number) => rows.countBookings(t.app.deps.db, vehicleId);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  describe('POST bookings/', () => {
    it('creates a booking priced at days × price − discount, with the defaults', async () => {
      const reply = await staff.post<StaffBooking>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle: world.vehicles.a1,
        start_date: '2031-03-01',
        end_date: '2031-03-03',
        discount_amount: '10.00',
        discount_description: 'Loyalty',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        customer: world.customers.createdByA,
        vehicle: world.vehicles.a1,
        customer_details: {
          id: world.customers.createdByA,
          first_name: 'Alex',
          last_name: 'Customer',
          email: 'alex@example.com',
          phone_number: '+44 7700 900123',
        },
        vehicle_details: {
          id: world.vehicles.a1,
          make: 'Toyota',
          model: 'Corolla',
          registration_number: 'AA11 AAA',
        },
        start_date: '2031-03-01',
        end_date: '2031-03-03',
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location: null,
        dropoff_location: null,
        booking_amount: '125.00',
        booking_deposit: '200.00',
        payment_method: 'cash',
        booking_status: 'pending',
        estimated_mileage: null,
        discount_amount: '10.00',
        discount_description: 'Loyalty',
        notes: null,
        booking_request: null,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        pickup_location_id: null,
        dropoff_location_id: null,
        driver_age: null,
        quote: {
          plan_version: expect.any(Number),
          lines: [
            {
              kind: 'rental',
              code: 'rental:base',
              label: 'Base rate (3 days)',
              quantity: 3,
              unit_amount: '45.00',
              amount: '135.00',
              quoted_amount: null,
              override_reason: null,
            },
            {
              kind: 'discount',
              code: 'discount',
              label: 'Discount',
              quantity: 1,
              unit_amount: '-10.00',
              amount: '-10.00',
              quoted_amount: null,
              override_reason: null,
            },
          ],
          total: '125.00',
          extras: [],
        },
      });
      const row = await t.app.deps.db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', reply.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        booking_amount: 12500,
        booking_deposit: 20000,
        discount_amount: 1000,
        agency_id: world.agencies.a,
        created_by: world.users.staff,
      });
    });

    it('takes a given amount, deposit and the other fields as they are', async () => {
      const vehicle = await addVehicle(world.agencies.a);
      const reply = await staff.post<StaffBooking>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle,
        start_date: '2031-04-01',
        end_date: '2031-04-01',
        pickup_time: '07:30',
        dropoff_time: '21:15',
        pickup_location: 'Leeds Station',
        dropoff_location: 'York Centre',
        booking_amount: '300',
        booking_deposit: 50.5,
        payment_method: 'mobile transfer',
        booking_status: 'confirmed',
        estimated_mileage: '250',
        discount_amount: '20',
        notes: 'Child seat',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        start_date: '2031-04-01',
        end_date: '2031-04-01',
        pickup_time: '07:30',
        dropoff_time: '21:15',
        pickup_location: 'Leeds Station',
        dropoff_location: 'York Centre',
        booking_amount: '300.00',
        booking_deposit: '50.50',
        payment_method: 'mobile transfer',
        booking_status: 'confirmed',
        estimated_mileage: 250,
        discount_amount: '20.00',
        notes: 'Child seat',
      });
    });

    it('lets agency and agent users book their own fleet for their customers', async () => {
      const vehicle = await addVehicle(world.agencies.a, 6000, 10000);
      const byAgency = await agency.post<StaffBooking>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle,
        start_date: '2031-05-01',
        end_date: '2031-05-02',
      });
      expect(byAgency.status).toBe(201);
      expect(byAgency.body).toMatchObject({ booking_amount: '120.00', booking_deposit: '100.00' });
      const byAgent = await agent.post<StaffBooking>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle,
        start_date: '2031-05-03',
        end_date: '2031-05-03',
      });
      expect(byAgent.status).toBe(201);
      expect(byAgent.body.booking_amount).toBe('60.00');
      const row = await t.app.deps.db
        .selectFrom('bookings')
        .select('created_by')
        .where('id', '=', byAgent.body.id)
        .executeTakeFirstOrThrow();
      expect(row.created_by).toBe(world.users.agentA);
    });

    it("refuses another agency's vehicle and customer with field errors", async () => {
      const vehicleOfA = await agencyB.post<ErrorBody>('/api/bookings/', {
        customer: world.customers.createdByB,
        vehicle: world.vehicles.a1,
        start_date: '2031-06-01',
        end_date: '2031-06-02',
      });
      expect(vehicleOfA.status).toBe(400);
      expect(vehicleOfA.body).toEqual({
        error: 'Choose a vehicle from your fleet.',
        fields: { vehicle: ['Choose a vehicle from your fleet.'] },
      });
      const customerOfA = await agencyB.post<ErrorBody>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle: world.vehicles.b1,
        start_date: '2031-06-01',
        end_date: '2031-06-02',
      });
      expect(customerOfA.status).toBe(400);
      expect(customerOfA.body.fields).toEqual({ customer: ['Choose a customer from your customer list.'] });
      expect(await countBookings(world.vehicles.b1)).toBe(0);
    });

    it('refuses a vehicle or customer that does not exist', async () => {
      const reply = await staff.post<ErrorBody>('/api/bookings/', {
        customer: 999_999,
        vehicle: 999_999,
        start_date: '2031-06-01',
        end_date: '2031-06-02',
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'Please correct the 2 highlighted fields.',
        fields: {
          vehicle: ['Choose a vehicle from your fleet.'],
          customer: ['Choose a customer from your customer list.'],
        },
      });
    });

    it('refuses a discount larger than the rental price', async () => {
      const reply = await staff.post<ErrorBody>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle: world.vehicles.a2,
        start_date: '2031-07-01',
        end_date: '2031-07-02',
        discount_amount: '90.01',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual({
        discount_amount: ['The discount is more than the rental.'],
      });
      expect(await countBookings(world.vehicles.a2)).toBe(0);
    });

    it.each([
      ['end before start', { start_date: '2031-08-05', end_date: '2031-08-04' }, 'end_date'],
      ['a bad time', { pickup_time: '25:00' }, 'pickup_time'],
      ['a bad payment method', { payment_method: 'cheque' }, 'payment_method'],
      ['status archived', { booking_status: 'archived' }, 'booking_status'],
      ['status completed on creation', { booking_status: 'completed' }, 'booking_status'],
      ['a negative estimated mileage', { estimated_mileage: -5 }, 'estimated_mileage'],
      ['a negative amount', { booking_amount: '-10' }, 'booking_amount'],
      ['a bad date', { start_date: '2031-02-30' }, 'start_date'],
      ['no customer', { customer: undefined }, 'customer'],
      ['no vehicle', { vehicle: null }, 'vehicle'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const reply = await staff.post<ErrorBody>('/api/bookings/', {
        customer: world.customers.createdByA,
        vehicle: world.vehicles.a2,
        start_date: '2031-08-01',
        end_date: '2031-08-02',
        ...change,
      });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
      expect(await countBookings(world.vehicles.a2)).toBe(0);
    });

    it('refuses the signed-out (401), customers (403) and a missing CSRF token (403)', async () => {
      const body = {
        customer: world.customers.own,
        vehicle: world.vehicles.a2,
        start_date: '2031-08-01',
        end_date: '2031-08-02',
      };
      expect((await anonymous.post('/api/bookings/', body)).status).toBe(401);
      expect((await customer.post('/api/bookings/', body)).status).toBe(403);
      const noCsrf = await staff.post<ErrorBody>('/api/bookings/', body, { withoutCsrf: true });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.error).toContain('CSRF');
      expect(await countBookings(world.vehicles.a2)).toBe(0);
    });

    it('refuses overlapping dates with 409, inclusively, and ignores cancelled bookings', async () => {
      const vehicle = await addVehicle(world.agencies.a);
      const book = (start: string, end: string) =>
        staff.post<ErrorBody & StaffBooking>('/api/bookings/', {
          customer: world.customers.createdByA,
          vehicle,
          start_date: start,
          end_date: end,
        });
      expect((await book('2031-09-05', '2031-09-10')).status).toBe(201);

      const touching = await book('2031-09-10', '2031-09-12');
      expect(touching.status).toBe(409);
      const message = 'This vehicle is already booked from 05/09/2031 to 10/09/2031.';
      expect(touching.body).toEqual({ error: message, fields: { start_date: [message] } });
      expect((await book('2031-09-01', '2031-09-05')).status).toBe(409);
      expect((await book('2031-09-06', '2031-09-07')).status).toBe(409);
      expect((await book('2031-09-01', '2031-09-30')).status).toBe(409);
      expect((await book('2031-09-11', '2031-09-12')).status).toBe(201);
      expect((await book('2031-09-04', '2031-09-04')).status).toBe(201);

      await insertBooking(vehicle, world.customers.createdByA, '2031-10-01', '2031-10-05', 'cancelled');
      await insertBooking(vehicle, world.customers.createdByA, '2031-10-06', '2031-10-08', 'completed');
      expect((await book('2031-10-01', '2031-10-08')).status).toBe(201);

      await insertBooking(vehicle, world.customers.createdByA, '2031-11-01', '2031-11-05', 'active');
      expect((await book('2031-11-05', '2031-11-06')).status).toBe(409);
      expect(await countBookings(vehicle)).toBe(7);
    });

    it('books a vehicle exactly once when 20 staff requests for the same dates arrive together', async () => {
      const vehicle = await addVehicle(world.agencies.a);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          staff.post<ErrorBody>('/api/bookings/', {
            customer: world.customers.createdByA,
            vehicle,
            start_date: '2031-12-20',
            end_date: '2031-12-27',
          }),
        ),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      for (const reply of replies.filter((r) => r.status === 409)) {
        expect(reply.body.error).toBe('This vehicle is already booked from 20/12/2031 to 27/12/2031.');
      }
      expect(await countBookings(vehicle)).toBe(1);
    });
  });

  describe('GET bookings/', () => {
    let vehicleA: number;
    let vehicleB: number;
    let ids: { a: number[]; b: number[]; own: number[] };

    beforeAll(async () => {
      vehicleA = await addVehicle(world.agencies.a);
      vehicleB = await addVehicle(world.agencies.b);
      ids = { a: [], b: [], own: [] };
      const book = async (client: TestClient, customerId: number, vehicle: number, day: number) => {
        t.clock.advance(1000);
        const reply = await client.post<StaffBooking>('/api/bookings/', {
          customer: customerId,
          vehicle,
          start_date: `2032-01-${String(day).padStart(2, '0')}`,
          end_date: `2032-01-${String(day).padStart(2, '0')}`,
        });
        expect(reply.status).toBe(201);
        return reply.body.id;
      };
      ids.a.push(await book(agency, world.customers.createdByA, vehicleA, 1));
      ids.b.push(await book(agencyB, world.customers.createdByB, vehicleB, 2));
      ids.own.push(await book(staff, world.customers.own, vehicleA, 3));
      ids.a.push(ids.own[0] ?? 0);
      ids.b.push(await book(staff, world.customers.own, vehicleB, 4));
      ids.own.push(ids.b[1] ?? 0);
      ids.a.push(await book(agent, world.customers.createdByA, vehicleA, 5));
    });

    it("gives the operator every agency's bookings, newest first, with the total", async () => {
      const reply = await staff.get<StaffBooking[]>('/api/bookings/');
      expect(reply.status).toBe(200);
      const all = await t.app.deps.db
        .selectFrom('bookings')
        .select('id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(reply.headers['x-total-count']).toBe(String(all.length));
      expect(reply.body.map((b) => b.id)).toEqual(all.map((b) => b.id));
      expect(reply.body.slice(0, 5).map((b) => b.id)).toEqual([ids.a[2], ids.b[1], ids.own[0], ids.b[0], ids.a[0]]);
      const first = reply.body[0];
      expect(first).toMatchObject({
        customer_details: { first_name: 'Alex', last_name: 'Customer' },
        vehicle_details: { make: 'Skoda', model: 'Octavia' },
        booking_amount: '45.00',
        booking_deposit: '200.00',
      });
    });

    it("limits agency and agent users to their agency's bookings", async () => {
      const forAgency = await agency.get<StaffBooking[]>('/api/bookings/?limit=200');
      const rowsOfA = await t.app.deps.db
        .selectFrom('bookings')
        .select('id')
        .where('agency_id', '=', world.agencies.a)
        .execute();
      expect(forAgency.headers['x-total-count']).toBe(String(rowsOfA.length));
      expect(forAgency.body.map((b) => b.id).sort((x, y) => x - y)).toEqual(
        rowsOfA.map((b) => b.id).sort((x, y) => x - y),
      );
      expect(forAgency.body.slice(0, 3).map((b) => b.id)).toEqual([ids.a[2], ids.a[1], ids.a[0]]);
      const forAgent = await agent.get<StaffBooking[]>('/api/bookings/?limit=200');
      expect(forAgent.body.map((b) => b.id)).toEqual(forAgency.body.map((b) => b.id));
      const forB = await agencyB.get<StaffBooking[]>('/api/bookings/');
      expect(forB.headers['x-total-count']).toBe('2');
      expect(forB.body.map((b) => b.id)).toEqual([ids.b[1], ids.b[0]]);
    });

    it('gives a customer only their own bookings', async () => {
      // The customer shape has no customer field: the ids alone show whose bookings these are.
      const own = await customer.get<{ id: number }[]>('/api/bookings/');
      expect(own.status).toBe(200);
      expect(own.headers['x-total-count']).toBe('2');
      expect(own.body.map((b) => b.id)).toEqual([ids.own[1], ids.own[0]]);
      const other = await customer2.get<StaffBooking[]>('/api/bookings/');
      expect(other.body).toEqual([]);
      expect(other.headers['x-total-count']).toBe('0');
    });

    it('pages with limit and offset', async () => {
      const all = await staff.get<StaffBooking[]>('/api/bookings/?limit=200');
      const page = await staff.get<StaffBooking[]>('/api/bookings/?limit=2&offset=1');
      expect(page.status).toBe(200);
      expect(page.body.map((b) => b.id)).toEqual(all.body.slice(1, 3).map((b) => b.id));
      expect(page.headers['x-total-count']).toBe(all.headers['x-total-count']);
    });

    it.each(['limit=0', 'limit=201', 'limit=abc', 'offset=-1'])('refuses %s with 400', async (query) => {
      const reply = await staff.get<ErrorBody>(`/api/bookings/?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/Limit|Offset/);
    });

    it('refuses the signed-out with 401', async () => {
      expect((await anonymous.get('/api/bookings/')).status).toBe(401);
    });
  });

  describe('GET bookings/customer/:id/', () => {
    let vehicleA: number;
    let vehicleB: number;
    let bookingA: number;
    let bookingB: number;

    beforeAll(async () => {
      vehicleA = await addVehicle(world.agencies.a);
      vehicleB = await addVehicle(world.agencies.b);
      const make = async (vehicle: number, start: string, end: string) => {
        t.clock.advance(1000);
        const reply = await staff.post<StaffBooking>('/api/bookings/', {
          customer: world.customers.other,
          vehicle,
          start_date: start,
          end_date: end,
          estimated_mileage: 320,
          payment_method: 'debit_card',
        });
        expect(reply.status).toBe(201);
        return reply.body.id;
      };
      bookingA = await make(vehicleA, '2032-02-01', '2032-02-03');
      bookingB = await make(vehicleB, '2032-02-10', '2032-02-10');
    });

    it("gives the operator the customer's whole history, newest first", async () => {
      const reply = await staff.get('/api/bookings/customer/' + world.customers.other + '/');
      expect(reply.status).toBe(200);
      expect(reply.headers['x-total-count']).toBe('2');
      expect(reply.body).toEqual([
        {
          id: bookingB,
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          start_date: '2032-02-10',
          end_date: '2032-02-10',
          booking_amount: '45.00',
          estimated_mileage: 320,
          payment_method: 'debit_card',
          booking_status: 'pending',
          vehicle_details: { id: vehicleB, make: 'Skoda', model: 'Octavia', registration_number: expect.any(String) },
        },
        {
          id: bookingA,
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          start_date: '2032-02-01',
          end_date: '2032-02-03',
          booking_amount: '135.00',
          estimated_mileage: 320,
          payment_method: 'debit_card',
          booking_status: 'pending',
          vehicle_details: { id: vehicleA, make: 'Skoda', model: 'Octavia', registration_number: expect.any(String) },
        },
      ]);
    });

    it('shows an agency only the bookings made with it', async () => {
      const forA = await agency.get<{ id: number }[]>(`/api/bookings/customer/${world.customers.other}/`);
      expect(forA.status).toBe(200);
      expect(forA.body.map((b) => b.id)).toEqual([bookingA]);
      expect(forA.headers['x-total-count']).toBe('1');
      const forB = await agencyB.get<{ id: number }[]>(`/api/bookings/customer/${world.customers.other}/`);
      expect(forB.body.map((b) => b.id)).toEqual([bookingB]);
    });

    it('answers 404 for a customer the caller may not see, or that does not exist', async () => {
      const notTheirs = await agencyB.get(`/api/bookings/customer/${world.customers.createdByA}/`);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body).toEqual({ error: 'Customer not found.' });
      const missing = await staff.get('/api/bookings/customer/999999/');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Customer not found.' });
    });

    it('refuses a bad id (400), the signed-out (401) and customers (403)', async () => {
      expect((await staff.get('/api/bookings/customer/abc/')).status).toBe(400);
      expect((await anonymous.get(`/api/bookings/customer/${world.customers.own}/`)).status).toBe(401);
      expect((await customer.get(`/api/bookings/customer/${world.customers.own}/`)).status).toBe(403);
    });
  });
});
