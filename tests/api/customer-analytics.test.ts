import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import type { PaymentMethod } from '#domain/constants';
import { lastMonths } from '#server/repositories/customer-insights';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, type TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const URL = '/api/customer-analytics/';

/**
 * A known set of customers, bookings and requests on both sides of two agencies (A and B), and
 * every figure of the analytics screen checked by hand for agency A, agency B and the operator.
 */
describe(`customer analytics (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  /** The last twelve months, oldest first: months[11] is this month. */
  let months: string[];
  const ids: Record<'dana' | 'eli' | 'finn' | 'gale', number> = { dana: 0, eli: 0, finn: 0, gale: 0 };

  /** Midday on the 15th of a YYYY-MM month, as the ISO text the tables hold. */
  const midMonth = (month: string | undefined) => `${month ?? ''}-15T12:00:00.000Z`;

  const booking = (
    customerId: number,
    vehicleId: number,
    values: { days: number; amount: number; payment?: PaymentMethod; cancelled?: boolean; requestId?: number },
  ) => {
    const start = Date.parse('2030-03-01T00:00:00Z');
    return rows.insertBooking(t.app.deps.db, {
      customer_id: customerId,
      vehicle_id: vehicleId,
      start_date: '2030-03-01',
      end_date: new Date(start + (values.days - 1) * 86_400_000).toISOString().slice(0, 10),
      booking_amount: values.amount,
      payment_method: values.payment ?? 'cash',
      booking_status: values.cancelled ? 'cancelled' : 'confirmed',
      booking_request_id: values.requestId ?? null,
    });
  };

  const request = (customerId: number | null, vehicleId: number, createdAt: string) =>
    rows.insertBookingRequest(t.app.deps.db, {
      customer_id: customerId,
      vehicle_id: vehicleId,
      start_date: '2030-03-01',
      end_date: '2030-03-03',
      created_at: createdAt,
      ...(customerId === null
        ? { first_name: 'Visitor', last_name: 'Person', email: 'visitor@example.com', phone_number: '+44 7700 900777' }
        : {}),
    });

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
    const db = t.app.deps.db;
    months = lastMonths(t.clock.now(), 12);
    const { a1, a2, b1 } = world.vehicles;
    const { own: casey, other: morgan, createdByA: alex } = world.customers;

    // The world's four customers were created now; these four earlier.
    ids.dana = await rows.insertCustomer(db, {
      first_name: 'Dana',
      agency_id: world.agencies.a,
      created_at: midMonth(months[10]),
    });
    ids.eli = await rows.insertCustomer(db, { first_name: 'Eli', created_at: '2020-06-01T09:00:00.000Z' });
    ids.finn = await rows.insertCustomer(db, {
      first_name: 'Finn',
      agency_id: world.agencies.b,
      created_at: midMonth(months[8]),
    });
    ids.gale = await rows.insertCustomer(db, { first_name: 'Gale', created_at: midMonth(months[0]) });

    // Agency A's requests: two this month (Dana's became a booking), one two months ago, one too old to count.
    const danaRequest = await request(ids.dana, a1, midMonth(months[11]));
    await request(null, a2, midMonth(months[11]));
    await request(ids.gale, a1, midMonth(months[9]));
    await request(ids.gale, a1, '2019-01-10T10:00:00.000Z');
    // Agency B's: two this month, both booked.
    const caseyRequests = [
      await request(casey, b1, midMonth(months[11])),
      await request(casey, b1, midMonth(months[11])),
    ];

    // Agency A's bookings.
    await booking(alex, a1, { days: 2, amount: 10_000 });
    await booking(ids.dana, a1, { days: 5, amount: 20_000, payment: 'debit_card', requestId: danaRequest });
    await booking(ids.dana, a2, { days: 10, amount: 30_000, payment: 'mobile transfer' });
    await booking(ids.dana, a2, { days: 20, amount: 40_000, cancelled: true });
    for (let index = 0; index < 6; index += 1) await booking(ids.eli, a1, { days: 1, amount: 5_000 });
    await booking(morgan, a2, { days: 4, amount: 15_000, payment: 'debit_card' });
    // Agency B's bookings.
    for (let index = 0; index < 4; index += 1) {
      await booking(casey, b1, {
        days: 3,
        amount: 100_000,
        payment: 'mobile transfer',
        ...(caseyRequests[index] ? { requestId: caseyRequests[index] } : {}),
      });
    }
    await booking(morgan, b1, { days: 15, amount: 8_000 });
    await booking(ids.finn, b1, { days: 8, amount: 10_000 });
  });
  afterAll(async () => t.close());

  const read = async (client: TestClient) => {
    const reply = await client.get<CustomerAnalyticsOverview>(URL);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    return reply.body;
  };

  /** Every month with no figures, except those given. */
  const series = <T>(empty: T, given: Record<number, T>): T[] => months.map((_, index) => given[index] ?? empty);

  it('gives an agency its own customers, bookings and requests, every figure computed', async () => {
    const body = await read(agency);
    expect(body.month).toBe(months[11]);
    // Alex (created by A), Dana (created by A), Eli and Morgan (booked with A), Gale (asked A).
    expect(body.total_customers).toBe(5);
    expect(body.repeat_customers).toBe(2);
    expect(body.new_customers_this_month).toBe(2);
    expect(body.growth.map((point) => point.month)).toEqual(months);
    // Eli before the window; Gale twelve months ago, Dana last month, Alex and Morgan this month.
    const totals = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 5];
    expect(body.growth).toEqual(
      months.map((month, index) => ({
        month,
        new_customers: ({ 0: 1, 10: 1, 11: 2 } as Record<number, number>)[index] ?? 0,
        total_customers: totals[index],
      })),
    );
    expect(body.booking_frequency).toEqual([
      { bucket: '1', customers: 2 },
      { bucket: '2-3', customers: 1 },
      { bucket: '4-5', customers: 0 },
      { bucket: '6+', customers: 1 },
    ]);
    expect(body.booking_duration).toEqual([
      { bucket: '1-3', bookings: 7 },
      { bucket: '4-7', bookings: 2 },
      { bucket: '8-14', bookings: 1 },
      { bucket: '15+', bookings: 1 },
    ]);
    expect(body.payment_methods).toEqual([
      { method: 'cash', bookings: 8 },
      { method: 'mobile transfer', bookings: 1 },
      { method: 'debit_card', bookings: 2 },
    ]);
    expect(body.conversion).toEqual(
      series(
        { requests: 0, converted: 0 },
        { 9: { requests: 1, converted: 0 }, 11: { requests: 2, converted: 1 } },
      ).map((point, index) => ({ month: months[index], ...point })),
    );
    expect(body.top_customers).toEqual([
      { id: ids.dana, first_name: 'Dana', last_name: 'Customer', bookings: 3, total_spent: '500.00' },
      { id: ids.eli, first_name: 'Eli', last_name: 'Customer', bookings: 6, total_spent: '300.00' },
      { id: world.customers.other, first_name: 'Morgan', last_name: 'Customer', bookings: 1, total_spent: '150.00' },
      { id: world.customers.createdByA, first_name: 'Alex', last_name: 'Customer', bookings: 1, total_spent: '100.00' },
    ]);
  });

  it('gives an agent the same figures as their agency', async () => {
    expect(await read(agent)).toEqual(await read(agency));
  });

  it('gives another agency only its own figures', async () => {
    const body = await read(agencyB);
    // Blake (created by B), Finn (created by B), Casey and Morgan (booked with B).
    expect(body.total_customers).toBe(4);
    expect(body.repeat_customers).toBe(1);
    expect(body.new_customers_this_month).toBe(3);
    expect(body.booking_frequency.map((entry) => entry.customers)).toEqual([2, 0, 1, 0]);
    expect(body.booking_duration.map((entry) => entry.bookings)).toEqual([4, 0, 1, 1]);
    expect(body.payment_methods.map((entry) => entry.bookings)).toEqual([2, 4, 0]);
    expect(body.conversion.at(-1)).toEqual({ month: months[11], requests: 2, converted: 2 });
    expect(body.conversion.slice(0, 11).every((point) => point.requests === 0)).toBe(true);
    expect(body.top_customers.map((entry) => [entry.first_name, entry.bookings, entry.total_spent])).toEqual([
      ['Casey', 4, '4000.00'],
      ['Finn', 1, '100.00'],
      ['Morgan', 1, '80.00'],
    ]);
  });

  it('gives the operator every agency, the top five by spending, ties by bookings then age', async () => {
    const body = await read(staff);
    expect(body.total_customers).toBe(8);
    expect(body.repeat_customers).toBe(4);
    expect(body.new_customers_this_month).toBe(4);
    expect(body.growth.at(-1)).toEqual({ month: months[11], new_customers: 4, total_customers: 8 });
    expect(body.growth[8]).toEqual({ month: months[8], new_customers: 1, total_customers: 3 });
    expect(body.booking_frequency.map((entry) => entry.customers)).toEqual([2, 2, 1, 1]);
    expect(body.booking_duration.map((entry) => entry.bookings)).toEqual([11, 2, 2, 2]);
    expect(body.payment_methods.map((entry) => entry.bookings)).toEqual([10, 5, 2]);
    expect(body.conversion.at(-1)).toEqual({ month: months[11], requests: 4, converted: 3 });
    // Alex and Finn both spent £100.00 on one booking: Alex's record is the older one.
    expect(body.top_customers.map((entry) => [entry.first_name, entry.bookings, entry.total_spent])).toEqual([
      ['Casey', 4, '4000.00'],
      ['Dana', 3, '500.00'],
      ['Eli', 6, '300.00'],
      ['Morgan', 2, '230.00'],
      ['Alex', 1, '100.00'],
    ]);
  });

  it('refuses customers (403) and visitors (401)', async () => {
    const refused = await customer.get<ErrorBody>(URL);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(expect.any(String));
    const signedOut = await anonymous.get<ErrorBody>(URL);
    expect(signedOut.status).toBe(401);
  });

  it('answers an agency with nothing yet with zeros in every bucket and month', async () => {
    const db = t.app.deps.db;
    await rows.insertUser(db, { username: 'emptyagency', role: 'agency', agency_id: world.agencies.pending });
    const body = await read(await signedIn(t.app, 'emptyagency'));
    expect(body).toEqual({
      month: months[11],
      total_customers: 0,
      repeat_customers: 0,
      new_customers_this_month: 0,
      growth: months.map((month) => ({ month, new_customers: 0, total_customers: 0 })),
      booking_frequency: ['1', '2-3', '4-5', '6+'].map((bucket) => ({ bucket, customers: 0 })),
      booking_duration: ['1-3', '4-7', '8-14', '15+'].map((bucket) => ({ bucket, bookings: 0 })),
      payment_methods: ['cash', 'mobile transfer', 'debit_card'].map((method) => ({ method, bookings: 0 })),
      conversion: months.map((month) => ({ month, requests: 0, converted: 0 })),
      top_customers: [],
    });
  });
});
