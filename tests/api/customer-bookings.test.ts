import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerBooking } from '#domain/api/bookings';
import { type ErrorBody, ISO_TIMESTAMP } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/** Every key of the customer shape, and nothing else: no notes, mileage, registration or customer record. */
const CUSTOMER_KEYS = [
  'agency_details',
  'booking_amount',
  'booking_deposit',
  'booking_request',
  'booking_status',
  'created_at',
  'discount_amount',
  'dropoff_address',
  'dropoff_location',
  'dropoff_time',
  'end_date',
  'id',
  'payment_method',
  'pickup_address',
  'pickup_location',
  'pickup_time',
  'quote',
  'start_date',
  'vehicle',
  'vehicle_details',
];

interface StaffBookingBody {
  id: number;
  customer: number;
  customer_details: { first_name: string };
  vehicle_details: { registration_number: string };
  notes: string | null;
  estimated_mileage: number | null;
}

describe(`GET bookings/:id/ and the customer's bookings list (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;
  /** Casey's (the `customer` login) booking of a vehicle of agency A, made by staff with notes. */
  let ownBooking: number;
  /** Casey's booking of agency B's vehicle, confirmed from a booking request. */
  let ownFromRequest: number;
  let requestId: number;
  /** Morgan's (the `customer2` login) booking with agency A. */
  let othersBooking: number;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
    const db = t.app.deps.db;
    await db
      .insertInto('vehicle_images')
      .values([
        {
          vehicle_id: world.vehicles.a1,
          position: 2,
          file_key: 'vehicles/later',
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          vehicle_id: world.vehicles.a1,
          position: 1,
          file_key: 'vehicles/front',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ])
      .execute();

    await db
      .updateTable('locations')
      .set({ address: '1 Station Road, Leeds LS1 4DY' })
      .where('id', '=', world.locations.a1)
      .execute();

    const made = await staff.post<{ id: number }>('/api/bookings/', {
      customer: world.customers.own,
      vehicle: world.vehicles.a1,
      start_date: '2033-03-01',
      end_date: '2033-03-03',
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location: 'Leeds Station',
      dropoff_location: 'York Centre',
      discount_amount: '5.00',
      discount_description: 'Loyal customer',
      estimated_mileage: 420,
      notes: 'Internal: asked twice about insurance',
    });
    expect(made.status).toBe(201);
    ownBooking = made.body.id;

    t.clock.advance(1000);
    requestId = await rows.insertBookingRequest(db, {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.b1,
      start_date: '2033-04-10',
      end_date: '2033-04-12',
      status: 'accepted',
    });
    ownFromRequest = await rows.insertBooking(db, {
      customer_id: world.customers.own,
      vehicle_id: world.vehicles.b1,
      booking_request_id: requestId,
      start_date: '2033-04-10',
      end_date: '2033-04-12',
      payment_method: 'debit_card',
      // Made by the customer themselves (the wizard): the payment method is their choice.
      created_by: world.users.customer,
      created_at: t.clock.now().toISOString(),
    });

    othersBooking = await rows.insertBooking(db, {
      customer_id: world.customers.other,
      vehicle_id: world.vehicles.a2,
      start_date: '2033-05-01',
    });
  });
  afterAll(async () => t.close());

  describe('GET bookings/:id/', () => {
    it('gives a customer their own booking in the customer shape, never cached', async () => {
      const reply = await customer.get<CustomerBooking>(`/api/bookings/${ownBooking}/`);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.body).toEqual({
        id: ownBooking,
        vehicle: world.vehicles.a1,
        vehicle_details: {
          id: world.vehicles.a1,
          make: 'Toyota',
          model: 'Corolla',
          main_image: '/media/vehicles/front-480.webp',
        },
        start_date: '2033-03-01',
        end_date: '2033-03-03',
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location: 'Leeds Station',
        dropoff_location: 'York Centre',
        pickup_address: '1 Station Road, Leeds LS1 4DY',
        dropoff_address: null,
        booking_amount: '130.00',
        booking_deposit: '200.00',
        discount_amount: '5.00',
        // Staff made it: the desk's default method is not the customer's choice.
        payment_method: null,
        booking_status: 'pending',
        booking_request: null,
        agency_details: { name: 'North Drive', phone_number: '+44 20 7946 0000', email: 'northdrive@example.com' },
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        // Staff made it: priced by the quote, which the customer sees line by line (no discount reason).
        quote: {
          plan_version: 1,
          lines: [
            expect.objectContaining({ code: 'rental:base', quantity: 3, unit_amount: '45.00', amount: '135.00' }),
            expect.objectContaining({ code: 'discount', amount: '-5.00' }),
          ],
          total: '130.00',
          extras: [],
        },
      });
    });

    it('leaves staff notes, mileage, registration and the customer record out of the customer shape', async () => {
      const reply = await customer.get<CustomerBooking>(`/api/bookings/${ownBooking}/`);
      expect(Object.keys(reply.body).sort()).toEqual(CUSTOMER_KEYS);
      expect(Object.keys(reply.body.vehicle_details).sort()).toEqual(['id', 'main_image', 'make', 'model']);
      const text = reply.raw.body;
      expect(text).not.toContain('insurance');
      expect(text).not.toContain('Loyal customer');
      expect(text).not.toContain('AA11 AAA');
      expect(text).not.toContain('casey@example.com');
    });

    it('names the request a booking confirmed', async () => {
      const reply = await customer.get<CustomerBooking>(`/api/bookings/${ownFromRequest}/`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        booking_request: requestId,
        payment_method: 'debit_card',
        agency_details: { name: 'South Wheels' },
        pickup_address: null,
        booking_status: 'confirmed',
        vehicle_details: { make: 'Honda', model: 'Civic', main_image: null },
      });
    });

    it('gives the operator, the agency and its agent the staff shape', async () => {
      for (const client of [staff, agency, agent]) {
        const reply = await client.get<StaffBookingBody>(`/api/bookings/${ownBooking}/`);
        expect(reply.status).toBe(200);
        expect(reply.headers['cache-control']).toBe('private, no-store');
        expect(reply.body).toMatchObject({
          id: ownBooking,
          customer: world.customers.own,
          customer_details: { first_name: 'Casey' },
          vehicle_details: { registration_number: 'AA11 AAA' },
          notes: 'Internal: asked twice about insurance',
          estimated_mileage: 420,
          discount_description: 'Loyal customer',
        });
      }
      const ofB = await staff.get<StaffBookingBody>(`/api/bookings/${ownFromRequest}/`);
      expect(ofB.status).toBe(200);
      expect(ofB.body.vehicle_details.registration_number).toBe('BB11 BBB');
    });

    it("answers 404 for another customer's booking and one that does not exist", async () => {
      const others = await customer.get<ErrorBody>(`/api/bookings/${othersBooking}/`);
      expect(others.status).toBe(404);
      expect(others.body).toEqual({ error: 'Booking not found.' });
      const notMine = await customer2.get<ErrorBody>(`/api/bookings/${ownBooking}/`);
      expect(notMine.status).toBe(404);
      expect(notMine.body).toEqual({ error: 'Booking not found.' });
      const missing = await customer.get<ErrorBody>('/api/bookings/999999/');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Booking not found.' });
      expect((await staff.get('/api/bookings/999999/')).status).toBe(404);
    });

    it("answers 404 for another agency's booking", async () => {
      const aOfB = await agency.get<ErrorBody>(`/api/bookings/${ownFromRequest}/`);
      expect(aOfB.status).toBe(404);
      expect(aOfB.body).toEqual({ error: 'Booking not found.' });
      expect((await agent.get(`/api/bookings/${ownFromRequest}/`)).status).toBe(404);
      const bOfA = await agencyB.get<ErrorBody>(`/api/bookings/${ownBooking}/`);
      expect(bOfA.status).toBe(404);
      expect(bOfA.body).toEqual({ error: 'Booking not found.' });
      expect((await agencyB.get(`/api/bookings/${ownFromRequest}/`)).status).toBe(200);
    });

    it.each(['abc', '0', '-1', '1.5'])('refuses the id %s with 400', async (badId) => {
      const reply = await customer.get<ErrorBody>(`/api/bookings/${badId}/`);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/Booking/);
    });

    it('refuses the signed-out with 401', async () => {
      expect((await anonymous.get(`/api/bookings/${ownBooking}/`)).status).toBe(401);
      expect((await anonymous.get('/api/bookings/999999/')).status).toBe(401);
    });
  });

  describe('GET bookings/ for a customer', () => {
    it('lists their own bookings newest first in the customer shape, with the total', async () => {
      const reply = await customer.get<CustomerBooking[]>('/api/bookings/');
      expect(reply.status).toBe(200);
      expect(reply.headers['x-total-count']).toBe('2');
      expect(reply.body.map((booking) => booking.id)).toEqual([ownFromRequest, ownBooking]);
      for (const booking of reply.body) expect(Object.keys(booking).sort()).toEqual(CUSTOMER_KEYS);
      const single = await customer.get<CustomerBooking>(`/api/bookings/${ownBooking}/`);
      expect(reply.body[1]).toEqual(single.body);
      expect(reply.raw.body).not.toContain('insurance');
      expect(reply.raw.body).not.toMatch(/"notes"|registration_number|AA11 AAA|BB11 BBB/);
    });

    it('pages with limit and offset', async () => {
      const page = await customer.get<CustomerBooking[]>('/api/bookings/?limit=1&offset=1');
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe('2');
      expect(page.body.map((booking) => booking.id)).toEqual([ownBooking]);
      const beyond = await customer.get<CustomerBooking[]>('/api/bookings/?limit=1&offset=5');
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('2');
    });

    it('shows another customer only theirs, and keeps staff on the staff shape', async () => {
      const other = await customer2.get<CustomerBooking[]>('/api/bookings/');
      expect(other.body.map((booking) => booking.id)).toEqual([othersBooking]);
      expect(other.headers['x-total-count']).toBe('1');
      const forStaff = await staff.get<StaffBookingBody[]>('/api/bookings/?limit=200');
      const own = forStaff.body.find((booking) => booking.id === ownBooking);
      expect(own).toMatchObject({
        customer_details: { first_name: 'Casey' },
        notes: 'Internal: asked twice about insurance',
      });
    });
  });
});
