import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerBooking, CustomerBookingRequest } from '#domain/api/bookings';
import type { QuoteView } from '#domain/api/quotes';
import { addDays, todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { FINALIZE_DETAILS, startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);

/** The lines POST quotes/ gave, as a booking stores them: nothing overridden. */
const asStored = (quote: QuoteView) =>
  quote.lines.map((line) => ({ ...line, quoted_amount: null, override_reason: null }));

interface Finalized {
  booking_id: number;
  booking: CustomerBooking;
}

/**
 * Issue 21: the confirmation wizard may change a request's extras and driver's age. Unchanged,
 * the booking takes the request's stored quote; changed, the current plan's quote for the new
 * choice, the stock checked under the locks; a total other than the one the screen showed
 * (`expected_total`) is refused with the new quote and nothing is written.
 */
describe(`POST booking-request/{id}/finalize/ with the quote (${ENGINE})`, () => {
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

  const addVehicle = () =>
    rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1, world.locations.a2]);

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

  const rental = (vehicle: number, extras: { extra_id: number; quantity: number }[]) => ({
    vehicle_id: vehicle,
    start_date: day(30),
    end_date: day(39),
    pickup_time: '10:00',
    dropoff_time: '17:30',
    pickup_location_id: world.locations.a1,
    dropoff_location_id: world.locations.a2,
    extras,
    driver_age: 22,
  });

  /** A request of the customer's, accepted by the agency: ready for the wizard. */
  const acceptedRequest = async (extras = [{ extra_id: seat, quantity: 1 }]) => {
    const body = rental(await addVehicle(), extras);
    const sent = await customer.post<CustomerBookingRequest>('/api/booking-requests/', body);
    expect(sent.status).toBe(201);
    const accepted = await agency.patch(`/api/staff-booking-requests/${sent.body.id}/`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    if (!sent.body.quote) throw new Error('The request has no quote.');
    return { id: sent.body.id, body, quote: sent.body.quote };
  };

  const finalize = (client: TestClient, id: number, change: Record<string, unknown> = {}) =>
    client.post<Finalized & ErrorBody & { quote?: QuoteView }>(`/api/booking-request/${id}/finalize/`, {
      ...FINALIZE_DETAILS,
      ...change,
    });

  const quoteFor = async (body: Record<string, unknown>) => {
    const reply = await customer.post<QuoteView>('/api/quotes/', body);
    expect(reply.status).toBe(200);
    return reply.body;
  };

  const bookingsOf = (requestId: number) =>
    db().selectFrom('bookings').selectAll().where('booking_request_id', '=', requestId).execute();

  const bookingExtras = (bookingId: number) =>
    db()
      .selectFrom('booking_extras')
      .select(['extra_id', 'quantity', 'location_id'])
      .where('booking_id', '=', bookingId)
      .orderBy('extra_id')
      .execute();

  const requestStatus = async (id: number) =>
    (await db().selectFrom('booking_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  const customerRow = () =>
    db().selectFrom('customers').selectAll().where('id', '=', world.customers.own).executeTakeFirstOrThrow();

  /** The agency raises its day rates: every new quote costs more, stored ones do not move. */
  const setRates = async (seatPrice: number) => {
    await db().updateTable('extras').set({ price: seatPrice }).where('id', '=', seat).execute();
    await db()
      .updateTable('agencies')
      .set((eb) => ({ rate_plan_version: eb('rate_plan_version', '+', 1) }))
      .where('id', '=', world.agencies.a)
      .execute();
  };

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
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

  it('unchanged: the booking takes the stored quote although the rates rose, with expected_total the stored total', async () => {
    const request = await acceptedRequest();
    // The wizard starts from the age the request was priced for.
    const own = await customer.get<CustomerBookingRequest>(`/api/booking-requests/${request.id}/`);
    expect(own.body.driver_age).toBe(22);
    await setRates(900);
    try {
      const reply = await finalize(customer, request.id, {
        extras: [{ extra_id: seat, quantity: 1 }],
        driver_age: 22,
        expected_total: request.quote.total,
      });
      expect(reply.status).toBe(201);
      expect(reply.body.booking.booking_amount).toBe(request.quote.total);
      expect(reply.body.booking.quote).toEqual(request.quote);
      const [booking] = await bookingsOf(request.id);
      expect(booking).toMatchObject({
        pickup_location_id: world.locations.a1,
        dropoff_location_id: world.locations.a2,
        rate_plan_version: request.quote.plan_version,
        driver_age: 22,
      });
    } finally {
      await setRates(500);
    }
  });

  it("changed extras: the booking takes the current plan's quote for the new choice, and its extras", async () => {
    const request = await acceptedRequest();
    await setRates(900);
    try {
      const extras = [
        { extra_id: seat, quantity: 2 },
        { extra_id: driver, quantity: 1 },
      ];
      const quote = await quoteFor({ ...request.body, extras });
      expect(quote.total).not.toBe(request.quote.total);
      const reply = await finalize(customer, request.id, { extras, expected_total: quote.total });
      expect(reply.status).toBe(201);
      expect(reply.body.booking.booking_amount).toBe(quote.total);
      expect(reply.body.booking.quote?.lines).toEqual(asStored(quote));
      expect(reply.body.booking.quote?.plan_version).toBe(quote.plan_version);
      const got = await customer.get<CustomerBooking>(`/api/bookings/${reply.body.booking_id}/`);
      expect(got.body.quote?.lines).toEqual(asStored(quote));
      expect(await bookingExtras(reply.body.booking_id)).toEqual(
        [
          { extra_id: seat, quantity: 2, location_id: world.locations.a1 },
          { extra_id: driver, quantity: 1, location_id: null },
        ].sort((a, b) => a.extra_id - b.extra_id),
      );
      // The request keeps what it was sent with.
      const own = await customer.get<CustomerBookingRequest>(`/api/booking-requests/${request.id}/`);
      expect(own.body.quote).toEqual(request.quote);
    } finally {
      await setRates(500);
    }
  });

  it("a changed driver's age (no date of birth known) drops the young-driver fee", async () => {
    const request = await acceptedRequest();
    expect(request.quote.lines.map((line) => line.code)).toContain('fee:young_driver');
    const quote = await quoteFor({ ...request.body, driver_age: 30 });
    const reply = await finalize(customer, request.id, { driver_age: 30, expected_total: quote.total });
    expect(reply.status).toBe(201);
    expect(reply.body.booking.quote?.lines.map((line) => line.code)).not.toContain('fee:young_driver');
    expect((await bookingsOf(request.id))[0]).toMatchObject({ driver_age: 30 });
  });

  it("refuses (409 on extras) an extra out of stock, writing nothing; the request's own held extra still counts as its own", async () => {
    const rack = await addLimitedExtra('Ski rack', 1);
    // Another accepted request holds the only rack for those days.
    await acceptedRequest([{ extra_id: rack, quantity: 1 }]);
    const request = await acceptedRequest();
    const reply = await finalize(customer, request.id, {
      extras: [
        { extra_id: seat, quantity: 1 },
        { extra_id: rack, quantity: 1 },
      ],
    });
    expect(reply.status).toBe(409);
    const sentence = 'Ski rack: none left at this pickup location for those dates.';
    expect(reply.body).toEqual({ error: sentence, fields: { extras: [sentence] } });
    expect(await bookingsOf(request.id)).toHaveLength(0);
    expect(await requestStatus(request.id)).toBe('accepted');

    // A request holding the last rack may add a driver: its own rack is not counted against it.
    const box = await addLimitedExtra('Roof box', 1);
    const holder = await acceptedRequest([{ extra_id: box, quantity: 1 }]);
    const kept = await finalize(customer, holder.id, {
      extras: [
        { extra_id: box, quantity: 1 },
        { extra_id: driver, quantity: 1 },
      ],
    });
    expect(kept.status).toBe(201);
    expect(await bookingExtras(kept.body.booking_id)).toHaveLength(2);
  });

  it('refuses (409 on expected_total) a total other than the one shown, with the new quote, writing nothing', async () => {
    const request = await acceptedRequest();
    const extras = [
      { extra_id: seat, quantity: 1 },
      { extra_id: driver, quantity: 1 },
    ];
    const shown = await quoteFor({ ...request.body, extras });
    // The agency changes a rate between the screen's quote and the customer's confirmation.
    await setRates(900);
    try {
      const now = await quoteFor({ ...request.body, extras });
      const before = await customerRow();
      const reply = await finalize(customer, request.id, {
        extras,
        expected_total: shown.total,
        street_address: '2 Changed Road',
      });
      expect(reply.status).toBe(409);
      const pounds = `£${now.total}`;
      const sentence = `The price changed to ${pounds} since you saw it. Check the new price and confirm again.`;
      expect(reply.body).toEqual({ error: sentence, fields: { expected_total: [sentence] }, quote: now });
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(await bookingsOf(request.id)).toHaveLength(0);
      expect(await requestStatus(request.id)).toBe('accepted');
      expect((await customerRow()).street_address).toBe(before.street_address);

      // Confirmed again with the total shown now, it is booked at it.
      const again = await finalize(customer, request.id, { extras, expected_total: now.total });
      expect(again.status).toBe(201);
      expect(again.body.booking.booking_amount).toBe(now.total);
    } finally {
      await setRates(500);
    }
  });

  it('refuses (409 on expected_total) an unchanged request whose stored total is not the one shown', async () => {
    const request = await acceptedRequest();
    const reply = await finalize(customer, request.id, { expected_total: '1.00' });
    expect(reply.status).toBe(409);
    expect(Object.keys(reply.body.fields ?? {})).toEqual(['expected_total']);
    expect(reply.body.quote).toBeUndefined();
    expect(await bookingsOf(request.id)).toHaveLength(0);
  });

  it('refuses a driving licence that expires before the return, on end_date, writing nothing', async () => {
    const request = await acceptedRequest();
    await db()
      .updateTable('customers')
      .set({ license_expiry: day(38) })
      .where('id', '=', world.customers.own)
      .execute();
    try {
      const reply = await finalize(customer, request.id);
      expect(reply.status).toBe(400);
      const expiry = day(38).split('-').reverse().join('/');
      const message = `Your driving license expires on ${expiry}, before the return. Update it in Settings first.`;
      expect(reply.body).toEqual({ error: message, fields: { end_date: [message] } });
      expect(await bookingsOf(request.id)).toHaveLength(0);
    } finally {
      await db().updateTable('customers').set({ license_expiry: null }).where('id', '=', world.customers.own).execute();
    }
  });

  it("the license step's dates: an expiry before the return is refused; a date of birth prices the age and is kept", async () => {
    const request = await acceptedRequest();
    const refused = await finalize(customer, request.id, { license_expiry: day(38) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields ?? {})).toEqual(['end_date']);
    expect(await bookingsOf(request.id)).toHaveLength(0);
    expect((await customerRow()).license_expiry).toBeNull();

    // 30 on the start date: the young-driver fee goes, whatever age the request was sent with.
    const birth = addDays(day(30), -(30 * 366));
    const quote = await quoteFor({ ...request.body, driver_age: 30 });
    try {
      const reply = await finalize(customer, request.id, {
        date_of_birth: birth,
        license_number: '  CASEY 901234 CC9AB ',
        license_expiry: day(400),
        expected_total: quote.total,
      });
      expect(reply.status).toBe(201);
      expect(reply.body.booking.quote?.lines).toEqual(asStored(quote));
      expect(await customerRow()).toMatchObject({
        date_of_birth: birth,
        license_number: 'CASEY 901234 CC9AB',
        license_expiry: day(400),
      });
    } finally {
      await db()
        .updateTable('customers')
        .set({ date_of_birth: null, license_number: null, license_expiry: null })
        .where('id', '=', world.customers.own)
        .execute();
    }
  });

  it.each([
    ['a date of birth in the future', { date_of_birth: day(5) }, 'date_of_birth'],
    ['a license expiry that is not a date', { license_expiry: 'soon' }, 'license_expiry'],
    ['a license number with a slash', { license_number: 'AB/12' }, 'license_number'],
    ['extras that are not a list', { extras: 'seat' }, 'extras'],
    ['the same extra twice', { extras: [{ extra_id: 1 }, { extra_id: 1 }] }, 'extras'],
    ['a quantity of 0', { extras: [{ extra_id: 1, quantity: 0 }] }, 'extras'],
    ['a driver under 16', { driver_age: 12 }, 'driver_age'],
    ['an expected total that is not an amount', { expected_total: 'lots' }, 'expected_total'],
  ])('refuses %s with a 400 on its field, writing nothing', async (_name, change, field) => {
    const request = await acceptedRequest();
    const reply = await finalize(customer, request.id, change);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
    expect(await bookingsOf(request.id)).toHaveLength(0);
  });

  it("refuses (400 on extras) another agency's extra", async () => {
    const foreign = (
      await db()
        .insertInto('extras')
        .values({
          agency_id: world.agencies.b,
          name: 'Foreign box',
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
    const request = await acceptedRequest();
    const reply = await finalize(customer, request.id, { extras: [{ extra_id: foreign, quantity: 1 }] });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toHaveProperty('extras');
    expect(await bookingsOf(request.id)).toHaveLength(0);
  });

  it('is refused to another customer (404), staff (403) and a visitor (401), writing nothing', async () => {
    const request = await acceptedRequest();
    const change = { extras: [{ extra_id: driver, quantity: 1 }] };
    const other = await finalize(customer2, request.id, change);
    expect(other.status).toBe(404);
    expect(other.body.quote).toBeUndefined();
    for (const staff of [agency, agent, agencyB]) expect((await finalize(staff, request.id, change)).status).toBe(403);
    expect((await finalize(anonymous, request.id, change)).status).toBe(401);
    expect(await bookingsOf(request.id)).toHaveLength(0);
  });
});
