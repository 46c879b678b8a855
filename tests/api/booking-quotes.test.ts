import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBookingDetail } from '#domain/api/bookings';
import type { Invoice } from '#domain/api/invoices';
import { addDays, todayIso } from '#domain/dates';
import { parseSignedMoney } from '#domain/money';
import { NOT_PRICEABLE } from '#server/services/bookings/price-booking';
import { TAX_INCLUDED_NOTE } from '#server/services/invoices/create-draft';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type BookingReply = StaffBookingDetail & ErrorBody;

const day = (n: number) => addDays(todayIso(), n);
const minor = (text: string) => parseSignedMoney(text) ?? Number.NaN;

/**
 * Issue 21: staff Add and Edit Booking are priced by the quote (extras, one-way, young driver,
 * discount), with per-line overrides kept with their reason; the stored lines never move with the
 * rates; invoice drafts take them.
 */
describe(`staff bookings priced by the quote (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  const db = () => t.app.deps.db;
  const now = () => new Date().toISOString();

  /** A fresh vehicle of agency A (£45.00 a day) picked up at a1 and a2. */
  const addVehicle = () =>
    rows.insertVehicle(db(), { agency_id: world.agencies.a, price_per_day: 4500 }, [
      world.locations.a1,
      world.locations.a2,
    ]);

  const addExtra = async (values: {
    name: string;
    charge: 'per_day' | 'per_rental';
    price: number;
    stock?: number;
  }) => {
    const row = await db()
      .insertInto('extras')
      .values({
        agency_id: world.agencies.a,
        name: values.name,
        charge: values.charge,
        price: values.price,
        cap_per_rental: null,
        max_quantity: 3,
        stock_limited: values.stock === undefined ? 0 : 1,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.stock !== undefined) {
      await db()
        .insertInto('extra_stock')
        .values({ extra_id: row.id, location_id: world.locations.a1, quantity: values.stock })
        .execute();
    }
    return row.id;
  };

  const countOf = async (table: 'bookings' | 'booking_extras' | 'booking_quote_lines', vehicle: number) => {
    const query =
      table === 'bookings'
        ? db().selectFrom('bookings').where('vehicle_id', '=', vehicle)
        : db()
            .selectFrom(table)
            .innerJoin('bookings', 'bookings.id', `${table}.booking_id`)
            .where('bookings.vehicle_id', '=', vehicle);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const sumOf = (booking: StaffBookingDetail) =>
    (booking.quote?.lines ?? []).reduce((sum, line) => sum + minor(line.amount), 0);

  let seat: number;
  let driver: number;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
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
    seat = await addExtra({ name: 'Child seat', charge: 'per_day', price: 600, stock: 2 });
    driver = await addExtra({ name: 'Additional driver', charge: 'per_rental', price: 2500 });
  });
  afterAll(async () => t.close());

  /** Ten days from day(start), a1 → a2, a child seat and an additional driver, aged 22. */
  const fullBody = (vehicle: number, start: number) => ({
    customer: world.customers.createdByA,
    vehicle,
    start_date: day(start),
    end_date: day(start + 9),
    pickup_location: 'Leeds Station',
    dropoff_location: 'York Centre',
    pickup_location_id: world.locations.a1,
    dropoff_location_id: world.locations.a2,
    extras: [
      { extra_id: seat, quantity: 1 },
      { extra_id: driver, quantity: 1 },
    ],
    driver_age: 22,
  });

  it('stores the quote of a staff booking with extras, one-way and a young driver: lines, amount, plan, extras', async () => {
    const vehicle = await addVehicle();
    const reply = await agent.post<BookingReply>('/api/bookings/', fullBody(vehicle, 30));
    expect(reply.status).toBe(201);
    const booking = reply.body;
    // 10 × £45 + 10 × £6 seat + £25 driver + £35 one-way + 10 × £8 young driver
    expect(booking.booking_amount).toBe('650.00');
    expect(booking).toMatchObject({ pickup_location_id: world.locations.a1, dropoff_location_id: world.locations.a2 });
    expect(booking.driver_age).toBe(22);
    const quote = booking.quote;
    if (!quote) throw new Error('the booking has no quote');
    expect(quote.total).toBe('650.00');
    expect(sumOf(booking)).toBe(65000);
    expect(quote.lines.map((line) => [line.code, line.amount])).toEqual([
      ['rental:base', '450.00'],
      [`extra:${seat}`, '60.00'],
      [`extra:${driver}`, '25.00'],
      ['fee:one_way', '35.00'],
      ['fee:young_driver', '80.00'],
    ]);
    expect(quote.lines.every((line) => line.quoted_amount === null && line.override_reason === null)).toBe(true);
    expect(quote.extras).toEqual([
      { extra_id: seat, name: 'Child seat', quantity: 1 },
      { extra_id: driver, name: 'Additional driver', quantity: 1 },
    ]);
    const row = await db()
      .selectFrom('bookings')
      .select(['booking_amount', 'rate_plan_version', 'driver_age', 'pickup_location_id', 'dropoff_location_id'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      booking_amount: 65000,
      rate_plan_version: quote.plan_version,
      driver_age: 22,
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a2,
    });
    const taken = await db()
      .selectFrom('booking_extras')
      .select(['extra_id', 'location_id', 'quantity'])
      .where('booking_id', '=', booking.id)
      .orderBy('extra_id')
      .execute();
    expect(taken).toEqual([
      { extra_id: seat, location_id: world.locations.a1, quantity: 1 },
      { extra_id: driver, location_id: null, quantity: 1 },
    ]);

    const read = await agency.get<BookingReply>(`/api/bookings/${booking.id}/`);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.body).toEqual(booking);
  });

  it('keeps an override with its reason and the quoted amount; the amount follows the lines', async () => {
    const vehicle = await addVehicle();
    const reply = await staff.post<BookingReply>('/api/bookings/', {
      ...fullBody(vehicle, 50),
      line_overrides: [{ code: 'fee:one_way', amount: '10.00', reason: 'Returning to the depot anyway' }],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.booking_amount).toBe('625.00');
    expect(reply.body.quote?.total).toBe('625.00');
    expect(reply.body.quote?.lines.find((line) => line.code === 'fee:one_way')).toEqual({
      kind: 'fee',
      code: 'fee:one_way',
      label: expect.any(String),
      quantity: 1,
      unit_amount: '35.00',
      amount: '10.00',
      quoted_amount: '35.00',
      override_reason: 'Returning to the depot anyway',
    });
    const stored = await db()
      .selectFrom('booking_quote_lines')
      .select(['amount', 'quoted_amount', 'override_reason'])
      .where('booking_id', '=', reply.body.id)
      .where('code', '=', 'fee:one_way')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ amount: 1000, quoted_amount: 3500, override_reason: 'Returning to the depot anyway' });

    // The customer reads the line as charged, without staff's notes (decision 048).
    const own = await staff.post<BookingReply>('/api/bookings/', {
      ...fullBody(vehicle, 36),
      customer: world.customers.own,
      line_overrides: [{ code: 'fee:one_way', amount: '10.00', reason: 'Returning to the depot anyway' }],
    });
    expect(own.status).toBe(201);
    const seen = await customer.get<BookingReply>(`/api/bookings/${own.body.id}/`);
    expect(seen.status).toBe(200);
    expect(seen.body.quote?.total).toBe(own.body.quote?.total);
    expect(seen.body.quote?.lines.find((line) => line.code === 'fee:one_way')).toEqual({
      kind: 'fee',
      code: 'fee:one_way',
      label: expect.any(String),
      quantity: 1,
      unit_amount: '35.00',
      amount: '10.00',
      quoted_amount: null,
      override_reason: null,
    });
    const listed = await customer.get<BookingReply[]>('/api/bookings/');
    const line = listed.body
      .find((booking) => booking.id === own.body.id)
      ?.quote?.lines.find((item) => item.code === 'fee:one_way');
    expect(line).toMatchObject({ amount: '10.00', quoted_amount: null, override_reason: null });

    // A discount line may go negative further; a typed amount is kept as typed, the lines as quoted.
    const typed = await staff.post<BookingReply>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: day(70),
      end_date: day(71),
      discount_amount: '5',
      line_overrides: [{ code: 'discount', amount: '-15.00', reason: 'Loyal customer' }],
      booking_amount: '60.00',
    });
    expect(typed.status).toBe(201);
    expect(typed.body.booking_amount).toBe('60.00');
    expect(typed.body.quote?.total).toBe('75.00');
  });

  it('refuses bad overrides on line_overrides, and nothing is written', async () => {
    const vehicle = await addVehicle();
    const base = { customer: world.customers.createdByA, vehicle, start_date: day(80), end_date: day(81) };
    const cases: [string, unknown, string][] = [
      ['an unknown code', [{ code: 'fee:nope', amount: '1', reason: 'x' }], 'The quote has no line "fee:nope".'],
      [
        'a negative rental line',
        [{ code: 'rental:base', amount: '-1', reason: 'x' }],
        'only a discount or a tier line may be negative.',
      ],
      ['no reason', [{ code: 'rental:base', amount: '1' }], 'Reason is required.'],
      ['a long reason', [{ code: 'rental:base', amount: '1', reason: 'x'.repeat(201) }], 'at most 200'],
      ['a bad amount', [{ code: 'rental:base', amount: '1.234', reason: 'x' }], 'Amount must be an amount'],
      [
        'the same line twice',
        [
          { code: 'rental:base', amount: '1', reason: 'x' },
          { code: 'rental:base', amount: '2', reason: 'y' },
        ],
        'Each line may be overridden once.',
      ],
      ['not a list', 'rental:base', 'Line overrides must be a list.'],
    ];
    for (const [, overrides, message] of cases) {
      const reply = await staff.post<ErrorBody>('/api/bookings/', { ...base, line_overrides: overrides });
      expect(reply.status).toBe(400);
      expect(reply.body.fields?.line_overrides?.[0]).toContain(message);
    }
    const foreign = await staff.post<ErrorBody>('/api/bookings/', { ...base, pickup_location_id: world.locations.b1 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toHaveProperty('pickup_location_id');
    const young = await staff.post<ErrorBody>('/api/bookings/', { ...base, driver_age: 12 });
    expect(young.status).toBe(400);
    expect(young.body.fields).toHaveProperty('driver_age');
    const unknownExtra = await staff.post<ErrorBody>('/api/bookings/', { ...base, extras: [{ extra_id: 999_999 }] });
    expect(unknownExtra.status).toBe(400);
    expect(unknownExtra.body.fields).toHaveProperty('extras');
    expect(await countOf('bookings', vehicle)).toBe(0);
  });

  it('refuses the signed-out, customers and another agency, before anything is written', async () => {
    const vehicle = await addVehicle();
    const body = fullBody(vehicle, 90);
    expect((await anonymous.post('/api/bookings/', body)).status).toBe(401);
    expect((await customer.post('/api/bookings/', body)).status).toBe(403);
    const other = await agencyB.post<ErrorBody>('/api/bookings/', { ...body, customer: world.customers.createdByB });
    expect(other.status).toBe(400);
    expect(other.body.fields).toHaveProperty('vehicle');
    expect(await countOf('bookings', vehicle)).toBe(0);

    const made = await agent.post<BookingReply>('/api/bookings/', body);
    expect(made.status).toBe(201);
    const url = `/api/bookings/${made.body.id}/`;
    expect((await agencyB.get(url)).status).toBe(404);
    expect((await agencyB.patch(url, { ...body, notes: 'Mine now' })).status).toBe(404);
    expect((await customer.patch(url, body)).status).toBe(403);
    expect((await anonymous.patch(url, body)).status).toBe(401);
    expect((await agent.get<BookingReply>(url)).body.notes).toBeNull();
  });

  it('leaves the lines alone when the rates change; an edit of notes keeps them, an edit of dates prices again', async () => {
    const vehicle = await addVehicle();
    const body = {
      ...fullBody(vehicle, 110),
      line_overrides: [{ code: 'fee:young_driver', amount: '40.00', reason: 'Experienced driver' }],
    };
    const made = await agent.post<BookingReply>('/api/bookings/', body);
    expect(made.status).toBe(201);
    expect(made.body.booking_amount).toBe('610.00');
    const url = `/api/bookings/${made.body.id}/`;

    // The rates change: a dearer vehicle, a dearer seat, a new one-way fee.
    await db().updateTable('vehicles').set({ price_per_day: 5000 }).where('id', '=', vehicle).execute();
    await db().updateTable('extras').set({ price: 900 }).where('id', '=', seat).execute();
    await db().updateTable('one_way_fees').set({ amount: 5000 }).where('agency_id', '=', world.agencies.a).execute();
    try {
      expect((await agent.get<BookingReply>(url)).body).toEqual(made.body);

      const notes = await agent.patch<BookingReply>(url, {
        ...body,
        notes: 'Call on arrival',
        booking_status: 'confirmed',
      });
      expect(notes.status).toBe(200);
      expect(notes.body).toMatchObject({ notes: 'Call on arrival', booking_status: 'confirmed' });
      expect(notes.body.quote).toEqual(made.body.quote);
      expect(notes.body.booking_amount).toBe('610.00');

      // New dates (nine days): priced by today's rates, the override sent again applied to the new lines.
      const moved = await agent.patch<BookingReply>(url, {
        ...body,
        notes: 'Call on arrival',
        start_date: day(111),
        end_date: day(119),
      });
      expect(moved.status).toBe(200);
      const lines = Object.fromEntries((moved.body.quote?.lines ?? []).map((line) => [line.code, line]));
      expect(lines['rental:base']).toMatchObject({ quantity: 9, unit_amount: '50.00', amount: '450.00' });
      expect(lines[`extra:${seat}`]).toMatchObject({ amount: '81.00' });
      expect(lines['fee:one_way']).toMatchObject({ amount: '50.00' });
      expect(lines['fee:young_driver']).toMatchObject({
        amount: '40.00',
        quoted_amount: '72.00',
        override_reason: 'Experienced driver',
      });
      // 450 + 81 + 25 + 50 + 40
      expect(moved.body.booking_amount).toBe('646.00');
      expect(moved.body.quote?.total).toBe('646.00');

      // Without the override, the young driver's line takes its quoted amount back.
      const plain = await agent.patch<BookingReply>(url, {
        ...body,
        start_date: day(111),
        end_date: day(119),
        line_overrides: [],
      });
      expect(plain.body.quote?.lines.find((line) => line.code === 'fee:young_driver')).toMatchObject({
        amount: '72.00',
        quoted_amount: null,
        override_reason: null,
      });
      expect(plain.body.booking_amount).toBe('678.00');

      // An older driver (an edit of the driver's age) prices again: no young-driver line.
      const older = await agent.patch<BookingReply>(url, {
        ...body,
        start_date: day(111),
        end_date: day(119),
        line_overrides: [],
        driver_age: 40,
      });
      expect(older.body.quote?.lines.map((line) => line.code)).not.toContain('fee:young_driver');
      expect(older.body.booking_amount).toBe('606.00');
    } finally {
      await db().updateTable('extras').set({ price: 600 }).where('id', '=', seat).execute();
      await db().updateTable('one_way_fees').set({ amount: 3500 }).where('agency_id', '=', world.agencies.a).execute();
    }
  });

  it('refuses a seat short of stock with 409 on extras, and writes nothing', async () => {
    const first = await addVehicle();
    const second = await addVehicle();
    const both = { ...fullBody(first, 130), extras: [{ extra_id: seat, quantity: 2 }] };
    expect((await staff.post('/api/bookings/', both)).status).toBe(201);
    const short = await staff.post<ErrorBody>('/api/bookings/', { ...both, vehicle: second });
    expect(short.status).toBe(409);
    expect(short.body.fields?.extras).toEqual(['Child seat: none left at this pickup location for those dates.']);
    expect(await countOf('bookings', second)).toBe(0);
    expect(await countOf('booking_extras', second)).toBe(0);
    expect(await countOf('booking_quote_lines', second)).toBe(0);

    // Its own seats do not count against an edit of the booking holding them.
    const mine = await db()
      .selectFrom('bookings')
      .select('id')
      .where('vehicle_id', '=', first)
      .executeTakeFirstOrThrow();
    const edited = await staff.patch<BookingReply>(`/api/bookings/${mine.id}/`, {
      ...both,
      end_date: day(140),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.quote?.extras).toEqual([{ extra_id: seat, name: 'Child seat', quantity: 2 }]);
  });

  it('gives the last seat to one of two staff bookings made at once', async () => {
    const lastSeat = await addExtra({ name: 'Booster', charge: 'per_rental', price: 1000, stock: 1 });
    const vehicles = [await addVehicle(), await addVehicle()];
    const replies = await Promise.all(
      vehicles.map((vehicle, index) =>
        (index === 0 ? staff : agent).post<BookingReply>('/api/bookings/', {
          customer: world.customers.createdByA,
          vehicle,
          start_date: day(150),
          end_date: day(152),
          pickup_location_id: world.locations.a1,
          extras: [{ extra_id: lastSeat, quantity: 1 }],
        }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const promised = await db()
      .selectFrom('booking_extras')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('extra_id', '=', lastSeat)
      .executeTakeFirstOrThrow();
    expect(Number(promised.n)).toBe(1);
    const loser = replies.find((reply) => reply.status === 409);
    expect(loser?.body.fields?.extras?.[0]).toContain('Booster');
  });

  it("drafts the invoice from the booking's lines to the penny, an override as overridden", async () => {
    const vehicle = await addVehicle();
    const made = await agent.post<BookingReply>('/api/bookings/', {
      ...fullBody(vehicle, 170),
      line_overrides: [{ code: 'fee:one_way', amount: '12.34', reason: 'Goodwill' }],
    });
    expect(made.status).toBe(201);
    const invoice = await agent.post<Invoice & ErrorBody>('/api/invoices/', { booking: made.body.id });
    expect(invoice.status).toBe(201);
    const quote = made.body.quote;
    if (!quote) throw new Error('the booking has no quote');
    expect(invoice.body.lines.map((line) => [line.description, line.quantity, line.unit_amount, line.amount])).toEqual(
      quote.lines.map((line) => [
        line.label,
        line.quantity,
        line.quoted_amount === null || line.quoted_amount === undefined ? line.unit_amount : line.amount,
        line.amount,
      ]),
    );
    expect(invoice.body).toMatchObject({ subtotal: '627.34', tax: '0.00', total: made.body.booking_amount });

    // A typed amount: the lines as quoted and the adjustment to the agreed amount.
    const typed = await agent.post<BookingReply>('/api/bookings/', {
      ...fullBody(await addVehicle(), 190),
      booking_amount: '600.00',
    });
    const adjusted = await agent.post<Invoice & ErrorBody>('/api/invoices/', { booking: typed.body.id });
    expect(adjusted.body.lines.at(-1)).toEqual({
      description: 'Adjustment to the agreed booking amount',
      quantity: 1,
      unit_amount: '-50.00',
      amount: '-50.00',
    });
    expect(adjusted.body.total).toBe('600.00');
  });

  it("takes the quote's tax as the invoice's; prices that include tax are invoiced net, and the invoice says so", async () => {
    await db().updateTable('agencies').set({ tax_rate: 2000 }).where('id', '=', world.agencies.b).execute();
    const vehicle = await rows.insertVehicle(db(), { agency_id: world.agencies.b, price_per_day: 4500 }, [
      world.locations.b1,
    ]);
    const book = (start: number, overrides: unknown[] = []) =>
      agencyB.post<BookingReply>('/api/bookings/', {
        customer: world.customers.createdByB,
        vehicle,
        start_date: day(start),
        end_date: day(start + 2),
        line_overrides: overrides,
      });

    const exclusive = await book(200, [{ code: 'rental:base', amount: '120.00', reason: 'Regular' }]);
    expect(exclusive.status).toBe(201);
    expect(exclusive.body.quote?.lines.map((line) => [line.code, line.amount, line.quoted_amount])).toEqual([
      ['rental:base', '120.00', '135.00'],
      ['tax', '24.00', '27.00'],
    ]);
    expect(exclusive.body.booking_amount).toBe('144.00');
    const taxed = await agencyB.post<Invoice & ErrorBody>('/api/invoices/', { booking: exclusive.body.id });
    expect(taxed.body.lines).toEqual([
      { description: 'Base rate (3 days)', quantity: 3, unit_amount: '40.00', amount: '120.00' },
    ]);
    expect(taxed.body).toMatchObject({ subtotal: '120.00', tax: '24.00', total: '144.00', notes: null });

    await db().updateTable('agencies').set({ prices_include_tax: 1 }).where('id', '=', world.agencies.b).execute();
    const inclusive = await book(210);
    expect(inclusive.body.booking_amount).toBe('135.00');
    expect(inclusive.body.quote?.lines.map((line) => line.code)).toEqual(['rental:base']);
    const net = await agencyB.post<Invoice & ErrorBody>('/api/invoices/', { booking: inclusive.body.id });
    expect(net.body.lines).toEqual([
      { description: 'Base rate (3 days)', quantity: 3, unit_amount: '37.50', amount: '112.50' },
    ]);
    expect(net.body).toMatchObject({ subtotal: '112.50', tax: '22.50', total: '135.00', notes: TAX_INCLUDED_NOTE });
  });

  it('keeps editing the booking of a vehicle retired since, but cannot price it again (409 on vehicle)', async () => {
    const vehicle = await addVehicle();
    const body = fullBody(vehicle, 240);
    const made = await agent.post<BookingReply>('/api/bookings/', body);
    expect(made.status).toBe(201);
    await db().updateTable('vehicles').set({ retired_at: now() }).where('id', '=', vehicle).execute();
    const url = `/api/bookings/${made.body.id}/`;
    const notes = await agent.patch<BookingReply>(url, { ...body, notes: 'Last rental of this car' });
    expect(notes.status).toBe(200);
    expect(notes.body.quote).toEqual(made.body.quote);
    const moved = await agent.patch<ErrorBody>(url, { ...body, end_date: day(250) });
    expect(moved.status).toBe(409);
    expect(moved.body.fields?.vehicle).toEqual([NOT_PRICEABLE]);
    expect((await agent.get<BookingReply>(url)).body).toMatchObject({
      end_date: day(249),
      notes: 'Last rental of this car',
    });
  });

  it('keeps a booking made before quotes as it was: no quote, an edit of notes keeps its amount, the old draft', async () => {
    const vehicle = await addVehicle();
    const id = await rows.insertBooking(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: vehicle,
      start_date: day(230),
      end_date: day(232),
      booking_amount: 12000,
    });
    const url = `/api/bookings/${id}/`;
    const read = await agent.get<BookingReply>(url);
    expect(read.body).toMatchObject({ quote: null, booking_amount: '120.00', driver_age: null });
    const edited = await agent.patch<BookingReply>(url, {
      customer: world.customers.createdByA,
      vehicle,
      start_date: day(230),
      end_date: day(232),
      notes: 'Old booking',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ quote: null, booking_amount: '120.00', notes: 'Old booking' });
    const invoice = await agent.post<Invoice & ErrorBody>('/api/invoices/', { booking: id });
    expect(invoice.body.lines.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Rental of /),
      'Adjustment to the agreed booking amount',
    ]);
  });
});
