import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeasonView } from '#domain/api/rate-plan';
import type { PublicVehicle, PublicVehicleDetail } from '#domain/api/vehicles';
import { addDays, todayIso } from '#domain/dates';
import { bumpVersion } from '#server/repositories/data-versions';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { insertVehicle } from '../helpers/rows.ts';

type Season = SeasonView & ErrorBody;

const DAY_MS = 86_400_000;

/**
 * Issue 21's "from £X/day": GET public-vehicles/ and GET public-vehicles/{id}/ carry
 * `from_price_per_day`, the lowest day rate the agency's seasons give the vehicle over the coming
 * year when it differs from its base. The list's cached pages and ETag follow every season write
 * and the turn of the day.
 */
describe(`public vehicles' from price (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let compact: number;
  /** Agency A's vehicle with no price of its own: its category's base rate (60.00) is its base. */
  let categoryPriced: number;

  const today = () => todayIso(t.clock.now());

  const list = async (query = '', etag?: string) => {
    const reply = await anonymous.get<PublicVehicle[]>(
      `/api/public-vehicles/?limit=500${query}`,
      etag ? { headers: { 'if-none-match': etag } } : {},
    );
    return reply;
  };

  /** Each listed vehicle's from price, by id. */
  const fromPrices = async (query = '') => {
    const reply = await list(query);
    expect(reply.status).toBe(200);
    return new Map(reply.body.map((vehicle) => [vehicle.id, vehicle.from_price_per_day]));
  };

  const detail = async (id: number) => {
    const reply = await anonymous.get<PublicVehicleDetail>(`/api/public-vehicles/${id}/`);
    expect(reply.status).toBe(200);
    return reply.body.from_price_per_day;
  };

  /** A season of the caller's agency from `from` days ahead, `days` long. */
  const season = (client: TestClient, from: number, days: number, fields: Record<string, unknown> = {}) =>
    client.post<Season>('/api/seasons/', {
      name: 'Low season',
      start_date: addDays(today(), from),
      end_date: addDays(today(), from + days - 1),
      adjustment_kind: 'day_rate',
      day_rate: '30.00',
      basis_points: null,
      category_ids: [],
      ...fields,
    });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    const { db } = t.app.deps;
    await db.transaction().execute(async (trx) => {
      compact = (
        await trx
          .insertInto('vehicle_categories')
          .values({ agency_id: world.agencies.a, name: 'Compact', base_day_rate: 6000, created_at: '2026-01-01' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx.updateTable('vehicles').set({ category_id: compact }).where('id', '=', world.vehicles.a2).execute();
      categoryPriced = await insertVehicle(trx, {
        agency_id: world.agencies.a,
        make: 'Zeta',
        price_per_day: 0,
        category_id: compact,
      });
      await bumpVersion(trx, 'public-vehicles');
    });
  });
  afterAll(async () => t.close());

  it('is null on every vehicle while no season changes a price', async () => {
    const prices = await fromPrices();
    expect([...prices.values()].every((price) => price === null)).toBe(true);
    expect(prices.has(world.vehicles.a1)).toBe(true);
    expect(await detail(world.vehicles.a1)).toBeNull();
  });

  it("shows a season's lower rate on its agency's vehicles only, and a season write changes the list's ETag", async () => {
    const before = await list();
    expect(before.status).toBe(200);
    const etag = String(before.headers.etag);
    expect((await list('', etag)).status).toBe(304);

    const low = await season(agency, 10, 5);
    expect(low.status).toBe(201);
    const after = await list('', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers['cache-control']).toBe('no-cache');
    const prices = new Map(after.body.map((vehicle) => [vehicle.id, vehicle.from_price_per_day]));
    // a1 and a2 cost 45.00 a day; the Zeta's base is its category's 60.00.
    expect(prices.get(world.vehicles.a1)).toBe('30.00');
    expect(prices.get(world.vehicles.a2)).toBe('30.00');
    expect(prices.get(categoryPriced)).toBe('30.00');
    expect(prices.get(world.vehicles.b1)).toBeNull();
    expect(after.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.price_per_day).toBe('45.00');
    expect(await detail(world.vehicles.a1)).toBe('30.00');
    expect(await detail(world.vehicles.b1)).toBeNull();

    // Limited to Compact, it leaves a1 (no category) at its base.
    const limited = await agency.put<Season>(`/api/seasons/${low.body.id}/`, {
      ...low.body,
      category_ids: [compact],
    });
    expect(limited.status).toBe(200);
    const narrowed = await fromPrices();
    expect(narrowed.get(world.vehicles.a1)).toBeNull();
    expect(narrowed.get(world.vehicles.a2)).toBe('30.00');
    // The category filter's pages carry it too.
    const filtered = await fromPrices('&category=compact');
    expect([...filtered.keys()].sort()).toEqual([world.vehicles.a2, categoryPriced].sort());
    expect(filtered.get(world.vehicles.a2)).toBe('30.00');

    expect((await agency.delete(`/api/seasons/${low.body.id}/`)).status).toBe(204);
    const removed = await fromPrices();
    expect(removed.get(world.vehicles.a2)).toBeNull();
    expect(removed.get(categoryPriced)).toBeNull();
  });

  it('reads percentages on the base, ignores raises, and takes the shorter of two overlapping seasons', async () => {
    const offPeak = await season(agency, 40, 20, { adjustment_kind: 'percent', day_rate: null, basis_points: -1000 });
    const summer = await season(agencyB, 5, 30, { adjustment_kind: 'percent', day_rate: null, basis_points: 2000 });
    expect([offPeak.status, summer.status]).toEqual([201, 201]);
    let prices = await fromPrices();
    expect(prices.get(world.vehicles.a1)).toBe('40.50');
    expect(prices.get(categoryPriced)).toBe('54.00');
    // B's only season raises its price: the base stays the lowest, so no "from".
    expect(prices.get(world.vehicles.b1)).toBeNull();

    // A dearer short season inside the off-peak wins its days; the off-peak's other days still give 40.50.
    const peak = await season(agency, 45, 3, { name: 'Peak', day_rate: '90.00' });
    expect(peak.status).toBe(201);
    prices = await fromPrices();
    expect(prices.get(world.vehicles.a1)).toBe('40.50');
    // Covering the off-peak's very days, the later season wins every one of them.
    const same = await season(agency, 40, 20, { name: 'Same days', day_rate: '44.00' });
    expect(same.status).toBe(201);
    prices = await fromPrices();
    expect(prices.get(world.vehicles.a1)).toBe('44.00');

    for (const id of [offPeak.body.id, peak.body.id, same.body.id]) {
      expect((await agency.delete(`/api/seasons/${id}/`)).status).toBe(204);
    }
    expect((await agencyB.delete(`/api/seasons/${summer.body.id}/`)).status).toBe(204);
  });

  it('reads every agency of a page in one go: many agencies, each with its own seasons', async () => {
    const { db } = t.app.deps;
    const made: { vehicle: number; rate: number }[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 6; i++) {
        const agencyId = (
          await trx
            .insertInto('agencies')
            .values({
              name: `Many ${i}`,
              status: 'approved',
              logo_key: null,
              contact_email: `many${i}@example.com`,
              phone_number: '+44 20 7946 0000',
              created_at: '2026-01-01',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        const vehicle = await insertVehicle(trx, { agency_id: agencyId, make: `Many ${i}`, price_per_day: 9000 });
        const rate = 2000 + i * 100;
        await trx
          .insertInto('seasons')
          .values({
            agency_id: agencyId,
            name: 'Own',
            start_date: addDays(today(), 100 + i),
            end_date: addDays(today(), 110 + i),
            adjustment_kind: 'day_rate',
            day_rate: rate,
            basis_points: null,
            created_at: '2026-01-01',
          })
          .execute();
        made.push({ vehicle, rate });
      }
      await bumpVersion(trx, 'public-vehicles');
    });
    const prices = await fromPrices();
    for (const { vehicle, rate } of made) expect(prices.get(vehicle)).toBe((rate / 100).toFixed(2));
    expect(prices.get(world.vehicles.a1)).toBeNull();
  });

  it('leaves the list and its ETag as they were when a season write is refused', async () => {
    const before = await list();
    const etag = String(before.headers.etag);
    const own = await season(agencyB, 3, 3);
    expect(own.status).toBe(201);
    const current = await list();
    const currentEtag = String(current.headers.etag);
    expect(currentEtag).not.toBe(etag);

    // Agents read the price list but do not write it; customers and visitors are refused before any write.
    expect((await season(agent, 3, 3)).status).toBe(403);
    expect((await season(customer, 3, 3)).status).toBe(403);
    expect((await season(anonymous, 3, 3)).status).toBe(401);
    // Another agency's season is not found; a season ending before it starts is bad input.
    expect((await agency.delete(`/api/seasons/${own.body.id}/`)).status).toBe(404);
    const backwards = await season(agencyB, 5, 3, { end_date: addDays(today(), 1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('end_date');

    expect((await list('', currentEtag)).status).toBe(304);
    const prices = await fromPrices();
    expect(prices.get(world.vehicles.b1)).toBe('30.00');
    expect(prices.get(world.vehicles.a1)).toBeNull();
  });

  it('refuses a bad category filter with a 400, not a 500', async () => {
    const reply = await list(`&category=${'x'.repeat(61)}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: expect.any(String) });
  });

  // Last: moving the clock on ends the test's sessions.
  it('follows the day: a cached page is read again once a season has passed, without any write', async () => {
    const soon = await season(agency, 2, 3);
    expect(soon.status).toBe(201);
    const during = await list();
    expect(during.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.from_price_per_day).toBe('30.00');
    const etag = String(during.headers.etag);
    expect((await list('', etag)).status).toBe(304);

    t.clock.advance(6 * DAY_MS);
    const later = await list('', etag);
    expect(later.status).toBe(200);
    expect(later.body.find((vehicle) => vehicle.id === world.vehicles.a1)?.from_price_per_day).toBeNull();
    expect(await detail(world.vehicles.a1)).toBeNull();
  });
});
