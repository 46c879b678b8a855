import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteView } from '#domain/api/quotes';
import { addDays, todayIso } from '#domain/dates';
import { parseMoney } from '#domain/money';
import { bumpRatePlanVersion } from '#server/repositories/rate-plans';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);
const minor = (text: string) => (text.startsWith('-') ? -(parseMoney(text.slice(1)) ?? 0) : (parseMoney(text) ?? 0));
const lineSum = (quote: QuoteView) => quote.lines.reduce((sum, line) => sum + minor(line.amount), 0);

describe(`POST quotes/ (${ENGINE})`, () => {
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

  /** A fresh vehicle of agency A (£45.00 a day, £200.00 deposit, 200 km a day) at a1 and a2. */
  const addVehicle = (values: { category_id?: number | null } = {}) =>
    rows.insertVehicle(db(), { agency_id: world.agencies.a, ...values }, [world.locations.a1, world.locations.a2]);

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
    await planChanged();
    return row.id;
  };

  /**
   * The rows written straight into the plan's tables here stand for a write through the API, which
   * moves the plan's version in its transaction: quotes keep the plan they read until it moves
   * (services/quotes/pricing-plan.ts).
   */
  const planChanged = (agencyId = world.agencies.a) => bumpRatePlanVersion(db(), agencyId);

  const ask = (client: TestClient, body: Record<string, unknown>) =>
    client.post<QuoteView & ErrorBody>('/api/quotes/', body);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('prices a plain rental for a visitor: days × the day rate, the deposit and the terms, not cached', async () => {
    const vehicle = await addVehicle();
    const reply = await ask(anonymous, { vehicle_id: vehicle, start_date: day(10), end_date: day(12) });
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const quote = reply.body;
    expect(quote.days).toBe(3);
    expect(quote.lines).toEqual([
      expect.objectContaining({
        kind: 'rental',
        code: 'rental:base',
        quantity: 3,
        unit_amount: '45.00',
        amount: '135.00',
      }),
    ]);
    expect(quote.total).toBe('135.00');
    expect(quote.deposit).toBe('200.00');
    expect(quote.terms.mileage_allowance_km).toBe(600);
    expect(typeof quote.plan_version).toBe('number');
  });

  it('itemises a season, extras, a one-way fee and a young driver; the total is the sum of the lines', async () => {
    const vehicle = await addVehicle();
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
      .execute();
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
    await planChanged();
    const seat = await addExtra({ name: 'Child seat', charge: 'per_day', price: 600, stock: 2 });
    const driver = await addExtra({ name: 'Additional driver', charge: 'per_rental', price: 2500 });

    const reply = await ask(customer, {
      vehicle_id: vehicle,
      start_date: day(30),
      end_date: day(39),
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a2,
      extras: [
        { extra_id: seat, quantity: 1 },
        { extra_id: driver, quantity: 1 },
      ],
      driver_age: 22,
    });
    expect(reply.status).toBe(200);
    const quote = reply.body;
    expect(quote.days).toBe(10);
    const codes = quote.lines.map((line) => line.code);
    expect(codes).toEqual(expect.arrayContaining(['rental:base', expect.stringMatching(/^rental:season:/)]));
    const rentalDays = quote.lines
      .filter((line) => line.kind === 'rental')
      .reduce((sum, line) => sum + line.quantity, 0);
    expect(rentalDays).toBe(10);
    expect(quote.lines.find((line) => line.code === 'rental:base')).toMatchObject({ quantity: 5, amount: '225.00' });
    expect(quote.lines.find((line) => line.code.startsWith('rental:season:'))).toMatchObject({
      quantity: 5,
      unit_amount: '54.00',
      amount: '270.00',
    });
    expect(quote.lines.find((line) => line.code === `extra:${seat}`)).toMatchObject({ amount: '60.00' });
    expect(quote.lines.find((line) => line.code === `extra:${driver}`)).toMatchObject({ amount: '25.00' });
    expect(quote.lines.find((line) => line.code === 'fee:one_way')).toMatchObject({ amount: '35.00' });
    expect(quote.lines.find((line) => line.code === 'fee:young_driver')).toMatchObject({ amount: '80.00' });
    expect(minor(quote.total)).toBe(lineSum(quote));
    expect(quote.total).toBe('695.00');
  });

  it('refuses bad input with a field message, never a 500', async () => {
    const vehicle = await addVehicle();
    const base = { vehicle_id: vehicle, start_date: day(10), end_date: day(12) };
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: day(10), end_date: day(12) }, 'vehicle_id'],
      [{ ...base, end_date: day(9) }, 'end_date'],
      [{ ...base, start_date: '10/12/2030' }, 'start_date'],
      [{ ...base, pickup_time: '25:00' }, 'pickup_time'],
      [{ ...base, extras: 'child seat' }, 'extras'],
      [{ ...base, extras: [{ extra_id: 1, quantity: 0 }] }, 'extras'],
      [{ ...base, extras: [{ extra_id: 999_999 }] }, 'extras'],
      [{ ...base, driver_age: 12 }, 'driver_age'],
      [{ ...base, pickup_location_id: world.locations.b1 }, 'pickup_location_id'],
    ];
    for (const [body, field] of cases) {
      const reply = await ask(anonymous, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const twice = await addExtra({ name: 'GPS', charge: 'per_rental', price: 900 });
    const doubled = await ask(anonymous, {
      ...base,
      extras: [
        { extra_id: twice, quantity: 1 },
        { extra_id: twice, quantity: 1 },
      ],
    });
    expect(doubled.status).toBe(400);
  });

  it('answers 404 for an unknown or retired vehicle', async () => {
    expect((await ask(anonymous, { vehicle_id: 999_999, start_date: day(10), end_date: day(11) })).status).toBe(404);
    const retired = await addVehicle();
    await db().updateTable('vehicles').set({ retired_at: now() }).where('id', '=', retired).execute();
    expect((await ask(anonymous, { vehicle_id: retired, start_date: day(10), end_date: day(11) })).status).toBe(404);
  });

  it("offers a pending agency's vehicle to its staff and the operator only", async () => {
    const pending = await rows.insertVehicle(db(), { agency_id: world.agencies.pending }, [world.locations.pending1]);
    const body = { vehicle_id: pending, start_date: day(10), end_date: day(11) };
    expect((await ask(anonymous, body)).status).toBe(404);
    expect((await ask(customer, body)).status).toBe(404);
    expect((await ask(agencyB, body)).status).toBe(404);
    const operator = await ask(staff, body);
    expect(operator.status).toBe(200);
    expect(operator.body.total).toBe('90.00');
  });

  it('takes a discount from staff only', async () => {
    const vehicle = await addVehicle();
    const body = { vehicle_id: vehicle, start_date: day(10), end_date: day(12), discount_amount: '10.00' };
    const refused = await ask(customer, body);
    expect(refused.status).toBe(403);
    expect(refused.body.fields?.discount_amount).toEqual(['Only staff may give a discount.']);
    const given = await ask(agent, body);
    expect(given.status).toBe(200);
    expect(given.body.lines.find((line) => line.kind === 'discount')).toMatchObject({ amount: '-10.00' });
    expect(given.body.total).toBe('125.00');
  });

  it('says when a stock-limited extra is all promised for those dates, and needs a pickup location for it', async () => {
    const vehicle = await addVehicle();
    const other = await addVehicle();
    const seat = await addExtra({ name: 'Snow chains', charge: 'per_rental', price: 1500, stock: 1 });
    const booking = await rows.insertBooking(db(), {
      customer_id: world.customers.createdByA,
      vehicle_id: other,
      start_date: day(50),
      end_date: day(55),
      booking_status: 'confirmed',
    });
    await db()
      .insertInto('booking_extras')
      .values({ booking_id: booking, extra_id: seat, location_id: world.locations.a1, quantity: 1 })
      .execute();
    const body = {
      vehicle_id: vehicle,
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
      extras: [{ extra_id: seat, quantity: 1 }],
    };
    const short = await ask(anonymous, { ...body, start_date: day(54), end_date: day(58) });
    expect(short.status).toBe(409);
    expect(short.body.fields?.extras).toEqual(['Snow chains: none left at this pickup location for those dates.']);
    const later = await ask(anonymous, { ...body, start_date: day(56), end_date: day(58) });
    expect(later.status).toBe(200);
    const nowhere = await ask(anonymous, { ...body, pickup_location_id: null, start_date: day(56), end_date: day(58) });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields?.extras).toEqual(['Snow chains: choose a pickup location to take it from.']);
  });

  it("prices another agency's vehicle by that agency's plan, not the caller's", async () => {
    const theirs = await rows.insertVehicle(db(), { agency_id: world.agencies.b, price_per_day: 6000 }, [
      world.locations.b1,
    ]);
    await db()
      .insertInto('seasons')
      .values({
        agency_id: world.agencies.a,
        name: 'A only',
        start_date: day(200),
        end_date: day(210),
        adjustment_kind: 'day_rate',
        day_rate: 1,
        basis_points: null,
        created_at: now(),
      })
      .execute();
    await planChanged();
    const reply = await ask(agent, { vehicle_id: theirs, start_date: day(200), end_date: day(201) });
    expect(reply.status).toBe(200);
    expect(reply.body.lines).toEqual([expect.objectContaining({ code: 'rental:base', unit_amount: '60.00' })]);
  });

  it('prices by the plan as it is now: a season or a tax rate changed through the API applies to the next quote', async () => {
    const vehicle = await addVehicle();
    const body = { vehicle_id: vehicle, start_date: day(300), end_date: day(301) };
    const before = await ask(anonymous, body);
    expect(before.status).toBe(200);
    expect(before.body.lines.map((line) => line.code)).toEqual(['rental:base']);
    // Asked again at once: the same plan, the same answer.
    expect((await ask(anonymous, body)).body).toEqual(before.body);

    const season = await agency.post<{ id: number }>('/api/seasons/', {
      name: 'Late',
      start_date: day(301),
      end_date: day(302),
      adjustment_kind: 'day_rate',
      day_rate: '70.00',
    });
    expect(season.status).toBe(201);
    const withSeason = await ask(anonymous, body);
    expect(withSeason.body.plan_version).toBeGreaterThan(before.body.plan_version);
    expect(withSeason.body.lines.map((line) => [line.code.replace(/:\d+$/, ''), line.amount])).toEqual([
      ['rental:base', '45.00'],
      ['rental:season', '70.00'],
    ]);

    expect((await agency.patch('/api/agency/', { tax_rate: '10' })).status).toBe(200);
    const taxed = await ask(anonymous, body);
    expect(taxed.body.lines.at(-1)).toEqual(expect.objectContaining({ code: 'tax', amount: '11.50' }));
    expect(taxed.body.total).toBe('126.50');
    expect((await agency.patch('/api/agency/', { tax_rate: '0' })).status).toBe(200);
    expect((await agency.delete(`/api/seasons/${season.body.id}/`)).status).toBe(204);
    expect((await ask(anonymous, body)).body.lines.map((line) => line.code)).toEqual(['rental:base']);
  });
});
