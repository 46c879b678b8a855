import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { insertBookingExtras } from '#server/repositories/extra-reservations';
import { Conflict } from '#server/services/errors';
import { assertExtrasInStock } from '#server/services/quotes/promise-extras';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);

/**
 * Issue 21: a stock-limited extra is never promised twice for overlapping dates. Bookings of
 * different vehicles race for the last unit at one pickup location, each in its own transaction
 * with the extra locked (on PostgreSQL over separate connections, really at once).
 */
describe(`extras stock under concurrent writes (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  const db = () => t.app.deps.db;

  const addSeat = async (stock: number) => {
    const row = await db()
      .insertInto('extras')
      .values({
        agency_id: world.agencies.a,
        name: 'Child seat',
        charge: 'per_day',
        price: 600,
        cap_per_rental: null,
        max_quantity: 3,
        stock_limited: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('extra_stock')
      .values({ extra_id: row.id, location_id: world.locations.a1, quantity: stock })
      .execute();
    return row.id;
  };

  /** One booking taking `quantity` seats, checked and written in one transaction; true when it was written. */
  const book = (extraId: number, vehicleId: number, start: string, end: string, quantity: number) =>
    db()
      .transaction()
      .execute(async (trx) => {
        const extras = [{ extraId, quantity, locationId: world.locations.a1 }];
        await assertExtrasInStock(trx, t.app.deps.dialect, {
          extras,
          startDate: start,
          endDate: end,
          now: new Date().toISOString(),
        });
        const booking = await rows.insertBooking(trx, {
          customer_id: world.customers.createdByA,
          vehicle_id: vehicleId,
          start_date: start,
          end_date: end,
        });
        await insertBookingExtras(trx, booking, extras);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof Conflict) return false;
        throw error;
      });

  beforeAll(async () => {
    ({ t, world } = await startWorld());
  });
  afterAll(async () => t.close());

  it('gives the last seat to one of eight bookings made at once, and the others the reason', async () => {
    const seat = await addSeat(1);
    const vehicles = await Promise.all(
      Array.from({ length: 8 }, () => rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1])),
    );
    const results = await Promise.all(
      vehicles.map((vehicle, index) => book(seat, vehicle, day(20 + (index % 2)), day(25), 1)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const promised = await db()
      .selectFrom('booking_extras')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('extra_id', '=', seat)
      .executeTakeFirstOrThrow();
    expect(Number(promised.units)).toBe(1);
  });

  it('counts only overlapping dates and the stock left: two of three units, then one, then none', async () => {
    const seat = await addSeat(3);
    const vehicle = () => rows.insertVehicle(db(), { agency_id: world.agencies.a }, [world.locations.a1]);
    expect(await book(seat, await vehicle(), day(40), day(45), 2)).toBe(true);
    expect(await book(seat, await vehicle(), day(44), day(48), 2)).toBe(false);
    expect(await book(seat, await vehicle(), day(44), day(48), 1)).toBe(true);
    expect(await book(seat, await vehicle(), day(45), day(45), 1)).toBe(false);
    // The days after the first booking ends: only the second holds one.
    expect(await book(seat, await vehicle(), day(46), day(50), 2)).toBe(true);
  });
});
