import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingHistoryTotals } from '#domain/api/booking-history';
import type { StaffBooking } from '#domain/api/bookings';
import type { BookingStatus } from '#domain/constants';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/** The desk's day sent with every call below, so what has "passed" does not move with the clock. */
const TODAY = '2030-06-15';

/** GET bookings/history/ and its totals: past and cancelled bookings, filtered, totalled, paged. */
describe(`booking history: bookings/history/ (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  /** Ids by name: h* are history, now* are not. */
  const ids: Record<string, number> = {};

  const book = (
    name: string,
    vehicle: number,
    customer: number,
    start: string,
    end: string,
    status: BookingStatus,
    amount: number,
  ) =>
    rows
      .insertBooking(t.app.deps.db, {
        vehicle_id: vehicle,
        customer_id: customer,
        start_date: start,
        end_date: end,
        booking_status: status,
        booking_amount: amount,
      })
      .then((id) => {
        ids[name] = id;
      });

  async function history(client: TestClient, params: Record<string, string> = {}) {
    const query = new URLSearchParams({ today: TODAY, ...params });
    const reply = await client.get<StaffBooking[]>(`/api/bookings/history/?${query}`);
    expect(reply.status).toBe(200);
    return reply;
  }
  const namesOf = (list: StaffBooking[]) =>
    list.map((booking) => Object.keys(ids).find((name) => ids[name] === booking.id));
  async function totals(client: TestClient, params: Record<string, string> = {}) {
    const query = new URLSearchParams({ today: TODAY, ...params });
    const reply = await client.get<BookingHistoryTotals>(`/api/bookings/history/totals/?${query}`);
    expect(reply.status).toBe(200);
    return reply.body;
  }
  const statuses = (counts: Partial<Record<BookingStatus, number>>) => ({
    pending: 0,
    confirmed: 0,
    active: 0,
    completed: 0,
    cancelled: 0,
    ...counts,
  });

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    const { a1, a2, b1 } = world.vehicles;
    const { createdByA, own, createdByB } = world.customers;
    await book('hCompleted', a1, createdByA, '2030-06-01', '2030-06-03', 'completed', 10_000);
    await book('hCancelled', a2, own, '2030-06-05', '2030-06-06', 'cancelled', 5_000);
    await book('hNoShow', a1, own, '2030-05-10', '2030-05-12', 'confirmed', 2_000);
    await book('hCancelledAhead', a2, createdByA, '2030-07-10', '2030-07-11', 'cancelled', 3_000);
    await book('nowAhead', a1, createdByA, '2030-07-01', '2030-07-02', 'confirmed', 9_900);
    await book('nowOut', a2, createdByA, '2030-06-14', '2030-06-16', 'active', 9_900);
    await book('hOther', b1, createdByB, '2030-06-02', '2030-06-04', 'completed', 7_000);
  });
  afterAll(async () => t.close());

  it('lists completed, cancelled and ended bookings of the agency, latest end first, with their totals', async () => {
    for (const client of [clients.agency, clients.agent]) {
      const reply = await history(client);
      expect(namesOf(reply.body)).toEqual(['hCancelledAhead', 'hCancelled', 'hCompleted', 'hNoShow']);
      expect(reply.headers['x-total-count']).toBe('4');
      expect(reply.body[0]).toMatchObject({
        booking_status: 'cancelled',
        booking_amount: '30.00',
        vehicle_details: { id: world.vehicles.a2, registration_number: 'AA22 AAA' },
        customer_details: { id: world.customers.createdByA, first_name: 'Alex' },
      });
      expect(await totals(client)).toEqual({
        count: 4,
        amount: '200.00',
        statuses: statuses({ completed: 1, cancelled: 2, confirmed: 1 }),
      });
    }
  });

  it('shows the operator every agency’s history', async () => {
    const reply = await history(clients.staff);
    expect(namesOf(reply.body)).toEqual(['hCancelledAhead', 'hCancelled', 'hOther', 'hCompleted', 'hNoShow']);
    expect(await totals(clients.staff)).toEqual({
      count: 5,
      amount: '270.00',
      statuses: statuses({ completed: 2, cancelled: 2, confirmed: 1 }),
    });
  });

  it('counts as passed what ended before the server’s day when no day is sent', async () => {
    // The test clock is years before 2030: only what is completed or cancelled is history.
    const reply = await clients.agency.get<StaffBooking[]>('/api/bookings/history/');
    expect(namesOf(reply.body)).toEqual(['hCancelledAhead', 'hCancelled', 'hCompleted']);
  });

  it('filters by the dates a booking touches, either end open', async () => {
    const both = await history(clients.agency, { from: '2030-06-01', to: '2030-06-04' });
    expect(namesOf(both.body)).toEqual(['hCompleted']);
    const touching = await history(clients.agency, { from: '2030-06-03', to: '2030-06-05' });
    expect(namesOf(touching.body)).toEqual(['hCancelled', 'hCompleted']);
    expect(namesOf((await history(clients.agency, { from: '2030-06-04' })).body)).toEqual([
      'hCancelledAhead',
      'hCancelled',
    ]);
    expect(namesOf((await history(clients.agency, { to: '2030-06-02' })).body)).toEqual(['hCompleted', 'hNoShow']);
    expect(await totals(clients.agency, { from: '2030-06-03', to: '2030-06-05' })).toEqual({
      count: 2,
      amount: '150.00',
      statuses: statuses({ completed: 1, cancelled: 1 }),
    });
  });

  it('filters by vehicle, customer and status, together too', async () => {
    const { a1, a2 } = world.vehicles;
    const { own } = world.customers;
    expect(namesOf((await history(clients.agency, { vehicle: String(a2) })).body)).toEqual([
      'hCancelledAhead',
      'hCancelled',
    ]);
    expect(namesOf((await history(clients.agency, { customer: String(own) })).body)).toEqual(['hCancelled', 'hNoShow']);
    expect(namesOf((await history(clients.agency, { status: 'cancelled' })).body)).toEqual([
      'hCancelledAhead',
      'hCancelled',
    ]);
    expect(
      namesOf(
        (await history(clients.agency, { vehicle: String(a1), customer: String(own), status: 'confirmed' })).body,
      ),
    ).toEqual(['hNoShow']);
    expect(await totals(clients.agency, { status: 'cancelled' })).toEqual({
      count: 2,
      amount: '80.00',
      statuses: statuses({ cancelled: 2 }),
    });
    // A status no past booking has: nothing, not an error.
    expect((await history(clients.agency, { status: 'active' })).body).toEqual([]);
  });

  it('pages by limit and offset or by cursor, the total covering every page', async () => {
    const first = await history(clients.staff, { limit: '2' });
    expect(namesOf(first.body)).toEqual(['hCancelledAhead', 'hCancelled']);
    expect(first.headers['x-total-count']).toBe('5');
    const cursor = String(first.headers['x-next-cursor']);
    expect(String(first.headers.link)).toContain('rel="next"');
    const second = await history(clients.staff, { limit: '2', cursor });
    expect(namesOf(second.body)).toEqual(['hOther', 'hCompleted']);
    const byOffset = await history(clients.staff, { limit: '2', offset: '2' });
    expect(namesOf(byOffset.body)).toEqual(['hOther', 'hCompleted']);
    const last = await history(clients.staff, { limit: '2', offset: '4' });
    expect(namesOf(last.body)).toEqual(['hNoShow']);
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('never shows another agency’s bookings: its vehicle or customer as a filter gives an empty list', async () => {
    const own = await history(clients.agencyB);
    expect(namesOf(own.body)).toEqual(['hOther']);
    const theirVehicle = await history(clients.agency, { vehicle: String(world.vehicles.b1) });
    expect(theirVehicle.body).toEqual([]);
    expect(theirVehicle.headers['x-total-count']).toBe('0');
    expect((await history(clients.agencyB, { customer: String(world.customers.createdByA) })).body).toEqual([]);
    expect(await totals(clients.agency, { vehicle: String(world.vehicles.b1) })).toEqual({
      count: 0,
      amount: '0.00',
      statuses: statuses({}),
    });
  });

  it('refuses bad filters and paging with 400 naming the field', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: '2030-13-01' }, 'from', 'From must be a date (YYYY-MM-DD).'],
      [{ to: 'yesterday' }, 'to', 'To must be a date (YYYY-MM-DD).'],
      [{ from: '2030-06-10', to: '2030-06-01' }, 'to', 'From cannot be after To.'],
      [{ status: 'lost' }, 'status', 'Status must be one of pending, confirmed, active, completed, cancelled.'],
      [{ vehicle: 'car' }, 'vehicle', ''],
      [{ customer: '-3' }, 'customer', ''],
      [{ today: '15/06/2030' }, 'today', 'Today must be a date (YYYY-MM-DD).'],
    ];
    for (const path of ['/api/bookings/history/', '/api/bookings/history/totals/']) {
      for (const [params, field, message] of cases) {
        const reply = await clients.agency.get<ErrorBody>(`${path}?${new URLSearchParams(params)}`);
        expect(reply.status, `${path} ${JSON.stringify(params)}`).toBe(400);
        expect(reply.body.fields?.[field]?.length, `${path} ${field}`).toBe(1);
        if (message) expect(reply.body.fields?.[field]).toEqual([message]);
      }
    }
    const paging: Record<string, string>[] = [
      { limit: '201' },
      { limit: '0' },
      { offset: '-1' },
      { cursor: 'nonsense' },
    ];
    for (const params of paging) {
      const reply = await clients.agency.get<ErrorBody>(`/api/bookings/history/?${new URLSearchParams(params)}`);
      expect(reply.status, JSON.stringify(params)).toBe(400);
    }
    expect((await history(clients.agency, { limit: '200' })).body).toHaveLength(4);
  });

  it('refuses customers (403) and visitors (401)', async () => {
    for (const path of ['/api/bookings/history/', '/api/bookings/history/totals/']) {
      expect((await clients.customer.get(path)).status).toBe(403);
      expect((await clients.anonymous.get(path)).status).toBe(401);
    }
  });

  // Last: it changes the data the tests above read.
  it('shows a booking cancelled just now, in the list and in the totals', async () => {
    expect(namesOf((await history(clients.agency, { status: 'cancelled' })).body)).not.toContain('nowAhead');
    expect((await totals(clients.agency)).count).toBe(4);
    const cancelled = await clients.agent.post(`/api/bookings/${ids.nowAhead}/cancel/`, { reason: 'Plans changed.' });
    expect(cancelled.status).toBe(200);
    expect(namesOf((await history(clients.agency, { status: 'cancelled' })).body)).toEqual([
      'hCancelledAhead',
      'nowAhead',
      'hCancelled',
    ]);
    expect(await totals(clients.agency)).toEqual({
      count: 5,
      amount: '299.00',
      statuses: statuses({ completed: 1, cancelled: 3, confirmed: 1 }),
    });
  });
});
