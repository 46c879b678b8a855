import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnonymousBookingRequestReceipt, StaffBookingRequest } from '#domain/api/booking-requests';
import type { CustomerBooking, CustomerBookingRequest, StaffBooking } from '#domain/api/bookings';
import type { QuoteView, StoredQuoteView } from '#domain/api/quotes';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);

/** The lines POST quotes/ gave, as a request or a booking stores them: nothing overridden. */
const asStored = (quote: QuoteView) =>
  quote.lines.map((line) => ({ ...line, quoted_amount: null, override_reason: null }));

/**
 * Issue 21: booking requests (customer and visitor) are priced by the server when sent and keep
 * their itemised quote, extras and driver's age; accepting holds the extras under their locks;
 * the booking made from a request takes the request's quote, whatever the rates are by then.
 */
describe(`requests keep their quote (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;
  const db = () => t.app.deps.db;
  const now = () => new Date().toISOString();
  let seat: number;
  let driver: number;
  let season: number;

  /** A fresh vehicle of agency A (£45.00 a day) at both of its locations. */
  const addVehicle = () =>
    rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1, world.locations.a2]);

  /** A stock-limited extra of agency A with `stock` units at a1. */
  const addLimitedExtra = async (name: string, stock: number) => {
    const row = await db()
      .insertInto('extras')
      .values({
        agency_id: world.agencies.a,
        name,
        charge: 'per_day',
        price: 500,
        cap_per_rental: null,
        max_quantity: 3,
        stock_limited: 1,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('extra_stock')
      .values({ extra_id: row.id, location_id: world.locations.a1, quantity: stock })
      .execute();
    return row.id;
  };

  /** The itemised example: 10 days across the season's start, one-way, a child seat and a second driver, aged 22. */
  const rental = (vehicle: number) => ({
    vehicle_id: vehicle,
    start_date: day(30),
    end_date: day(39),
    pickup_time: '10:00',
    dropoff_time: '17:30',
    pickup_location_id: world.locations.a1,
    dropoff_location_id: world.locations.a2,
    extras: [
      { extra_id: seat, quantity: 1 },
      { extra_id: driver, quantity: 1 },
    ],
    driver_age: 22,
  });

  const visitorDetails = (email: string) => ({
    first_name: 'Vic',
    last_name: 'Visitor',
    phone_number: '+44 20 7946 0958',
    email,
  });

  const visitor = () => new TestClient(t.app, { remoteAddress: anotherAddress() });

  const quoteFor = async (client: TestClient, body: Record<string, unknown>) => {
    const reply = await client.post<QuoteView>('/api/quotes/', body);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  const submit = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    customer.post<CustomerBookingRequest & ErrorBody>('/api/booking-requests/', body, headers ? { headers } : {});

  const requestRow = (id: number) =>
    db().selectFrom('booking_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const requestLines = (id: number) =>
    db()
      .selectFrom('request_quote_lines')
      .select(['code', 'amount'])
      .where('booking_request_id', '=', id)
      .orderBy('position')
      .execute();

  const requestExtras = (id: number) =>
    db()
      .selectFrom('request_extras')
      .select(['extra_id', 'quantity', 'location_id'])
      .where('booking_request_id', '=', id)
      .orderBy('extra_id')
      .execute();

  const countRequests = async () =>
    Number(
      (
        await db()
          .selectFrom('booking_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const setCustomer = (values: { date_of_birth?: string | null; license_expiry?: string | null }) =>
    db().updateTable('customers').set(values).where('id', '=', world.customers.own).execute();

  const accept = (client: TestClient, id: number) =>
    client.patch<StaffBookingRequest & ErrorBody>(`/api/staff-booking-requests/${id}/`, { status: 'accepted' });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
    season = (
      await db()
        .insertInto('seasons')
        .values({
          agency_id: world.agencies.a,
          name: 'Peak',
          start_date: day(35),
          end_date: day(60),
          adjustment_kind: 'percent',
          day_rate: null,
          basis_points: 2000,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('one_way_fees')
      .values({
        agency_id: world.agencies.a,
        from_location_id: world.locations.a1,
        to_location_id: world.locations.a2,
        amount: 3500,
      })
      .execute();
    await db()
      .updateTable('agencies')
      .set({ young_driver_under_age: 25, young_driver_charge: 'per_day', young_driver_amount: 800 })
      .where('id', '=', world.agencies.a)
      .execute();
    seat = await addLimitedExtra('Child seat', 20);
    driver = (
      await db()
        .insertInto('extras')
        .values({
          agency_id: world.agencies.a,
          name: 'Additional driver',
          charge: 'per_rental',
          price: 2500,
          cap_per_rental: null,
          max_quantity: 1,
          stock_limited: 0,
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .updateTable('customers')
      .set({ drivers_license_key: 'licenses/casey', drivers_license_type: 'image/webp' })
      .where('id', '=', world.customers.own)
      .execute();
  });
  afterAll(async () => t.close());

  describe('POST booking-requests/ (customer)', () => {
    it('stores exactly the lines POST quotes/ gave, the plan version, the driver age and the extras', async () => {
      const vehicle = await addVehicle();
      const body = rental(vehicle);
      const quote = await quoteFor(customer, body);
      expect(quote.lines.map((line) => line.code)).toEqual(
        expect.arrayContaining([`rental:season:${season}`, `extra:${seat}`, 'fee:one_way', 'fee:young_driver']),
      );

      const reply = await submit(body);
      expect(reply.status).toBe(201);
      const stored: StoredQuoteView = {
        plan_version: quote.plan_version,
        lines: asStored(quote),
        total: quote.total,
        extras: [
          { extra_id: seat, name: 'Child seat', quantity: 1 },
          { extra_id: driver, name: 'Additional driver', quantity: 1 },
        ].sort((a, b) => a.extra_id - b.extra_id),
      };
      expect(reply.body.quote).toEqual(stored);

      const row = await requestRow(reply.body.id);
      expect(row).toMatchObject({
        rate_plan_version: quote.plan_version,
        driver_age: 22,
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a2,
      });
      expect((await requestLines(reply.body.id)).map((line) => line.code)).toEqual(
        quote.lines.map((line) => line.code),
      );
      expect(await requestExtras(reply.body.id)).toEqual(
        [
          { extra_id: seat, quantity: 1, location_id: world.locations.a1 },
          { extra_id: driver, quantity: 1, location_id: null },
        ].sort((a, b) => a.extra_id - b.extra_id),
      );

      // The customer's and the staff's views, single and listed, carry the same quote.
      const own = await customer.get<CustomerBookingRequest>(`/api/booking-requests/${reply.body.id}/`);
      expect(own.body.quote).toEqual(stored);
      const seen = await agent.get<StaffBookingRequest>(`/api/staff-booking-requests/${reply.body.id}/`);
      expect(seen.body.quote).toEqual(stored);
      const listed = await agency.get<StaffBookingRequest[]>('/api/staff-booking-requests/?limit=50');
      expect(listed.body.find((item) => item.id === reply.body.id)?.quote).toEqual(stored);
      const ownList = await customer.get<CustomerBookingRequest[]>('/api/booking-requests/?limit=50');
      expect(ownList.body.find((item) => item.id === reply.body.id)?.quote).toEqual(stored);
    });

    it("prices the customer's age on the start date from their date of birth, whatever the body says", async () => {
      // 30 on the start date: no young-driver fee although the body says 22.
      await setCustomer({ date_of_birth: addDays(day(30), -(30 * 366)) });
      try {
        const vehicle = await addVehicle();
        const reply = await submit(rental(vehicle));
        expect(reply.status).toBe(201);
        const row = await requestRow(reply.body.id);
        expect(row.driver_age).toBe(30);
        expect(reply.body.quote?.lines.map((line) => line.code)).not.toContain('fee:young_driver');
        const quote = await quoteFor(customer, { ...rental(vehicle), driver_age: 30 });
        expect(reply.body.quote?.lines).toEqual(asStored(quote));
      } finally {
        await setCustomer({ date_of_birth: null });
      }
    });

    it('refuses a driving licence that expires before the return, on end_date, and stores nothing', async () => {
      await setCustomer({ license_expiry: day(38) });
      try {
        const before = await countRequests();
        const reply = await submit(rental(await addVehicle()));
        expect(reply.status).toBe(400);
        const expiry = day(38).split('-').reverse().join('/');
        const message = `Your driving license expires on ${expiry}, before the return. Update it in Settings first.`;
        expect(reply.body).toEqual({ error: message, fields: { end_date: [message] } });
        expect(await countRequests()).toBe(before);
        // A licence that lasts to the return day itself is enough.
        await setCustomer({ license_expiry: day(39) });
        expect((await submit(rental(await addVehicle()))).status).toBe(201);
      } finally {
        await setCustomer({ license_expiry: null });
      }
    });

    it.each([
      ['a driver under 16', { driver_age: 15 }, 'driver_age'],
      ['extras that are not a list', { extras: 'seat' }, 'extras'],
      ['the same extra twice', { extras: [{ extra_id: 1 }, { extra_id: 1 }] }, 'extras'],
      ['a quantity of 0', { extras: [{ extra_id: 1, quantity: 0 }] }, 'extras'],
    ])('refuses %s with a 400 on its field', async (_name, change, field) => {
      const before = await countRequests();
      const reply = await submit({ ...rental(await addVehicle()), ...change });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
      expect(await countRequests()).toBe(before);
    });

    it("refuses another agency's extra and more than the stock left, on extras, storing nothing", async () => {
      const foreign = (
        await db()
          .insertInto('extras')
          .values({
            agency_id: world.agencies.b,
            name: 'Roof box',
            charge: 'per_rental',
            price: 1000,
            cap_per_rental: null,
            max_quantity: 1,
            stock_limited: 0,
            created_at: now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const before = await countRequests();
      const notOffered = await submit({ ...rental(await addVehicle()), extras: [{ extra_id: foreign }] });
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.fields).toHaveProperty('extras');

      const gps = await addLimitedExtra('GPS', 1);
      const short = await submit({ ...rental(await addVehicle()), extras: [{ extra_id: gps, quantity: 2 }] });
      expect(short.status).toBe(409);
      expect(short.body.fields).toEqual({ extras: ['GPS: only 1 left at this pickup location for those dates.'] });
      expect(await countRequests()).toBe(before);
    });

    it('stores one request for a replay with the same Idempotency-Key, answering the same reply', async () => {
      const body = rental(await addVehicle());
      const headers = { 'Idempotency-Key': 'request-quote-replay-1' };
      const first = await submit(body, headers);
      expect(first.status).toBe(201);
      const before = await countRequests();
      const again = await submit(body, headers);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await countRequests()).toBe(before);
      expect(await requestLines(first.body.id)).toHaveLength(first.body.quote?.lines.length ?? -1);
      expect(await requestExtras(first.body.id)).toHaveLength(2);
    });
  });

  describe('POST rentals/booking-requests/ (visitor)', () => {
    it('stores the quote with the chosen locations and extras, and answers it in the receipt', async () => {
      const vehicle = await addVehicle();
      const body = rental(vehicle);
      const quote = await quoteFor(anonymous, body);
      const reply = await visitor().post<AnonymousBookingRequestReceipt>('/api/rentals/booking-requests/', {
        ...body,
        ...visitorDetails('vic.quote@example.com'),
      });
      expect(reply.status).toBe(201);
      expect(reply.body.quote.lines).toEqual(asStored(quote));
      expect(reply.body.quote.total).toBe(quote.total);
      expect(reply.body.quote.plan_version).toBe(quote.plan_version);
      const row = await requestRow(reply.body.id);
      expect(row).toMatchObject({
        customer_id: null,
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a2,
        driver_age: 22,
        rate_plan_version: quote.plan_version,
      });
      expect(await requestExtras(reply.body.id)).toHaveLength(2);
      const seen = await agency.get<StaffBookingRequest>(`/api/staff-booking-requests/${reply.body.id}/`);
      expect(seen.body.quote).toEqual(reply.body.quote);
      expect(seen.body.pickup_location).toEqual({ id: world.locations.a1, name: 'Leeds Station' });
    });

    it("refuses a location that is not the vehicle's, on its field, storing nothing", async () => {
      const before = await countRequests();
      const reply = await visitor().post<ErrorBody>('/api/rentals/booking-requests/', {
        ...rental(await addVehicle()),
        pickup_location_id: world.locations.b1,
        ...visitorDetails('vic.far@example.com'),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toHaveProperty('pickup_location_id');
      expect(await countRequests()).toBe(before);
    });

    it('refuses a limited extra without a pickup location, on extras', async () => {
      const { pickup_location_id: _p, dropoff_location_id: _d, ...body } = rental(await addVehicle());
      const reply = await visitor().post<ErrorBody>('/api/rentals/booking-requests/', {
        ...body,
        ...visitorDetails('vic.nowhere@example.com'),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields).toEqual({ extras: ['Child seat: choose a pickup location to take it from.'] });
    });
  });

  describe('accepting holds the extras', () => {
    it('refuses (409 on extras) an acceptance short of stock, leaving the request pending', async () => {
      const chains = await addLimitedExtra('Snow chains', 1);
      const body = (vehicle: number) => ({ ...rental(vehicle), extras: [{ extra_id: chains, quantity: 1 }] });
      const first = await submit(body(await addVehicle()));
      const second = await submit({ ...body(await addVehicle()), start_date: day(36), end_date: day(45) });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((await accept(agency, first.body.id)).status).toBe(200);

      const refused = await accept(agency, second.body.id);
      expect(refused.status).toBe(409);
      const sentence = 'Snow chains: none left at this pickup location for those dates.';
      expect(refused.body).toEqual({ error: sentence, fields: { extras: [sentence] } });
      expect(await requestRow(second.body.id)).toMatchObject({ status: 'pending', hold_until: null, is_reviewed: 0 });

      // The held request's chains count against stock: a new request for those days is refused too.
      const third = await submit({ ...body(await addVehicle()), start_date: day(39), end_date: day(40) });
      expect(third.status).toBe(409);
      // Declining the first frees them: the second can be accepted.
      expect((await agency.patch(`/api/staff-booking-requests/${first.body.id}/`, { status: 'declined' })).status).toBe(
        200,
      );
      expect((await accept(agency, second.body.id)).status).toBe(200);
    });

    it('gives the last seat to one of two acceptances made at once', async () => {
      const booster = await addLimitedExtra('Booster seat', 1);
      const body = (vehicle: number) => ({ ...rental(vehicle), extras: [{ extra_id: booster, quantity: 1 }] });
      const ids = [];
      for (let index = 0; index < 2; index += 1) {
        const reply = await submit(body(await addVehicle()));
        expect(reply.status).toBe(201);
        ids.push(reply.body.id);
      }
      const [a, b] = ids as [number, number];
      const replies = await Promise.all([accept(agency, a), accept(agent, b)]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
      const statuses = await db().selectFrom('booking_requests').select('status').where('id', 'in', [a, b]).execute();
      expect(statuses.filter((row) => row.status === 'accepted')).toHaveLength(1);
    });

    it("cannot be done by another agency or a customer (the request's quote is not given away)", async () => {
      const reply = await submit(rental(await addVehicle()));
      const other = await accept(agencyB, reply.body.id);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ error: 'Booking request not found.' });
      expect(
        (await customer2.patch(`/api/staff-booking-requests/${reply.body.id}/`, { status: 'accepted' })).status,
      ).toBe(403);
      expect((await anonymous.get(`/api/staff-booking-requests/${reply.body.id}/`)).status).toBe(401);
      expect((await customer2.get(`/api/booking-requests/${reply.body.id}/`)).status).toBe(404);
      expect(await requestRow(reply.body.id)).toMatchObject({ status: 'pending' });
    });
  });

  describe('the booking made from a request takes its quote', () => {
    const raiseRates = async () => {
      await db().updateTable('seasons').set({ basis_points: 5000 }).where('id', '=', season).execute();
      await db().updateTable('extras').set({ price: 900 }).where('id', '=', seat).execute();
      await db().updateTable('one_way_fees').set({ amount: 9900 }).where('agency_id', '=', world.agencies.a).execute();
      await db()
        .updateTable('agencies')
        .set((eb) => ({ rate_plan_version: eb('rate_plan_version', '+', 1) }))
        .where('id', '=', world.agencies.a)
        .execute();
    };
    const restoreRates = async () => {
      await db().updateTable('seasons').set({ basis_points: 2000 }).where('id', '=', season).execute();
      await db().updateTable('extras').set({ price: 500 }).where('id', '=', seat).execute();
      await db().updateTable('one_way_fees').set({ amount: 3500 }).where('agency_id', '=', world.agencies.a).execute();
    };

    const bookingLines = (id: number) =>
      db()
        .selectFrom('booking_quote_lines')
        .select(['code', 'label', 'quantity', 'unit_amount', 'amount'])
        .where('booking_id', '=', id)
        .orderBy('position')
        .execute();

    it("the customer's confirmation: a later change of rates changes neither the request nor the booking", async () => {
      const vehicle = await addVehicle();
      const created = await submit(rental(vehicle));
      expect(created.status).toBe(201);
      const quote = created.body.quote;
      if (!quote) throw new Error('The request has no quote.');
      await raiseRates();
      try {
        const moved = await quoteFor(customer, rental(vehicle));
        expect(moved.total).not.toBe(quote.total);
        expect(
          (await customer.get<CustomerBookingRequest>(`/api/booking-requests/${created.body.id}/`)).body.quote,
        ).toEqual(quote);
        expect((await accept(agency, created.body.id)).status).toBe(200);
        const finalized = await customer.post<{ booking_id: number; booking: CustomerBooking }>(
          `/api/booking-request/${created.body.id}/finalize/`,
          FINALIZE_DETAILS,
        );
        expect(finalized.status).toBe(201);
        expect(finalized.body.booking.booking_amount).toBe(quote.total);
        expect(finalized.body.booking.quote).toEqual(quote);
        const bookingId = finalized.body.booking_id;
        const booking = await db()
          .selectFrom('bookings')
          .selectAll()
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow();
        expect(booking).toMatchObject({ rate_plan_version: quote.plan_version, driver_age: 22 });
        expect((await bookingLines(bookingId)).map((line) => line.code)).toEqual(quote.lines.map((line) => line.code));
        const extras = await db()
          .selectFrom('booking_extras')
          .select(['extra_id', 'quantity', 'location_id'])
          .where('booking_id', '=', bookingId)
          .orderBy('extra_id')
          .execute();
        expect(extras).toEqual(await requestExtras(created.body.id));
        const own = await customer.get<CustomerBooking>(`/api/bookings/${bookingId}/`);
        expect(own.body.quote).toEqual(quote);
        const ownList = await customer.get<CustomerBooking[]>('/api/bookings/?limit=50');
        expect(ownList.body.find((item) => item.id === bookingId)?.quote).toEqual(quote);
      } finally {
        await restoreRates();
      }
    });

    it("staff's booking from a visitor's request: the draft and the booking take the stored total", async () => {
      const vehicle = await addVehicle();
      const receipt = await visitor().post<AnonymousBookingRequestReceipt>('/api/rentals/booking-requests/', {
        ...rental(vehicle),
        ...visitorDetails('vic.booked@example.com'),
      });
      expect(receipt.status).toBe(201);
      const quote = receipt.body.quote;
      await raiseRates();
      try {
        expect((await accept(agent, receipt.body.id)).status).toBe(200);
        const draft = await agent.get<{ booking_amount: string }>(
          `/api/staff-booking-requests/${receipt.body.id}/booking/`,
        );
        expect(draft.body.booking_amount).toBe(quote.total);
        const made = await agent.post<StaffBooking>(`/api/staff-booking-requests/${receipt.body.id}/booking/`, {});
        expect(made.status).toBe(201);
        expect(made.body.booking_amount).toBe(quote.total);
        expect((await bookingLines(made.body.id)).map((line) => line.amount)).toEqual(
          (await requestLines(receipt.body.id)).map((line) => line.amount),
        );
        const row = await db()
          .selectFrom('bookings')
          .selectAll()
          .where('id', '=', made.body.id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ rate_plan_version: quote.plan_version, driver_age: 22 });
        const taken = await db()
          .selectFrom('booking_extras')
          .selectAll()
          .where('booking_id', '=', made.body.id)
          .execute();
        expect(taken).toHaveLength(2);
      } finally {
        await restoreRates();
      }
    });

    it('refuses (409 on extras) a booking from a request whose extra is no longer in stock, writing nothing', async () => {
      const rack = await addLimitedExtra('Ski rack', 1);
      const held = await submit({ ...rental(await addVehicle()), extras: [{ extra_id: rack, quantity: 1 }] });
      expect(held.status).toBe(201);
      expect((await accept(agency, held.body.id)).status).toBe(200);
      // The agency gives up its only rack after accepting: the booking cannot promise it.
      await db().updateTable('extra_stock').set({ quantity: 0 }).where('extra_id', '=', rack).execute();
      const reply = await agency.post<ErrorBody>(`/api/staff-booking-requests/${held.body.id}/booking/`, {});
      expect(reply.status).toBe(409);
      const sentence = 'Ski rack: none left at this pickup location for those dates.';
      expect(reply.body).toEqual({ error: sentence, fields: { extras: [sentence] } });
      const made = await db()
        .selectFrom('bookings')
        .select('id')
        .where('booking_request_id', '=', held.body.id)
        .execute();
      expect(made).toHaveLength(0);
      // With the rack back, the booking is made and takes it.
      await db().updateTable('extra_stock').set({ quantity: 1 }).where('extra_id', '=', rack).execute();
      expect((await agency.post(`/api/staff-booking-requests/${held.body.id}/booking/`, {})).status).toBe(201);
    });

    it('a request sent before quotes has no quote and is booked by the day as before', async () => {
      const vehicle = await addVehicle();
      const id = await rows.insertBookingRequest(db(), {
        customer_id: world.customers.own,
        vehicle_id: vehicle,
        start_date: day(300),
        end_date: day(302),
      });
      expect((await customer.get<CustomerBookingRequest>(`/api/booking-requests/${id}/`)).body.quote).toBeNull();
      expect((await accept(agency, id)).status).toBe(200);
      const finalized = await customer.post<{ booking_id: number; booking: CustomerBooking }>(
        `/api/booking-request/${id}/finalize/`,
        FINALIZE_DETAILS,
      );
      expect(finalized.status).toBe(201);
      expect(finalized.body.booking).toMatchObject({ booking_amount: '135.00', quote: null });
      expect(await bookingLines(finalized.body.booking_id)).toEqual([]);
    });
  });
});
