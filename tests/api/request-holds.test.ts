import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestBookingDraft, RequestClashes, StaffBookingRequest } from '#domain/api/booking-requests';
import type { StaffBooking } from '#domain/api/bookings';
import { addDays, todayIso } from '#domain/dates';
import { dayAndMonth, dayMonthTimeUtc } from '#domain/request-hold';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const HOUR = 3_600_000;
/** A date `n` days from today, so requests are never in the past. */
const day = (n: number) => addDays(todayIso(), n);

describe(`request holds (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;

  const db = () => t.app.deps.db;
  /** A fresh vehicle of agency A (£45.00 a day, £200.00 deposit): each test books its own. */
  const addVehicle = () => rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1]);

  const ask = async (client: TestClient, vehicle: number, start: string, end: string) => {
    const reply = await client.post<{ id: number }>('/api/booking-requests/', {
      vehicle_id: vehicle,
      start_date: start,
      end_date: end,
      pickup_time: '10:00',
      dropoff_time: '17:30',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
    });
    expect(reply.status).toBe(201);
    return reply.body.id;
  };

  const visitorAsks = async (vehicle: number, start: string, end: string, email: string) => {
    const reply = await anonymous.post<{ id: number }>('/api/rentals/booking-requests/', {
      vehicle_id: vehicle,
      first_name: 'Jane',
      last_name: 'Doe',
      phone_number: '+44 20 7946 0123',
      email,
      start_date: start,
      end_date: end,
      pickup_time: '08:30',
      dropoff_time: '19:00',
    });
    expect(reply.status).toBe(201);
    return reply.body.id;
  };

  const review = (client: TestClient, id: number, status: string) =>
    client.patch<StaffBookingRequest & ErrorBody>(`/api/staff-booking-requests/${id}/`, { status });

  const accept = async (id: number) => {
    const reply = await review(agent, id, 'accepted');
    expect(reply.status).toBe(200);
    return reply.body;
  };

  const endHold = (id: number) =>
    db()
      .updateTable('booking_requests')
      .set({ hold_until: new Date(t.clock.now().getTime() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();

  const deskBooking = (vehicle: number, start: string, end: string) =>
    agent.post<StaffBooking & ErrorBody>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: start,
      end_date: end,
    });

  const holdSentence = (request: StaffBookingRequest, name: string) =>
    `Booking request #${request.id} (${name}) holds this vehicle from ${dayAndMonth(request.start_date)} to ${dayAndMonth(request.end_date)} until ${dayMonthTimeUtc(request.hold_until ?? '')}.`;

  const countCustomers = async () =>
    Number(
      (
        await db()
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const setLicence = (customerId: number) =>
    db()
      .updateTable('customers')
      .set({ drivers_license_key: 'licenses/held', drivers_license_type: 'image/webp' })
      .where('id', '=', customerId)
      .execute();

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
    await setLicence(world.customers.own);
    await setLicence(world.customers.other);
  });
  afterAll(async () => t.close());

  describe('accepting holds the vehicle', () => {
    it("stores the hold's end, the agency's hold length after acceptance, and shows it to the customer", async () => {
      const vehicle = await addVehicle();
      const id = await ask(customer, vehicle, day(20), day(22));
      const before = t.clock.now().getTime();
      const accepted = await accept(id);
      const holdUntil = Date.parse(accepted.hold_until ?? '');
      expect(holdUntil).toBeGreaterThanOrEqual(before + 48 * HOUR);
      expect(holdUntil).toBeLessThanOrEqual(t.clock.now().getTime() + 48 * HOUR);
      const own = await customer.get<{ hold_until: string | null }>(`/api/booking-requests/${id}/`);
      expect(own.body.hold_until).toBe(accepted.hold_until);
    });

    it('lets the agency owner set the hold length; agents and bad values are refused', async () => {
      const changed = await agency.patch<{ hold_hours: number } & ErrorBody>('/api/agency/', { hold_hours: 24 });
      expect(changed.status).toBe(200);
      expect(changed.body.hold_hours).toBe(24);
      const vehicle = await addVehicle();
      const id = await ask(customer, vehicle, day(25), day(26));
      const at = t.clock.now().getTime();
      const accepted = await accept(id);
      expect(Date.parse(accepted.hold_until ?? '') - at).toBeLessThan(24 * HOUR + 5_000);
      expect(Date.parse(accepted.hold_until ?? '') - at).toBeGreaterThanOrEqual(24 * HOUR);

      expect((await agent.patch('/api/agency/', { hold_hours: 12 })).status).toBe(403);
      for (const bad of [0, 721, 'soon', 1.5]) {
        const reply = await agency.patch<ErrorBody>('/api/agency/', { hold_hours: bad });
        expect(reply.status).toBe(400);
        expect(Object.keys(reply.body.fields ?? {})).toEqual(['hold_hours']);
      }
      expect((await agent.get<{ hold_hours: number }>('/api/agency/')).body.hold_hours).toBe(24);
      expect((await agency.patch('/api/agency/', { hold_hours: 48 })).status).toBe(200);
    });

    it('refuses a desk booking, a booking edit, another acceptance and a period over the hold, naming the request', async () => {
      const vehicle = await addVehicle();
      const held = await accept(await ask(customer, vehicle, day(30), day(33)));
      const sentence = holdSentence(held, 'Casey Customer');
      expect(sentence).toMatch(/^Booking request #\d+ \(Casey Customer\) holds this vehicle from \d+ \w{3} to /);

      const booking = await deskBooking(vehicle, day(33), day(35));
      expect(booking.status).toBe(409);
      expect(booking.body).toEqual({ error: sentence, fields: { start_date: [sentence] } });

      const elsewhere = await deskBooking(vehicle, day(34), day(36));
      expect(elsewhere.status).toBe(201);
      const moved = await agent.patch<ErrorBody>(`/api/bookings/${elsewhere.body.id}/`, {
        customer: world.customers.createdByA,
        vehicle,
        start_date: day(32),
        end_date: day(36),
      });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toBe(sentence);

      const other = await ask(customer2, vehicle, day(31), day(31));
      const second = await review(staff, other, 'accepted');
      expect(second.status).toBe(409);
      expect(second.body.error).toBe(sentence);
      expect((await agent.get<StaffBookingRequest>(`/api/staff-booking-requests/${other}/`)).body).toMatchObject({
        status: 'pending',
        hold_until: null,
      });

      const period = { vehicle, kind: 'maintenance', start_date: day(29), end_date: day(30), reason: null };
      const blocked = await agency.post<ErrorBody>('/api/unavailability/', period);
      expect(blocked.status).toBe(409);
      expect(blocked.body.error).toBe(sentence);
      const apart = await agency.post<{ id: number }>('/api/unavailability/', {
        ...period,
        start_date: day(40),
        end_date: day(41),
      });
      expect(apart.status).toBe(201);
      const edited = await agency.patch<ErrorBody>(`/api/unavailability/${apart.body.id}/`, {
        ...period,
        end_date: day(31),
      });
      expect(edited.status).toBe(409);
      expect(edited.body.error).toBe(sentence);

      expect(await rows.countBookings(db(), vehicle)).toBe(1);
    });

    it('refuses to finalize a different request over the hold, and confirms the held one', async () => {
      const vehicle = await addVehicle();
      const held = await accept(await ask(customer, vehicle, day(50), day(52)));
      // Accepted before holds existed (none is recorded), the other request still overlaps.
      const other = await rows.insertBookingRequest(db(), {
        customer_id: world.customers.other,
        vehicle_id: vehicle,
        start_date: day(52),
        end_date: day(53),
        status: 'accepted',
        is_reviewed: 1,
      });
      const refused = await customer2.post<ErrorBody>(`/api/booking-request/${other}/finalize/`, FINALIZE_DETAILS);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(holdSentence(held, 'Casey Customer'));

      const confirmed = await customer.post<{ booking_id: number }>(
        `/api/booking-request/${held.id}/finalize/`,
        FINALIZE_DETAILS,
      );
      expect(confirmed.status).toBe(201);
      const after = await agent.get<StaffBookingRequest>(`/api/staff-booking-requests/${held.id}/`);
      expect(after.body).toMatchObject({ has_booking: true, booking_id: confirmed.body.booking_id, hold_until: null });
    });

    it('lets two acceptances of overlapping requests race: exactly one holds the vehicle', async () => {
      const vehicle = await addVehicle();
      const first = await ask(customer, vehicle, day(60), day(62));
      const second = await ask(customer2, vehicle, day(61), day(63));
      const replies = await Promise.all([review(agent, first, 'accepted'), review(staff, second, 'accepted')]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
      const accepted = await db()
        .selectFrom('booking_requests')
        .select('id')
        .where('vehicle_id', '=', vehicle)
        .where('status', '=', 'accepted')
        .execute();
      expect(accepted).toHaveLength(1);
    });

    it('ends the hold when declined: the dates are free again', async () => {
      const vehicle = await addVehicle();
      const id = (await accept(await ask(customer, vehicle, day(70), day(71)))).id;
      const declined = await review(agent, id, 'declined');
      expect(declined.body).toMatchObject({ status: 'declined', hold_until: null });
      expect((await deskBooking(vehicle, day(70), day(71))).status).toBe(201);
    });
  });

  describe('an expired hold', () => {
    it('can no longer be confirmed (409), blocks nothing, and holds anew when accepted again', async () => {
      const vehicle = await addVehicle();
      const id = (await accept(await ask(customer, vehicle, day(80), day(82)))).id;
      await endHold(id);
      const row = await db()
        .selectFrom('booking_requests')
        .select('hold_until')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

      const finalize = await customer.post<ErrorBody>(`/api/booking-request/${id}/finalize/`, FINALIZE_DETAILS);
      expect(finalize.status).toBe(409);
      expect(finalize.body.error).toBe(
        `This booking request expired on ${dayMonthTimeUtc(row.hold_until ?? '')}: the vehicle is no longer kept for it. Please send a new request.`,
      );

      const other = await ask(customer2, vehicle, day(82), day(82));
      expect((await review(agent, other, 'accepted')).status).toBe(200);
      expect((await review(agent, other, 'declined')).status).toBe(200);
      const booking = await deskBooking(vehicle, day(80), day(80));
      expect(booking.status).toBe(201);

      // Accepting it again holds it anew, checked like a first acceptance: the booking now clashes.
      const again = await review(agent, id, 'accepted');
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/^This vehicle is already booked from /);
      await db()
        .updateTable('bookings')
        .set({ booking_status: 'cancelled' })
        .where('id', '=', booking.body.id)
        .execute();
      const renewed = await review(agent, id, 'accepted');
      expect(renewed.status).toBe(200);
      expect(Date.parse(renewed.body.hold_until ?? '')).toBeGreaterThan(t.clock.now().getTime() + 47 * HOUR);
      expect((await customer.post(`/api/booking-request/${id}/finalize/`, FINALIZE_DETAILS)).status).toBe(201);
    });

    it('expires as the clock passes the stored end', async () => {
      const vehicle = await addVehicle();
      const id = (await accept(await ask(customer, vehicle, day(90), day(91)))).id;
      const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
      await db().updateTable('booking_requests').set({ hold_until: soon }).where('id', '=', id).execute();
      expect((await deskBooking(vehicle, day(90), day(91))).status).toBe(409);
      t.clock.advance(61_000);
      const finalize = await customer.post<ErrorBody>(`/api/booking-request/${id}/finalize/`, FINALIZE_DETAILS);
      expect(finalize.status).toBe(409);
      expect(finalize.body.error).toMatch(/^This booking request expired on /);
      expect((await deskBooking(vehicle, day(90), day(91))).status).toBe(201);
    });
  });

  describe('GET staff-booking-requests/{id}/clashes/', () => {
    it('lists other pending and held requests, holding bookings and periods over the dates, and nothing else', async () => {
      const vehicle = await addVehicle();
      const id = await ask(customer, vehicle, day(100), day(105));
      const pending = await ask(customer2, vehicle, day(104), day(106));
      const held = await rows.insertBookingRequest(db(), {
        customer_id: null,
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@example.com',
        phone_number: '+44 20 7946 0123',
        vehicle_id: vehicle,
        start_date: day(99),
        end_date: day(100),
        status: 'accepted',
        hold_until: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      });
      const expired = await rows.insertBookingRequest(db(), {
        customer_id: world.customers.other,
        vehicle_id: vehicle,
        start_date: day(101),
        end_date: day(101),
        status: 'accepted',
        hold_until: new Date(t.clock.now().getTime() - HOUR).toISOString(),
      });
      await rows.insertBookingRequest(db(), {
        customer_id: world.customers.other,
        vehicle_id: vehicle,
        start_date: day(101),
        end_date: day(101),
        status: 'declined',
      });
      await ask(customer2, vehicle, day(110), day(111));
      const booking = await rows.insertBooking(db(), {
        customer_id: world.customers.createdByA,
        vehicle_id: vehicle,
        start_date: day(102),
        end_date: day(103),
        booking_status: 'confirmed',
      });
      await rows.insertBooking(db(), {
        customer_id: world.customers.createdByA,
        vehicle_id: vehicle,
        start_date: day(102),
        end_date: day(103),
        booking_status: 'cancelled',
      });
      const period = await agency.post<{ id: number }>('/api/unavailability/', {
        vehicle,
        kind: 'damage',
        start_date: day(105),
        end_date: day(107),
        reason: 'Dent',
      });
      expect(period.status).toBe(201);

      const reply = await agent.get<RequestClashes>(`/api/staff-booking-requests/${id}/clashes/`);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.body).toEqual({
        requests: [
          { id: held, name: 'Jane Doe', start_date: day(99), end_date: day(100), status: 'accepted' },
          { id: pending, name: 'Morgan Customer', start_date: day(104), end_date: day(106), status: 'pending' },
        ],
        bookings: [
          {
            id: booking,
            customer_name: 'Alex Customer',
            start_date: day(102),
            end_date: day(103),
            booking_status: 'confirmed',
          },
        ],
        periods: [{ id: period.body.id, kind: 'damage', start_date: day(105), end_date: day(107), reason: 'Dent' }],
      });
      expect(reply.body.requests.map((request) => request.id)).not.toContain(expired);

      const alone = await ask(customer, await addVehicle(), day(100), day(105));
      expect((await agent.get<RequestClashes>(`/api/staff-booking-requests/${alone}/clashes/`)).body).toEqual({
        requests: [],
        bookings: [],
        periods: [],
      });
    });

    it("refuses another agency's request (404), customers (403), the signed-out (401) and a bad id (400)", async () => {
      const id = await ask(customer, await addVehicle(), day(120), day(121));
      const url = `/api/staff-booking-requests/${id}/clashes/`;
      expect((await agencyB.get<ErrorBody>(url)).body).toEqual({ error: 'Booking request not found.' });
      expect((await agencyB.get(url)).status).toBe(404);
      expect((await staff.get(url)).status).toBe(200);
      expect((await customer.get(url)).status).toBe(403);
      expect((await anonymous.get(url)).status).toBe(401);
      expect((await agent.get('/api/staff-booking-requests/abc/clashes/')).status).toBe(400);
    });
  });

  describe('Create booking from a request', () => {
    const bookIt = (client: TestClient, id: number, body: Record<string, unknown> = {}, key?: string) =>
      client.post<StaffBooking & ErrorBody>(
        `/api/staff-booking-requests/${id}/booking/`,
        body,
        key ? { headers: { 'Idempotency-Key': key } } : {},
      );

    it("prices the draft by the server's rule and names whom it is for", async () => {
      const vehicle = await addVehicle();
      const id = await ask(customer, vehicle, day(130), day(133));
      const draft = await agent.get<RequestBookingDraft>(`/api/staff-booking-requests/${id}/booking/`);
      expect(draft.status).toBe(200);
      expect(draft.body).toEqual({
        days: 4,
        booking_amount: '180.00',
        booking_deposit: '200.00',
        customer: { id: world.customers.own, first_name: 'Casey', last_name: 'Customer', email: 'casey@example.com' },
      });
      const unknown = await visitorAsks(vehicle, day(140), day(140), 'nobody-yet@example.com');
      expect(
        (await agent.get<RequestBookingDraft>(`/api/staff-booking-requests/${unknown}/booking/`)).body.customer,
      ).toBeNull();
      const known = await visitorAsks(vehicle, day(141), day(141), 'ALEX@example.com');
      expect(
        (await agent.get<RequestBookingDraft>(`/api/staff-booking-requests/${known}/booking/`)).body.customer,
      ).toEqual({
        id: world.customers.createdByA,
        first_name: 'Alex',
        last_name: 'Customer',
        email: 'alex@example.com',
      });
      expect((await agencyB.get(`/api/staff-booking-requests/${id}/booking/`)).status).toBe(404);
      expect((await customer.get(`/api/staff-booking-requests/${id}/booking/`)).status).toBe(403);
    });

    it("books a visitor's request for a new customer record made from it, linked, and ends the hold", async () => {
      const vehicle = await addVehicle();
      const id = await visitorAsks(vehicle, day(150), day(152), 'jane.doe@example.com');
      await accept(id);
      const reply = await bookIt(agent, id, {
        booking_amount: '120.50',
        booking_deposit: '',
        payment_method: 'mobile transfer',
        booking_status: 'pending',
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        vehicle,
        customer_details: {
          first_name: 'Jane',
          last_name: 'Doe',
          email: 'jane.doe@example.com',
          phone_number: '+44 20 7946 0123',
        },
        start_date: day(150),
        end_date: day(152),
        pickup_time: '08:30',
        dropoff_time: '19:00',
        booking_amount: '120.50',
        booking_deposit: '200.00',
        payment_method: 'mobile transfer',
        booking_status: 'pending',
        booking_request: id,
      });
      const made = await db()
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', reply.body.customer)
        .executeTakeFirstOrThrow();
      expect(made).toMatchObject({ agency_id: world.agencies.a, user_id: null, title: 'MR' });
      const request = await agent.get<StaffBookingRequest>(`/api/staff-booking-requests/${id}/`);
      expect(request.body).toMatchObject({ has_booking: true, booking_id: reply.body.id, hold_until: null });
      expect((await agent.get<{ id: number }[]>(`/api/customers/?search=jane.doe`)).body.map((c) => c.id)).toEqual([
        reply.body.customer,
      ]);

      const again = await bookIt(agent, id);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(`This booking request already has booking #${reply.body.id}.`);
    });

    it("books a customer's request for them, priced from the vehicle, and a visitor's for the agency's customer with that e-mail", async () => {
      const vehicle = await addVehicle();
      const own = await ask(customer, vehicle, day(160), day(161));
      await accept(own);
      const reply = await bookIt(staff, own);
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        customer: world.customers.own,
        booking_amount: '90.00',
        booking_deposit: '200.00',
        payment_method: 'cash',
        booking_status: 'confirmed',
        pickup_location: 'Leeds Station',
        dropoff_location: 'Leeds Station',
      });

      const visitor = await visitorAsks(vehicle, day(170), day(170), 'Alex@Example.com');
      await accept(visitor);
      const customers = await countCustomers();
      const found = await bookIt(agency, visitor);
      expect(found.status).toBe(201);
      expect(found.body.customer).toBe(world.customers.createdByA);
      expect(await countCustomers()).toBe(customers);
    });

    it('answers a replay with the same Idempotency-Key with the same booking', async () => {
      const vehicle = await addVehicle();
      const id = await visitorAsks(vehicle, day(180), day(181), 'replay@example.com');
      await accept(id);
      const first = await bookIt(agent, id, {}, 'book-request-replay');
      const replay = await bookIt(agent, id, {}, 'book-request-replay');
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(await rows.countBookings(db(), vehicle)).toBe(1);
    });

    it('refuses a request not accepted, expired, or whose dates are taken (409), and writes nothing', async () => {
      const vehicle = await addVehicle();
      const pending = await visitorAsks(vehicle, day(190), day(191), 'pending@example.com');
      const notAccepted = await bookIt(agent, pending);
      expect(notAccepted.status).toBe(409);
      expect(notAccepted.body.error).toBe('Only an accepted booking request can be made into a booking.');

      await accept(pending);
      await endHold(pending);
      const row = await db()
        .selectFrom('booking_requests')
        .select('hold_until')
        .where('id', '=', pending)
        .executeTakeFirstOrThrow();
      const expired = await bookIt(agent, pending);
      expect(expired.status).toBe(409);
      expect(expired.body.error).toBe(
        `This booking request's hold ended on ${dayMonthTimeUtc(row.hold_until ?? '')}. Accept it again to hold the vehicle, then create the booking.`,
      );

      const taken = await visitorAsks(vehicle, day(200), day(202), 'taken@example.com');
      await accept(taken);
      // Booked before holds existed: the transaction's own check still refuses it.
      await rows.insertBooking(db(), {
        customer_id: world.customers.createdByA,
        vehicle_id: vehicle,
        start_date: day(202),
        end_date: day(203),
        booking_status: 'confirmed',
      });
      const customers = await countCustomers();
      const clash = await bookIt(agent, taken);
      expect(clash.status).toBe(409);
      expect(clash.body.error).toMatch(/^This vehicle is already booked from /);
      expect(await countCustomers()).toBe(customers);
      expect(await rows.countBookings(db(), vehicle)).toBe(1);
    });

    it("refuses bad input (400), another agency's request (404), customers (403) and the signed-out (401)", async () => {
      const vehicle = await addVehicle();
      const id = await visitorAsks(vehicle, day(210), day(211), 'refusals@example.com');
      await accept(id);
      const customers = await countCustomers();
      const bad = await bookIt(agent, id, { booking_amount: 'lots', booking_status: 'active', payment_method: 'gold' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['booking_amount', 'booking_status', 'payment_method']);
      expect((await bookIt(agencyB, id)).status).toBe(404);
      expect((await bookIt(customer, id)).status).toBe(403);
      expect((await bookIt(anonymous, id)).status).toBe(401);
      expect((await agent.post('/api/staff-booking-requests/999999/booking/', {})).status).toBe(404);
      expect(await countCustomers()).toBe(customers);
      expect(await rows.countBookings(db(), vehicle)).toBe(0);
    });
  });
});
