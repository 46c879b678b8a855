import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '#domain/constants';
import { addDays, todayIso } from '#domain/dates';
import { type ErrorBody, ISO_TIMESTAMP } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, type TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

interface RequestBody {
  id: number;
  customer: number | null;
  status: string;
  has_booking: boolean;
  booking_id: number | null;
  created_at: string;
  [key: string]: unknown;
}

interface FinalizeReply {
  booking_id: number;
  booking: Record<string, unknown> & { id: number };
}

/** A date `n` days from today, so requests are never in the past. */
const day = (n: number) => addDays(todayIso(), n);
const britishDate = (iso: string) => iso.split('-').reverse().join('/');

const address = { ...FINALIZE_DETAILS, address_line2: 'Flat 2' };

/** The quote a request of `days` days at £45.00 stores when its agency has no price list (issue 21). */
const plainQuote = (days: number) => ({
  plan_version: expect.any(Number),
  lines: [
    {
      kind: 'rental',
      code: 'rental:base',
      label: `Base rate (${days} days)`,
      quantity: days,
      unit_amount: '45.00',
      amount: `${45 * days}.00`,
      quoted_amount: null,
      override_reason: null,
    },
  ],
  total: `${45 * days}.00`,
  extras: [],
});

describe(`booking requests (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;

  /** A fresh vehicle of agency A with both of A's pickup locations, or of another agency without any. */
  const addVehicle = (agencyId?: number) =>
    rows.insertVehicle(
      t.app.deps.db,
      { agency_id: agencyId ?? world.agencies.a, make: 'Mazda', model: 'CX-5', price_per_day: 5000, deposit: 30000 },
      agencyId === undefined ? [world.locations.a1, world.locations.a2] : [],
    );

  const insertBooking = (vehicleId: number, startDate: string, endDate: string, status: BookingStatus) =>
    rows.insertBooking(t.app.deps.db, {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicleId,
      start_date: startDate,
      end_date: endDate,
      booking_status: status,
    });

  const customerRequest = (client: TestClient, vehicle: number, start: string, end: string, extra = {}) =>
    client.post<RequestBody & ErrorBody>('/api/booking-requests/', {
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a2,
      ...extra,
    });

  const countRequests = (vehicleId: number) => rows.countBookingRequests(t.app.deps.db, { vehicleId });

  const setLicence = (customerId: number, key: string | null) =>
    t.app.deps.db
      .updateTable('customers')
      .set({ drivers_license_key: key, drivers_license_type: key ? 'image/webp' : null })
      .where('id', '=', customerId)
      .execute();

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
    await t.app.deps.db
      .insertInto('vehicle_images')
      .values([
        {
          vehicle_id: world.vehicles.a1,
          position: 2,
          file_key: 'vehicles/second',
          created_at: '2026-01-01T00:00:00.000Z',
        },
        {
          vehicle_id: world.vehicles.a1,
          position: 1,
          file_key: 'vehicles/first',
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ])
      .execute();
  });
  afterAll(async () => t.close());

  describe('POST booking-requests/ (customer)', () => {
    /** A vehicle no test here books, so refusals can prove no row was written. */
    let spare: number;
    beforeAll(async () => {
      spare = await addVehicle();
    });

    it('creates a pending request and answers with the customer view', async () => {
      const reply = await customerRequest(customer, world.vehicles.a1, day(10), day(12), { message: 'Roof rack?' });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        customer: world.customers.own,
        customer_details: {
          first_name: 'Casey',
          last_name: 'Customer',
          email: 'casey@example.com',
          phone_number: '+44 7700 900123',
        },
        vehicle: world.vehicles.a1,
        vehicle_details: {
          id: world.vehicles.a1,
          make: 'Toyota',
          model: 'Corolla',
          price_per_day: '45.00',
          deposit: '200.00',
          main_image: '/media/vehicles/first-480.webp',
        },
        start_date: day(10),
        end_date: day(12),
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location: { id: world.locations.a1, name: 'Leeds Station' },
        dropoff_location: { id: world.locations.a2, name: 'York Centre' },
        message: 'Roof rack?',
        status: 'pending',
        has_booking: false,
        booking_id: null,
        hold_until: null,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        deposit: '200.00',
        driver_age: null,
        quote: plainQuote(3),
      });
      const row = await t.app.deps.db
        .selectFrom('booking_requests')
        .selectAll()
        .where('id', '=', reply.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        customer_id: world.customers.own,
        agency_id: world.agencies.a,
        is_reviewed: 0,
        first_name: null,
        email: null,
      });
    });

    it.each([
      ['a start in the past', { start_date: day(-1), end_date: day(2) }, 'start_date'],
      ['an end before the start', { start_date: day(5), end_date: day(4) }, 'end_date'],
      ['a bad time', { pickup_time: '9am' }, 'pickup_time'],
      ['no dropoff time', { dropoff_time: undefined }, 'dropoff_time'],
      ['no pickup location', { pickup_location_id: undefined }, 'pickup_location_id'],
      ['a bad date', { end_date: 'tomorrow' }, 'end_date'],
      ['a pickup location of another vehicle', { pickup_location_id: 999_999 }, 'pickup_location_id'],
      ['a dropoff location of another agency', { dropoff_location_id: -1 }, 'dropoff_location_id'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const reply = await customerRequest(customer, spare, day(20), day(21), change);
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
      expect(await countRequests(spare)).toBe(0);
    });

    it("refuses locations that are not the vehicle's pickup locations", async () => {
      const reply = await customerRequest(customer, world.vehicles.a2, day(20), day(21), {
        pickup_location_id: world.locations.b1,
        dropoff_location_id: world.locations.a2,
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: 'Please correct the 2 highlighted fields.',
        fields: {
          pickup_location_id: ['Choose a pickup location of this vehicle.'],
          dropoff_location_id: ['Choose a dropoff location of this vehicle.'],
        },
      });
    });

    it('refuses a vehicle of a pending agency, or one that does not exist', async () => {
      for (const vehicle of [world.vehicles.pending1, 999_999]) {
        const reply = await customerRequest(customer, vehicle, day(20), day(21), {
          pickup_location_id: world.locations.pending1,
          dropoff_location_id: world.locations.pending1,
        });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({
          error: 'This vehicle is not available.',
          fields: { vehicle_id: ['This vehicle is not available.'] },
        });
      }
      expect(await countRequests(world.vehicles.pending1)).toBe(0);
    });

    it('refuses dates the vehicle is booked for with 409, inclusively; cancelled bookings do not count', async () => {
      const vehicle = await addVehicle();
      await insertBooking(vehicle, day(30), day(35), 'confirmed');
      await insertBooking(vehicle, day(40), day(45), 'cancelled');
      const taken = await customerRequest(customer, vehicle, day(35), day(37));
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: 'This vehicle is not available for those dates.' });
      expect((await customerRequest(customer, vehicle, day(36), day(37))).status).toBe(201);
      expect((await customerRequest(customer, vehicle, day(41), day(42))).status).toBe(201);
      expect(await countRequests(vehicle)).toBe(2);
    });

    it('answers 409 when the signed-in customer has no customer record', async () => {
      await rows.insertUser(t.app.deps.db, {
        username: 'noprofile',
        role: 'customer',
        first_name: 'No',
        last_name: 'Profile',
        phone_number: '+44 7700 900001',
      });
      const client = await signedIn(t.app, 'noprofile');
      const reply = await customerRequest(client, spare, day(20), day(21));
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: 'Your customer profile is missing.' });
      const list = await client.get('/api/booking-requests/');
      expect(list.body).toEqual([]);
    });

    it('refuses the signed-out (401), staff-side roles (403) and a missing CSRF token (403)', async () => {
      expect((await customerRequest(anonymous, spare, day(20), day(21))).status).toBe(401);
      expect((await customerRequest(staff, spare, day(20), day(21))).status).toBe(403);
      expect((await customerRequest(agency, spare, day(20), day(21))).status).toBe(403);
      const noCsrf = await customer.post('/api/booking-requests/', {}, { withoutCsrf: true });
      expect(noCsrf.status).toBe(403);
      expect(await countRequests(spare)).toBe(0);
    });
  });

  describe('POST rentals/booking-requests/ (visitor)', () => {
    const visitorRequest = (extra = {}) =>
      anonymous.post<RequestBody & ErrorBody>('/api/rentals/booking-requests/', {
        vehicle_id: world.vehicles.b1,
        first_name: 'Vic',
        last_name: 'Visitor',
        phone_number: '+44 20 7946 0958',
        email: 'Vic@Example.com',
        start_date: day(50),
        end_date: day(52),
        ...extra,
      });

    it('stores the contact details and answers with the receipt only', async () => {
      const reply = await visitorRequest({ message: 'Call after 5pm' });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        status: 'pending',
        vehicle: world.vehicles.b1,
        start_date: day(50),
        end_date: day(52),
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        quote: plainQuote(3),
      });
      const row = await t.app.deps.db
        .selectFrom('booking_requests')
        .selectAll()
        .where('id', '=', reply.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        customer_id: null,
        agency_id: world.agencies.b,
        first_name: 'Vic',
        last_name: 'Visitor',
        phone_number: '+44 20 7946 0958',
        email: 'vic@example.com',
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location_id: null,
        message: 'Call after 5pm',
        status: 'pending',
      });
      const seen = await agencyB.get<RequestBody>(`/api/staff-booking-requests/${reply.body.id}/`);
      expect(seen.body).toMatchObject({
        customer: null,
        customer_details: {
          first_name: 'Vic',
          last_name: 'Visitor',
          email: 'vic@example.com',
          phone_number: '+44 20 7946 0958',
        },
        pickup_location: null,
        dropoff_location: null,
      });
    });

    it('works for a signed-in caller too', async () => {
      const reply = await customer.post('/api/rentals/booking-requests/', {
        vehicle_id: world.vehicles.b1,
        first_name: 'Casey',
        last_name: 'Customer',
        phone_number: '+44 7700 900123',
        email: 'casey@example.com',
        start_date: day(60),
        end_date: day(60),
      });
      expect(reply.status).toBe(201);
    });

    it.each([
      ['a bad e-mail', { email: 'not-an-email' }, 'email'],
      ['no first name', { first_name: '  ' }, 'first_name'],
      ['a bad phone number', { phone_number: 'call me' }, 'phone_number'],
      ['a start in the past', { start_date: day(-3), end_date: day(1) }, 'start_date'],
      ['an end before the start', { start_date: day(9), end_date: day(8) }, 'end_date'],
      ['a bad time', { dropoff_time: '18:75' }, 'dropoff_time'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const before = await countRequests(world.vehicles.b1);
      const reply = await visitorRequest(change);
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
      expect(await countRequests(world.vehicles.b1)).toBe(before);
    });

    it('refuses a vehicle of a pending agency (400) and booked dates (409)', async () => {
      const pending = await visitorRequest({ vehicle_id: world.vehicles.pending1 });
      expect(pending.status).toBe(400);
      expect(pending.body.fields).toEqual({ vehicle_id: ['This vehicle is not available.'] });
      const vehicle = await addVehicle();
      await insertBooking(vehicle, day(70), day(72), 'pending');
      const taken = await visitorRequest({ vehicle_id: vehicle, start_date: day(65), end_date: day(70) });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: 'This vehicle is not available for those dates.' });
      expect(await countRequests(vehicle)).toBe(0);
    });

    it('refuses a missing CSRF token (403)', async () => {
      const reply = await anonymous.post('/api/rentals/booking-requests/', {}, { withoutCsrf: true });
      expect(reply.status).toBe(403);
    });
  });

  describe('GET booking-requests/ and booking-requests/:id/ (customer)', () => {
    let mine: number[];
    let theirs: number;

    beforeAll(async () => {
      const vehicle = await addVehicle();
      mine = [];
      for (const offset of [100, 110]) {
        t.clock.advance(1000);
        const reply = await customerRequest(customer, vehicle, day(offset), day(offset + 1));
        mine.push(reply.body.id);
      }
      t.clock.advance(1000);
      theirs = (await customerRequest(customer2, vehicle, day(120), day(121))).body.id;
    });

    it('lists only the caller’s own requests, newest first, with the total', async () => {
      const reply = await customer.get<RequestBody[]>('/api/booking-requests/');
      expect(reply.status).toBe(200);
      const own = await t.app.deps.db
        .selectFrom('booking_requests')
        .select('id')
        .where('customer_id', '=', world.customers.own)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(reply.headers['x-total-count']).toBe(String(own.length));
      expect(reply.body.map((r) => r.id)).toEqual(own.map((r) => r.id));
      expect(reply.body.slice(0, 2).map((r) => r.id)).toEqual([mine[1], mine[0]]);
      expect(reply.body.every((r) => r.customer === world.customers.own)).toBe(true);
      expect(reply.body[0]).not.toHaveProperty('staff_notes');
      expect(reply.body[0]).not.toHaveProperty('is_reviewed');
      expect(reply.body[0]?.vehicle_details).not.toHaveProperty('registration_number');
      const other = await customer2.get<RequestBody[]>('/api/booking-requests/');
      expect(other.body.map((r) => r.id)).toEqual([theirs]);
      const page = await customer.get<RequestBody[]>('/api/booking-requests/?limit=1&offset=1');
      expect(page.body.map((r) => r.id)).toEqual([mine[0]]);
    });

    it('returns one own request, and 404 for anyone else’s', async () => {
      const own = await customer.get<RequestBody>(`/api/booking-requests/${mine[0]}/`);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: mine[0], customer: world.customers.own, deposit: '300.00' });
      const other = await customer.get(`/api/booking-requests/${theirs}/`);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ error: 'Booking request not found.' });
      expect((await customer.get('/api/booking-requests/999999/')).status).toBe(404);
    });

    it('refuses the signed-out (401) and staff-side roles (403)', async () => {
      expect((await anonymous.get('/api/booking-requests/')).status).toBe(401);
      expect((await anonymous.get(`/api/booking-requests/${mine[0]}/`)).status).toBe(401);
      expect((await staff.get('/api/booking-requests/')).status).toBe(403);
      expect((await agent.get(`/api/booking-requests/${mine[0]}/`)).status).toBe(403);
    });
  });

  describe('staff-booking-requests/', () => {
    let requestOfA: number;
    let requestOfB: number;

    beforeAll(async () => {
      t.clock.advance(1000);
      requestOfA = (await customerRequest(customer2, world.vehicles.a1, day(200), day(203), { message: 'Hi' })).body.id;
      t.clock.advance(1000);
      const reply = await customer2.post<RequestBody>('/api/booking-requests/', {
        vehicle_id: world.vehicles.b1,
        start_date: day(200),
        end_date: day(201),
        pickup_time: '08:00',
        dropoff_time: '19:00',
        pickup_location_id: world.locations.b1,
        dropoff_location_id: world.locations.b1,
      });
      requestOfB = reply.body.id;
    });

    it('gives one request with the staff view', async () => {
      const reply = await agency.get(`/api/staff-booking-requests/${requestOfA}/`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: requestOfA,
        customer: world.customers.other,
        customer_details: {
          first_name: 'Morgan',
          last_name: 'Customer',
          email: 'morgan@example.com',
          phone_number: '+44 7700 900123',
        },
        vehicle: world.vehicles.a1,
        vehicle_details: {
          id: world.vehicles.a1,
          make: 'Toyota',
          model: 'Corolla',
          registration_number: 'AA11 AAA',
          price_per_day: '45.00',
          deposit: '200.00',
          main_image: '/media/vehicles/first-480.webp',
        },
        start_date: day(200),
        end_date: day(203),
        pickup_time: '10:00',
        dropoff_time: '17:30',
        pickup_location: { id: world.locations.a1, name: 'Leeds Station' },
        dropoff_location: { id: world.locations.a2, name: 'York Centre' },
        message: 'Hi',
        status: 'pending',
        staff_notes: null,
        is_reviewed: false,
        has_booking: false,
        booking_id: null,
        hold_until: null,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        quote: plainQuote(4),
      });
      expect((await staff.get(`/api/staff-booking-requests/${requestOfB}/`)).status).toBe(200);
    });

    it("answers 404 for another agency's request or a missing one", async () => {
      const reply = await agencyB.get(`/api/staff-booking-requests/${requestOfA}/`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: 'Booking request not found.' });
      expect((await agent.get(`/api/staff-booking-requests/${requestOfB}/`)).status).toBe(404);
      expect((await staff.get('/api/staff-booking-requests/999999/')).status).toBe(404);
    });

    it('lists requests newest first within the caller’s scope, with the total', async () => {
      const all = await staff.get<RequestBody[]>('/api/staff-booking-requests/?limit=200');
      expect(all.status).toBe(200);
      const total = await t.app.deps.db
        .selectFrom('booking_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(all.headers['x-total-count']).toBe(String(total.n));
      expect(all.body.slice(0, 2).map((r) => r.id)).toEqual([requestOfB, requestOfA]);
      const forA = await agency.get<(RequestBody & { vehicle: number })[]>('/api/staff-booking-requests/?limit=200');
      const ofA = await t.app.deps.db
        .selectFrom('booking_requests')
        .select('id')
        .where('agency_id', '=', world.agencies.a)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(forA.body.map((r) => r.id)).toEqual(ofA.map((r) => r.id));
      expect(forA.headers['x-total-count']).toBe(String(ofA.length));
      expect(forA.body.map((r) => r.id)).not.toContain(requestOfB);
      const forB = await agencyB.get<RequestBody[]>('/api/staff-booking-requests/?limit=1');
      expect(forB.body.map((r) => r.id)).toEqual([requestOfB]);
      expect(Number(forB.headers['x-total-count'])).toBeGreaterThan(1);
    });

    it('reviews a request: status, notes, reviewed flag; any transition is allowed', async () => {
      const reply = await agent.patch<RequestBody>(`/api/staff-booking-requests/${requestOfA}/`, {
        status: 'accepted',
        staff_notes: 'License checked',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id: requestOfA,
        status: 'accepted',
        staff_notes: 'License checked',
        is_reviewed: true,
        has_booking: false,
      });
      const row = await t.app.deps.db
        .selectFrom('booking_requests')
        .select(['reviewed_by', 'reviewed_at', 'is_reviewed'])
        .where('id', '=', requestOfA)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        reviewed_by: world.users.agentA,
        reviewed_at: expect.stringMatching(ISO_TIMESTAMP),
        is_reviewed: 1,
      });
      const back = await staff.patch<RequestBody>(`/api/staff-booking-requests/${requestOfA}/`, { status: 'pending' });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ status: 'pending', staff_notes: 'License checked', is_reviewed: true });
      const declined = await staff.patch<RequestBody>(`/api/staff-booking-requests/${requestOfA}/`, {
        status: 'declined',
        staff_notes: '',
      });
      expect(declined.body).toMatchObject({ status: 'declined', staff_notes: null });
    });

    it('filters the list by status', async () => {
      const declined = await staff.get<RequestBody[]>('/api/staff-booking-requests/?status=declined');
      expect(declined.status).toBe(200);
      expect(declined.body.map((r) => r.id)).toContain(requestOfA);
      expect(declined.body.every((r) => r.status === 'declined')).toBe(true);
      expect(declined.headers['x-total-count']).toBe(String(declined.body.length));
      const pending = await agencyB.get<RequestBody[]>('/api/staff-booking-requests/?status=pending');
      expect(pending.body.every((r) => r.status === 'pending')).toBe(true);
      expect(pending.body.map((r) => r.id)).toContain(requestOfB);
    });

    it.each(['status=archived', 'limit=0', 'limit=500', 'offset=x'])('refuses a list with %s (400)', async (query) => {
      const reply = await staff.get<ErrorBody>(`/api/staff-booking-requests/?${query}`);
      expect(reply.status).toBe(400);
    });

    it('refuses a bad review with 400 and leaves the request as it was', async () => {
      const archived = await staff.patch<ErrorBody>(`/api/staff-booking-requests/${requestOfB}/`, {
        status: 'archived',
      });
      expect(archived.status).toBe(400);
      expect(archived.body.fields).toEqual({ status: ['Status must be pending, accepted or declined.'] });
      const long = await staff.patch<ErrorBody>(`/api/staff-booking-requests/${requestOfB}/`, {
        status: 'accepted',
        staff_notes: 'x'.repeat(2001),
      });
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.fields ?? {})).toEqual(['staff_notes']);
      const row = await t.app.deps.db
        .selectFrom('booking_requests')
        .select(['status', 'is_reviewed'])
        .where('id', '=', requestOfB)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', is_reviewed: 0 });
    });

    it("refuses another agency's review (404), customers (403), the signed-out (401) and a missing CSRF token", async () => {
      const other = await agency.patch(`/api/staff-booking-requests/${requestOfB}/`, { status: 'accepted' });
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ error: 'Booking request not found.' });
      expect((await customer2.patch(`/api/staff-booking-requests/${requestOfB}/`, { status: 'accepted' })).status).toBe(
        403,
      );
      expect((await anonymous.patch(`/api/staff-booking-requests/${requestOfB}/`, { status: 'accepted' })).status).toBe(
        401,
      );
      const noCsrf = await agencyB.patch(
        `/api/staff-booking-requests/${requestOfB}/`,
        { status: 'accepted' },
        { withoutCsrf: true },
      );
      expect(noCsrf.status).toBe(403);
      expect((await customer.get('/api/staff-booking-requests/')).status).toBe(403);
      expect((await customer.get(`/api/staff-booking-requests/${requestOfB}/`)).status).toBe(403);
      expect((await anonymous.get('/api/staff-booking-requests/')).status).toBe(401);
      const row = await t.app.deps.db
        .selectFrom('booking_requests')
        .select('status')
        .where('id', '=', requestOfB)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
    });
  });

  describe('POST booking-request/:id/finalize/', () => {
    /** A request by `client` that staff accepted. */
    const acceptedRequest = async (client: TestClient, vehicle: number, start: string, end: string) => {
      const created = await customerRequest(client, vehicle, start, end);
      expect(created.status).toBe(201);
      const review = await staff.patch(`/api/staff-booking-requests/${created.body.id}/`, { status: 'accepted' });
      expect(review.status).toBe(200);
      return created.body.id;
    };

    const bookingsOf = (requestId: number) =>
      t.app.deps.db.selectFrom('bookings').selectAll().where('booking_request_id', '=', requestId).execute();

    it('confirms an accepted request: stores the details and creates the booking', async () => {
      await setLicence(world.customers.own, 'licenses/casey');
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer, vehicle, day(300), day(303));
      const reply = await customer.post<FinalizeReply>(`/api/booking-request/${requestId}/finalize/`, address);
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        booking_id: expect.any(Number),
        booking: {
          id: reply.body.booking_id,
          vehicle,
          vehicle_details: { id: vehicle, make: 'Mazda', model: 'CX-5', main_image: null },
          start_date: day(300),
          end_date: day(303),
          pickup_time: '10:00',
          dropoff_time: '17:30',
          pickup_location: 'Leeds Station',
          dropoff_location: 'York Centre',
          pickup_address: null,
          dropoff_address: null,
          booking_amount: '200.00',
          booking_deposit: '300.00',
          discount_amount: '0.00',
          payment_method: 'debit_card',
          booking_status: 'confirmed',
          booking_request: requestId,
          agency_details: { name: 'North Drive', phone_number: '+44 20 7946 0000', email: 'northdrive@example.com' },
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          // The request's quote, taken by its booking (£50.00 a day).
          quote: {
            plan_version: expect.any(Number),
            lines: [
              {
                kind: 'rental',
                code: 'rental:base',
                label: 'Base rate (4 days)',
                quantity: 4,
                unit_amount: '50.00',
                amount: '200.00',
                quoted_amount: null,
                override_reason: null,
              },
            ],
            total: '200.00',
            extras: [],
          },
        },
      });
      // The customer's shape, as GET bookings/{id}/ gives it: no staff notes, no registration.
      expect(reply.raw.body).not.toMatch(/notes|registration_number|estimated_mileage|customer_details/);
      expect(reply.body.booking).toEqual((await customer.get(`/api/bookings/${reply.body.booking_id}/`)).body);
      const stored = await t.app.deps.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', world.customers.own)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject(address);
      const request = await customer.get<RequestBody>(`/api/booking-requests/${requestId}/`);
      expect(request.body).toMatchObject({ has_booking: true, booking_id: reply.body.booking_id });
      const forStaff = await agency.get<RequestBody>(`/api/staff-booking-requests/${requestId}/`);
      expect(forStaff.body).toMatchObject({ has_booking: true, booking_id: reply.body.booking_id });
      const bookings = await customer.get<{ id: number }[]>('/api/bookings/');
      expect(bookings.body.map((b) => b.id)).toContain(reply.body.booking_id);

      const again = await customer.post(`/api/booking-request/${requestId}/finalize/`, address);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'This booking request is already confirmed.' });
      expect(await bookingsOf(requestId)).toHaveLength(1);
    });

    it('pays cash when pay_now is false', async () => {
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer, vehicle, day(310), day(310));
      const reply = await customer.post<FinalizeReply>(`/api/booking-request/${requestId}/finalize/`, {
        ...address,
        pay_now: false,
      });
      expect(reply.status).toBe(201);
      expect(reply.body.booking).toMatchObject({ payment_method: 'cash', booking_amount: '50.00' });
    });

    it('creates one booking when two finalizes race', async () => {
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer, vehicle, day(320), day(322));
      const replies = await Promise.all([
        customer.post<ErrorBody>(`/api/booking-request/${requestId}/finalize/`, address),
        customer.post<ErrorBody>(`/api/booking-request/${requestId}/finalize/`, address),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(replies.find((r) => r.status === 409)?.body).toEqual({
        error: 'This booking request is already confirmed.',
      });
      expect(await bookingsOf(requestId)).toHaveLength(1);
    });

    it('refuses with 409 when the dates were booked meanwhile, and stores nothing', async () => {
      await setLicence(world.customers.other, 'licenses/morgan');
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer2, vehicle, day(330), day(333));
      // The desk can no longer book over the hold (request-holds.test.ts): a booking written
      // before holds existed stands for one made meanwhile.
      await insertBooking(vehicle, day(333), day(335), 'pending');
      const reply = await customer2.post(`/api/booking-request/${requestId}/finalize/`, address);
      expect(reply.status).toBe(409);
      const message = `This vehicle is already booked from ${britishDate(day(333))} to ${britishDate(day(335))}.`;
      expect(reply.body).toEqual({ error: message, fields: { start_date: [message] } });
      expect(await bookingsOf(requestId)).toHaveLength(0);
      const stored = await t.app.deps.db
        .selectFrom('customers')
        .select(['street_address', 'national_id'])
        .where('id', '=', world.customers.other)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ street_address: null, national_id: null });
    });

    it('refuses a request that is not accepted (409)', async () => {
      const vehicle = await addVehicle();
      const pending = await customerRequest(customer, vehicle, day(340), day(341));
      const reply = await customer.post(`/api/booking-request/${pending.body.id}/finalize/`, address);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: 'This booking request has not been accepted.' });
      await staff.patch(`/api/staff-booking-requests/${pending.body.id}/`, { status: 'declined' });
      const declined = await customer.post(`/api/booking-request/${pending.body.id}/finalize/`, address);
      expect(declined.status).toBe(409);
      expect(await bookingsOf(pending.body.id)).toHaveLength(0);
    });

    it('asks for the driver’s license first (409)', async () => {
      await setLicence(world.customers.other, null);
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer2, vehicle, day(350), day(351));
      const reply = await customer2.post(`/api/booking-request/${requestId}/finalize/`, address);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: "Please upload your driver's license first." });
      expect(await bookingsOf(requestId)).toHaveLength(0);
    });

    it("answers 404 for another customer's request or a missing one", async () => {
      const vehicle = await addVehicle();
      const requestId = await acceptedRequest(customer2, vehicle, day(360), day(361));
      const reply = await customer.post(`/api/booking-request/${requestId}/finalize/`, address);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: 'Booking request not found.' });
      expect((await customer.post('/api/booking-request/999999/finalize/', address)).status).toBe(404);
      expect(await bookingsOf(requestId)).toHaveLength(0);
    });

    it.each([
      ['no national ID', { national_id: '' }, 'national_id'],
      ['no city', { city: undefined }, 'city'],
      ['a bad next-of-kin phone', { next_of_kin1_phone: 'none' }, 'next_of_kin1_phone'],
      ['a bad pay_now', { pay_now: 'maybe' }, 'pay_now'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const reply = await customer.post<ErrorBody>('/api/booking-request/1/finalize/', { ...address, ...change });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
    });

    it('refuses the signed-out (401), staff-side roles (403) and a missing CSRF token (403)', async () => {
      expect((await anonymous.post('/api/booking-request/1/finalize/', address)).status).toBe(401);
      expect((await staff.post('/api/booking-request/1/finalize/', address)).status).toBe(403);
      expect((await customer.post('/api/booking-request/1/finalize/', address, { withoutCsrf: true })).status).toBe(
        403,
      );
    });
  });
});
