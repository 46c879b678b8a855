import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBooking } from '#domain/api/bookings';
import { formatMoney } from '#domain/money';
import { estimateTotal } from '../../src/app/features/booking-requests/estimate.ts';
import { suggestedAmount } from '../../src/app/features/bookings/suggested-amount.ts';
import type { TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/** Dates, the vehicle's price per day (minor units) and the discount typed, as staff enter them. */
const CASES: { start: string; end: string; perDay: number; discount: string }[] = [
  { start: '2032-05-01', end: '2032-05-01', perDay: 4500, discount: '' },
  // Across the clocks going forward in the UK (28 March 2032).
  { start: '2032-03-27', end: '2032-03-29', perDay: 4550, discount: '10.00' },
  { start: '2032-01-01', end: '2032-01-31', perDay: 3999, discount: '0.01' },
  { start: '2032-02-28', end: '2032-03-01', perDay: 12345, discount: '' },
  // A discount equal to the rental: allowed, and the booking costs nothing.
  { start: '2032-06-10', end: '2032-06-11', perDay: 5000, discount: '100.00' },
];

/**
 * The server prices a booking whose amount staff leave empty; the app shows the same figure
 * while the form is filled (Add Booking's suggestion, the request forms' estimated total). Both
 * call src/domain/pricing.ts: this proves the replies and the app's figures agree.
 */
describe('the app and the server price a rental the same', () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it.each(CASES)('$start to $end at $perDay a day, discount "$discount"', async ({ start, end, perDay, discount }) => {
    const vehicle = await rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a, price_per_day: perDay });
    const reply = await staff.post<StaffBooking>('/api/bookings/', {
      customer: world.customers.createdByA,
      vehicle,
      start_date: start,
      end_date: end,
      ...(discount ? { discount_amount: discount } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);

    const suggested = suggestedAmount({ start, end, discount }, formatMoney(perDay));
    expect(suggested && formatMoney(suggested.amount)).toBe(reply.body.booking_amount);
    if (!discount) expect(estimateTotal(formatMoney(perDay), start, end)?.total).toBe(reply.body.booking_amount);
  });
});
