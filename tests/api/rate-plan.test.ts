import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RatePlanSettingsView, RatePlanView } from '#domain/api/rate-plan';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

type Plan = RatePlanView & ErrorBody;

/** What a new agency's plan says until its owner changes it (migration 020's defaults). */
const DEFAULT_SETTINGS: RatePlanSettingsView = {
  prices_include_tax: false,
  hourly_basis_points: 0,
  one_way_flat_fee: null,
  young_driver_under_age: null,
  young_driver_charge: 'per_rental',
  young_driver_amount: '0.00',
  out_of_hours_opens: null,
  out_of_hours_closes: null,
  out_of_hours_amount: '0.00',
  price_per_extra_km: '0.00',
  fuel_policy: 'full_to_full',
  fuel_price_per_eighth: '0.00',
  late_grace_minutes: 0,
};

/** A whole settings form, as the owner sends it. */
const SETTINGS = {
  prices_include_tax: true,
  hourly_basis_points: 1500,
  one_way_flat_fee: '25',
  young_driver_under_age: 25,
  young_driver_charge: 'per_day',
  young_driver_amount: '12.50',
  out_of_hours_opens: '08:00',
  out_of_hours_closes: '18:30',
  out_of_hours_amount: '20',
  price_per_extra_km: '0.25',
  fuel_policy: 'same_to_same',
  fuel_price_per_eighth: '9.99',
  late_grace_minutes: 45,
};

describe(`rate plan: GET rate-plan/, PUT rate-plan/settings/, GET public-vehicles/{id}/rate-plan/ (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const version = async (agencyId: number) =>
    (
      await t.app.deps.db
        .selectFrom('agencies')
        .select('rate_plan_version')
        .where('id', '=', agencyId)
        .executeTakeFirstOrThrow()
    ).rate_plan_version;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it("gives an agency's users its plan: defaults at first, private, the server's currency", async () => {
    // Agency B's plan is left as it starts: nothing below writes to it.
    const reply = await agencyB.get<Plan>('/api/rate-plan/');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body).toEqual({
      agency_id: world.agencies.b,
      version: 1,
      currency: t.config.currency,
      tax_rate: 0,
      settings: DEFAULT_SETTINGS,
      categories: [],
      seasons: [],
      tiers: [],
      extras: [],
      one_way_fees: [],
    });
    expect(t.config.currency).toBe('GBP');
  });

  it('holds the categories with vehicle counts, seasons with their categories, tiers, extras on offer with stock, one-way fees', async () => {
    const { db } = t.app.deps;
    const now = new Date().toISOString();
    const a = world.agencies.a;
    const category = async (agencyId: number, name: string, base: number | null) =>
      (
        await db
          .insertInto('vehicle_categories')
          .values({ agency_id: agencyId, name, base_day_rate: base, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const suv = await category(a, 'SUV', null);
    const economy = await category(a, 'Economy', 3250);
    const otherAgencys = await category(world.agencies.b, 'Vans', 9000);
    await rows.insertVehicle(db, { agency_id: a, category_id: suv });
    await rows.insertVehicle(db, { agency_id: a, category_id: suv });
    await rows.insertVehicle(db, { agency_id: a, category_id: suv, retired_at: now });
    await rows.insertVehicle(db, { agency_id: world.agencies.b, category_id: otherAgencys });

    const season = async (name: string, start: string, end: string, values: object) =>
      (
        await db
          .insertInto('seasons')
          .values({
            agency_id: a,
            name,
            start_date: start,
            end_date: end,
            adjustment_kind: 'percent',
            day_rate: null,
            basis_points: null,
            created_at: now,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const christmas = await season('Christmas', '2031-12-20', '2032-01-02', { basis_points: 2500 });
    const summer = await season('Summer', '2031-07-01', '2031-08-31', {
      adjustment_kind: 'day_rate',
      day_rate: 7000,
    });
    await db
      .insertInto('season_categories')
      .values([
        { season_id: christmas, category_id: suv },
        { season_id: christmas, category_id: economy },
      ])
      .execute();
    const week = (
      await db
        .insertInto('length_tiers')
        .values({
          agency_id: a,
          name: '7+ days',
          min_days: 7,
          adjustment_kind: 'percent',
          day_rate: null,
          basis_points: -1000,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const month = (
      await db
        .insertInto('length_tiers')
        .values({
          agency_id: a,
          name: 'Monthly',
          min_days: 28,
          adjustment_kind: 'day_rate',
          day_rate: 3000,
          basis_points: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const extra = async (values: { name: string; stock_limited?: number; retired_at?: string | null }) =>
      (
        await db
          .insertInto('extras')
          .values({
            agency_id: a,
            charge: 'per_day',
            price: 500,
            cap_per_rental: 3500,
            max_quantity: 3,
            created_at: now,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const seat = await extra({ name: 'Child seat', stock_limited: 1 });
    const waiver = await extra({ name: 'Damage waiver' });
    const retired = await extra({ name: 'Cassette player', stock_limited: 1, retired_at: now });
    await db
      .insertInto('extra_stock')
      .values([
        { extra_id: seat, location_id: world.locations.a2, quantity: 2 },
        { extra_id: seat, location_id: world.locations.a1, quantity: 4 },
        { extra_id: retired, location_id: world.locations.a1, quantity: 1 },
      ])
      .execute();
    const fee = (
      await db
        .insertInto('one_way_fees')
        .values({
          agency_id: a,
          from_location_id: world.locations.a1,
          to_location_id: world.locations.a2,
          amount: 4000,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('one_way_fees')
      .values({
        agency_id: world.agencies.b,
        from_location_id: world.locations.b1,
        to_location_id: world.locations.b1,
        amount: 1,
      })
      .execute();

    const reply = await agent.get<Plan>('/api/rate-plan/');
    expect(reply.status).toBe(200);
    const plan = reply.body;
    expect(plan.agency_id).toBe(a);
    expect(plan.categories).toEqual([
      { id: economy, name: 'Economy', base_day_rate: '32.50', vehicles: 0 },
      // The retired one is not counted.
      { id: suv, name: 'SUV', base_day_rate: null, vehicles: 2 },
    ]);
    expect(plan.seasons).toEqual([
      {
        id: summer,
        name: 'Summer',
        start_date: '2031-07-01',
        end_date: '2031-08-31',
        adjustment_kind: 'day_rate',
        day_rate: '70.00',
        basis_points: null,
        category_ids: [],
      },
      {
        id: christmas,
        name: 'Christmas',
        start_date: '2031-12-20',
        end_date: '2032-01-02',
        adjustment_kind: 'percent',
        day_rate: null,
        basis_points: 2500,
        category_ids: [suv, economy].sort((x, y) => x - y),
      },
    ]);
    expect(plan.tiers).toEqual([
      { id: week, name: '7+ days', min_days: 7, adjustment_kind: 'percent', day_rate: null, basis_points: -1000 },
      { id: month, name: 'Monthly', min_days: 28, adjustment_kind: 'day_rate', day_rate: '30.00', basis_points: null },
    ]);
    const stock = [
      { location_id: world.locations.a1, quantity: 4 },
      { location_id: world.locations.a2, quantity: 2 },
    ].sort((x, y) => x.location_id - y.location_id);
    expect(plan.extras).toEqual([
      {
        id: seat,
        name: 'Child seat',
        charge: 'per_day',
        price: '5.00',
        cap_per_rental: '35.00',
        max_quantity: 3,
        stock,
      },
      {
        id: waiver,
        name: 'Damage waiver',
        charge: 'per_day',
        price: '5.00',
        cap_per_rental: '35.00',
        max_quantity: 3,
        stock: null,
      },
    ]);
    expect(plan.one_way_fees).toEqual([
      { id: fee, from_location_id: world.locations.a1, to_location_id: world.locations.a2, amount: '40.00' },
    ]);

    // The owner reads the same plan; agency B sees none of it.
    expect((await agency.get<Plan>('/api/rate-plan/')).body).toEqual(plan);
    const other = await agencyB.get<Plan>('/api/rate-plan/');
    expect(other.body.agency_id).toBe(world.agencies.b);
    expect(other.body.categories.map((row) => row.id)).toEqual([otherAgencys]);
    expect(other.body.seasons).toEqual([]);
    expect(other.body.extras).toEqual([]);
    expect(other.body.one_way_fees.map((row) => row.amount)).toEqual(['0.01']);
  });

  it('refuses visitors (401), customers and the operator, who has no agency of their own (403)', async () => {
    expect((await anonymous.get('/api/rate-plan/')).status).toBe(401);
    const refusedCustomer = await customer.get<ErrorBody>('/api/rate-plan/');
    expect(refusedCustomer.status).toBe(403);
    expect(refusedCustomer.headers['cache-control']).toBe('private, no-store');
    expect((await staff.get('/api/rate-plan/')).status).toBe(403);
  });

  it('gives anyone the plan of a vehicle on offer, revalidated by ETag, the same as its staff see', async () => {
    const reply = await anonymous.get<Plan>(`/api/public-vehicles/${world.vehicles.a1}/rate-plan/`);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toEqual((await agency.get<Plan>('/api/rate-plan/')).body);
    const etag = String(reply.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await customer.get(`/api/public-vehicles/${world.vehicles.a1}/rate-plan/`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);
    const otherAgency = await anonymous.get<Plan>(`/api/public-vehicles/${world.vehicles.b1}/rate-plan/`);
    expect(otherAgency.body.agency_id).toBe(world.agencies.b);
    expect(otherAgency.headers.etag).not.toBe(etag);
  });

  it('answers 404 for an unknown, retired or not yet public vehicle, and 400 for a bad id', async () => {
    const retired = await rows.insertVehicle(t.app.deps.db, {
      agency_id: world.agencies.a,
      retired_at: new Date().toISOString(),
    });
    for (const id of [999_999, retired, world.vehicles.pending1]) {
      const reply = await anonymous.get<ErrorBody>(`/api/public-vehicles/${id}/rate-plan/`);
      expect(reply.status, String(id)).toBe(404);
      expect(reply.body.error).toBe('Vehicle not found.');
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
    const bad = await anonymous.get<ErrorBody>('/api/public-vehicles/abc/rate-plan/');
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.id).toBeDefined();
  });

  it("lets the owner replace the settings: the plan's version moves and the whole plan comes back", async () => {
    const before = await version(world.agencies.a);
    const reply = await agency.put<Plan>('/api/rate-plan/settings/', SETTINGS);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body.version).toBe(before + 1);
    expect(reply.body.settings).toEqual({
      prices_include_tax: true,
      hourly_basis_points: 1500,
      one_way_flat_fee: '25.00',
      young_driver_under_age: 25,
      young_driver_charge: 'per_day',
      young_driver_amount: '12.50',
      out_of_hours_opens: '08:00',
      out_of_hours_closes: '18:30',
      out_of_hours_amount: '20.00',
      price_per_extra_km: '0.25',
      fuel_policy: 'same_to_same',
      fuel_price_per_eighth: '9.99',
      late_grace_minutes: 45,
    });
    expect(reply.body.categories.length).toBeGreaterThan(0);
    expect(await version(world.agencies.a)).toBe(before + 1);
    expect((await agent.get<Plan>('/api/rate-plan/')).body).toEqual(reply.body);

    // Form strings, blanks for "none" and an unticked box left out; a form without the grace keeps it.
    const { prices_include_tax: _unticked, late_grace_minutes: _older, ...rest } = SETTINGS;
    const cleared = await agency.put<Plan>('/api/rate-plan/settings/', {
      ...rest,
      hourly_basis_points: '0',
      one_way_flat_fee: '',
      young_driver_under_age: '',
      out_of_hours_opens: '',
      out_of_hours_closes: null,
      fuel_policy: 'prepaid',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.version).toBe(before + 2);
    expect(cleared.body.settings).toMatchObject({
      prices_include_tax: false,
      hourly_basis_points: 0,
      one_way_flat_fee: null,
      young_driver_under_age: null,
      out_of_hours_opens: null,
      out_of_hours_closes: null,
      fuel_policy: 'prepaid',
      late_grace_minutes: 45,
    });
    const graceAsText = await agency.put<Plan>('/api/rate-plan/settings/', { ...SETTINGS, late_grace_minutes: '0' });
    expect(graceAsText.body.settings.late_grace_minutes).toBe(0);
    // Agency B's plan is untouched.
    expect((await agencyB.get<Plan>('/api/rate-plan/')).body.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses bad settings with 400 and the field, and writes nothing', async () => {
    const before = await version(world.agencies.a);
    const settingsBefore = (await agency.get<Plan>('/api/rate-plan/')).body.settings;
    const cases: [Record<string, unknown>, string, string | null][] = [
      [
        { out_of_hours_opens: '08:00', out_of_hours_closes: null },
        'out_of_hours_closes',
        'Give both the opening and the closing time, or neither.',
      ],
      [
        { out_of_hours_opens: null, out_of_hours_closes: '18:00' },
        'out_of_hours_closes',
        'Give both the opening and the closing time, or neither.',
      ],
      [
        { out_of_hours_opens: '18:00', out_of_hours_closes: '08:00' },
        'out_of_hours_closes',
        'Closing time must be after opening time.',
      ],
      [
        { out_of_hours_opens: '09:00', out_of_hours_closes: '09:00' },
        'out_of_hours_closes',
        'Closing time must be after opening time.',
      ],
      [{ out_of_hours_opens: '25:00' }, 'out_of_hours_opens', 'Opening time must be a time (HH:MM).'],
      [{ out_of_hours_opens: 8 }, 'out_of_hours_opens', 'Opening time must be a time (HH:MM).'],
      [{ young_driver_under_age: 17 }, 'young_driver_under_age', 'Young driver age must be at least 18.'],
      [{ young_driver_under_age: '31' }, 'young_driver_under_age', 'Young driver age must be at most 30.'],
      [{ young_driver_under_age: 21.5 }, 'young_driver_under_age', 'Young driver age must be a whole number.'],
      [{ hourly_basis_points: 10_001 }, 'hourly_basis_points', 'Hourly share must be at most 10000.'],
      [{ hourly_basis_points: -1 }, 'hourly_basis_points', 'Hourly share must be at least 0.'],
      [{ hourly_basis_points: undefined }, 'hourly_basis_points', 'Hourly share is required.'],
      [{ fuel_policy: 'empty' }, 'fuel_policy', 'Fuel policy must be full to full, same to same or prepaid.'],
      [{ young_driver_charge: 'per_hour' }, 'young_driver_charge', 'Young driver fee must be per day or per rental.'],
      [{ young_driver_amount: '1.234' }, 'young_driver_amount', null],
      [{ young_driver_amount: '-5' }, 'young_driver_amount', null],
      [{ price_per_extra_km: undefined }, 'price_per_extra_km', 'Price per extra km is required.'],
      [
        { fuel_price_per_eighth: '1000000.01' },
        'fuel_price_per_eighth',
        'Fuel price per eighth must be at most 1000000.00.',
      ],
      [{ one_way_flat_fee: ['5'] }, 'one_way_flat_fee', null],
      [{ prices_include_tax: 'maybe' }, 'prices_include_tax', 'Prices include tax must be true or false.'],
      [{ late_grace_minutes: 1441 }, 'late_grace_minutes', 'Late return grace must be at most 1440.'],
      [{ late_grace_minutes: -1 }, 'late_grace_minutes', 'Late return grace must be at least 0.'],
      [{ late_grace_minutes: 'soon' }, 'late_grace_minutes', null],
    ];
    for (const [change, field, message] of cases) {
      const reply = await agency.put<ErrorBody>('/api/rate-plan/settings/', { ...SETTINGS, ...change });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(reply.body.fields ?? {}), JSON.stringify(change)).toEqual([field]);
      if (message) expect(reply.body.fields?.[field], JSON.stringify(change)).toEqual([message]);
    }
    const empty = await agency.put<ErrorBody>('/api/rate-plan/settings/', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^Please correct the \d+ highlighted fields\.$/);
    const notJson = await agency.raw('PUT', '/api/rate-plan/settings/', '{', 'application/json');
    expect(notJson.status).toBe(400);
    expect(await version(world.agencies.a)).toBe(before);
    expect((await agency.get<Plan>('/api/rate-plan/')).body.settings).toEqual(settingsBefore);
  });

  it('lets only the owner change the settings: agents, the operator and customers 403, visitors 401', async () => {
    const before = await version(world.agencies.a);
    for (const client of [agent, staff, customer]) {
      const reply = await client.put<ErrorBody>('/api/rate-plan/settings/', SETTINGS);
      expect(reply.status).toBe(403);
    }
    expect((await anonymous.put('/api/rate-plan/settings/', SETTINGS)).status).toBe(401);
    const withoutCsrf = await agency.put<ErrorBody>('/api/rate-plan/settings/', SETTINGS, { withoutCsrf: true });
    expect(withoutCsrf.status).toBe(403);
    // Refused before the body is read: even a malformed body gets the refusal, not a 400.
    const malformed = await agent.raw('PUT', '/api/rate-plan/settings/', '{', 'application/json');
    expect(malformed.status).toBe(403);
    expect(await version(world.agencies.a)).toBe(before);
  });

  it("moves the plan's version when the agency's tax rate changes, and only then", async () => {
    const before = await version(world.agencies.a);
    expect((await agency.patch('/api/agency/', { tax_rate: '17.5' })).status).toBe(200);
    const plan = await agency.get<Plan>('/api/rate-plan/');
    expect(plan.body.tax_rate).toBe(1750);
    expect(plan.body.version).toBe(before + 1);
    expect((await agency.patch('/api/agency/', { tax_rate: '17.50', vat_number: 'GB123' })).status).toBe(200);
    expect(await version(world.agencies.a)).toBe(before + 1);
    expect((await staff.patch(`/api/suppliers/${world.agencies.a}/`, { tax_rate: '20' })).status).toBe(200);
    expect(await version(world.agencies.a)).toBe(before + 2);
    expect(await version(world.agencies.b)).toBe(1);
  });

  it("refuses a suspended agency's owner a change, but still shows the plan", async () => {
    await t.app.deps.db
      .updateTable('agencies')
      .set({ status: 'suspended' })
      .where('id', '=', world.agencies.b)
      .execute();
    try {
      expect((await agencyB.get('/api/rate-plan/')).status).toBe(200);
      const refused = await agencyB.put<ErrorBody>('/api/rate-plan/settings/', SETTINGS);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('Your agency is suspended: you can view your data but not change it.');
      expect(await version(world.agencies.b)).toBe(1);
    } finally {
      await t.app.deps.db
        .updateTable('agencies')
        .set({ status: 'approved' })
        .where('id', '=', world.agencies.b)
        .execute();
    }
  });
});
