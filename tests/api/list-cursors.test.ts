import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World, type WorldClients } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

interface Row {
  id: number;
}

const NEXT_LINK = /^<([^>]+)>; rel="next"$/;

/**
 * Every row of a list, page by page, following each reply's Link rel="next" (checked against its
 * X-Next-Cursor) until a page comes without one. Returns the ids in order and the page count.
 */
async function walk(client: TestClient, url: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let pages = 0;
  let next: string | null = url;
  while (next) {
    const reply: Awaited<ReturnType<typeof client.get<Row[]>>> = await client.get<Row[]>(next);
    expect(reply.status).toBe(200);
    pages += 1;
    ids.push(...reply.body.map((row) => row.id));
    const cursor = reply.headers['x-next-cursor'];
    const link = reply.headers.link;
    if (cursor === undefined) {
      expect(link).toBeUndefined();
      next = null;
    } else {
      const target = NEXT_LINK.exec(String(link))?.[1] ?? '';
      expect(new URL(target, 'http://test').searchParams.get('cursor')).toBe(cursor);
      expect(new URL(target, 'http://test').searchParams.has('offset')).toBe(false);
      next = target;
    }
  }
  return { ids, pages };
}

/** The same list read with limit/offset pages of `limit` rows. */
async function byOffset(client: TestClient, url: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const reply = await client.get<Row[]>(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`);
    expect(reply.status).toBe(200);
    ids.push(...reply.body.map((row) => row.id));
    if (reply.body.length < limit) return ids;
  }
}

describe(`keyset paging of lists (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let clients: WorldClients;
  /** Bookings of each agency, newest first as the list orders them (created_at desc, id desc). */
  const bookings: { a: number[]; b: number[]; all: number[] } = { a: [], b: [], all: [] };
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    ({ t, world, clients } = await startWorld());
    // Many bookings share a created_at, across both agencies: only the id tells them apart.
    const stamps = ['2031-05-01T10:00:00.000Z', '2031-05-01T10:00:00.000Z', '2031-05-02T08:30:00.000Z'];
    const written: { id: number; created_at: string; agency: 'a' | 'b' }[] = [];
    for (let i = 0; i < 15; i++) {
      const agency = i % 3 === 0 ? 'b' : 'a';
      const created_at = stamps[i % stamps.length] ?? '';
      const id = await rows.insertBooking(db(), {
        customer_id: agency === 'a' ? world.customers.createdByA : world.customers.createdByB,
        vehicle_id: agency === 'a' ? world.vehicles.a1 : world.vehicles.b1,
        start_date: `2031-06-${String(10 + (i % 7)).padStart(2, '0')}`,
        created_at,
      });
      written.push({ id, created_at, agency });
    }
    written.sort((x, y) => (x.created_at === y.created_at ? y.id - x.id : x.created_at < y.created_at ? 1 : -1));
    bookings.all = written.map((row) => row.id);
    bookings.a = written.filter((row) => row.agency === 'a').map((row) => row.id);
    bookings.b = written.filter((row) => row.agency === 'b').map((row) => row.id);
  });
  afterAll(async () => t.close());

  describe('GET bookings/ (staff)', () => {
    it('walks every row once, newest first, ties broken by id, the last page without a next cursor', async () => {
      const staff = await walk(clients.staff, '/api/bookings/?limit=2');
      expect(staff.ids).toEqual(bookings.all);
      expect(staff.pages).toBe(Math.ceil(bookings.all.length / 2));
      expect((await walk(clients.agency, '/api/bookings/?limit=4')).ids).toEqual(bookings.a);
      expect((await walk(clients.agencyB, '/api/bookings/?limit=1')).ids).toEqual(bookings.b);
      // A page that ends exactly at the last row says so: no next cursor for an empty page.
      const whole = await clients.staff.get<Row[]>(`/api/bookings/?limit=${bookings.all.length}`);
      expect(whole.headers['x-next-cursor']).toBeUndefined();
      expect(whole.headers['x-total-count']).toBe(String(bookings.all.length));
    });

    it('gives the same rows by cursor as by limit and offset, also for a deep offset', async () => {
      expect(await byOffset(clients.staff, '/api/bookings/', 4)).toEqual(bookings.all);
      const deep = await clients.staff.get<Row[]>('/api/bookings/?limit=3&offset=9');
      expect(deep.body.map((row) => row.id)).toEqual(bookings.all.slice(9, 12));
      // An offset page also hands out the cursor of the page after it.
      const after = await clients.staff.get<Row[]>(`/api/bookings/?limit=3&cursor=${deep.headers['x-next-cursor']}`);
      expect(after.body.map((row) => row.id)).toEqual(bookings.all.slice(12, 15));
      expect((await clients.staff.get<Row[]>('/api/bookings/?offset=1000')).body).toEqual([]);
    });

    it('pages every ordering by cursor exactly as by offset', async () => {
      await rows.insertCustomer(db(), { first_name: 'Alex', agency_id: world.agencies.a });
      for (const ordering of [
        'customer',
        '-customer',
        'vehicle',
        '-vehicle',
        'start_date',
        '-start_date',
        'created_at',
      ]) {
        const expected = await byOffset(clients.staff, `/api/bookings/?ordering=${ordering}`, 200);
        expect(expected).toHaveLength(bookings.all.length);
        expect((await walk(clients.staff, `/api/bookings/?ordering=${ordering}&limit=2`)).ids).toEqual(expected);
        expect(await byOffset(clients.staff, `/api/bookings/?ordering=${ordering}`, 3)).toEqual(expected);
      }
      const searched = await walk(clients.staff, '/api/bookings/?search=corolla&limit=2');
      expect(searched.ids).toEqual(bookings.a);
    });

    it('never shows another agency rows, whatever cursor is sent', async () => {
      const staffPage = await clients.staff.get<Row[]>('/api/bookings/?limit=1');
      const cursor = String(staffPage.headers['x-next-cursor']);
      const forA = await clients.agency.get<Row[]>(`/api/bookings/?cursor=${cursor}&limit=50`);
      expect(forA.status).toBe(200);
      expect(forA.body.map((row) => row.id)).toEqual(bookings.a.filter((id) => bookings.all.indexOf(id) >= 1));
      // A cursor forged before every row still yields only the caller's own.
      const forged = Buffer.from(
        JSON.stringify(['staff-bookings:-created_at', '9999-12-31T00:00:00.000Z', 2 ** 31 - 1]),
      ).toString('base64url');
      const forB = await clients.agencyB.get<Row[]>(`/api/bookings/?cursor=${forged}&limit=200`);
      expect(forB.status).toBe(200);
      expect(forB.body.map((row) => row.id)).toEqual(bookings.b);
    });

    it('refuses a cursor it did not make for this list and order with 400 and a plain sentence', async () => {
      const customers = await clients.staff.get('/api/customers/?limit=1');
      const customersCursor = String(customers.headers['x-next-cursor']);
      const newest = await clients.staff.get('/api/bookings/?limit=1');
      const newestCursor = String(newest.headers['x-next-cursor']);
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const bad = [
        'not-a-cursor',
        encode({ at: 1 }),
        encode(['staff-bookings:-created_at', 12, 'x']),
        encode(['staff-bookings:-created_at', '2031-05-01T10:00:00.000Z']),
        encode(['staff-bookings:-created_at', '2031-05-01T10:00:00.000Z', 1.5]),
        encode(['staff-bookings:-created_at', '2031-05-01T10:00:00.000Z', 2 ** 31]),
        encode(['staff-bookings:-created_at', '2031-05-01\u0000', 1]),
        customersCursor,
      ];
      for (const cursor of bad) {
        const reply = await clients.staff.get<ErrorBody>(`/api/bookings/?cursor=${encodeURIComponent(cursor)}`);
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({
          error: 'This cursor is not valid for this list; load the list again from its first page.',
          fields: { cursor: ['This cursor is not valid for this list; load the list again from its first page.'] },
        });
      }
      const otherOrder = await clients.staff.get<ErrorBody>(`/api/bookings/?ordering=customer&cursor=${newestCursor}`);
      expect(otherOrder.status).toBe(400);
      const both = await clients.staff.get<ErrorBody>(`/api/bookings/?offset=2&cursor=${newestCursor}`);
      expect(both.status).toBe(400);
      expect(both.body.error).toBe('Send either a cursor or an offset, not both.');
      const long = await clients.staff.get<ErrorBody>(`/api/bookings/?cursor=${'a'.repeat(2001)}`);
      expect(long.status).toBe(400);
      expect(long.body.error).toBe('Cursor is too long.');
    });

    it('caps limit as before, with or without a cursor', async () => {
      const first = await clients.staff.get<Row[]>('/api/bookings/?limit=200');
      expect(first.status).toBe(200);
      expect((await clients.staff.get('/api/bookings/?limit=201')).status).toBe(400);
      const cursor = String((await clients.staff.get('/api/bookings/?limit=1')).headers['x-next-cursor']);
      expect((await clients.staff.get(`/api/bookings/?limit=201&cursor=${cursor}`)).status).toBe(400);
      expect((await clients.staff.get<Row[]>(`/api/bookings/?cursor=${cursor}`)).body).toHaveLength(
        Math.min(50, bookings.all.length - 1),
      );
    });
  });

  describe('the other lists', () => {
    beforeAll(async () => {
      // Namesakes: the name order falls back on the id.
      for (let i = 0; i < 4; i++) {
        await rows.insertCustomer(db(), {
          first_name: 'Sam',
          last_name: 'Same',
          email: `sam${i}@example.com`,
          agency_id: world.agencies.a,
          created_at: '2031-01-01T00:00:00.000Z',
        });
      }
      for (let i = 0; i < 7; i++) {
        await rows.insertBookingRequest(db(), {
          customer_id: i % 2 ? world.customers.own : world.customers.other,
          vehicle_id: i % 3 ? world.vehicles.a1 : world.vehicles.b1,
          start_date: '2031-07-01',
          end_date: '2031-07-02',
          status: i % 4 ? 'pending' : 'accepted',
          created_at: '2031-03-03T03:03:03.000Z',
        });
      }
      for (let i = 0; i < 4; i++) {
        await rows.insertBooking(db(), {
          customer_id: world.customers.own,
          vehicle_id: i % 2 ? world.vehicles.a2 : world.vehicles.b1,
          start_date: `2031-08-0${i + 1}`,
          created_at: '2031-05-01T10:00:00.000Z',
        });
      }
    });

    it.each([
      ['staff', '/api/customers/'],
      ['staff', '/api/customers/?ordering=-email'],
      ['staff', '/api/customers/?ordering=created_at'],
      ['agency', '/api/customers/?ordering=-name'],
      ['staff', '/api/customers/?search=same'],
      ['staff', '/api/staff-booking-requests/'],
      ['agency', '/api/staff-booking-requests/?status=pending'],
      ['customer', '/api/booking-requests/'],
      ['customer', '/api/bookings/'],
      ['agency', `/api/bookings/customer/CUSTOMER/`],
    ] as const)('%s %s walks by cursor as by offset', async (who, path) => {
      const client = clients[who];
      const url = path.replace('CUSTOMER', String(world.customers.createdByA));
      const expected = await byOffset(client, url, 200);
      expect(expected.length).toBeGreaterThan(2);
      expect(new Set(expected).size).toBe(expected.length);
      const walked = await walk(client, `${url}${url.includes('?') ? '&' : '?'}limit=2`);
      expect(walked.ids).toEqual(expected);
      expect(await byOffset(client, url, 3)).toEqual(expected);
      const total = (await client.get(url)).headers['x-total-count'];
      expect(total).toBe(String(expected.length));
    });
  });

  describe('a search with more matches than it counts', () => {
    it('stops counting at 1,000 and says so in X-Total-Count-Capped', async () => {
      const stamp = '2020-01-01T00:00:00.000Z';
      const many = Array.from({ length: 1_001 }, (_, i) => ({
        customer_id: world.customers.createdByB,
        vehicle_id: world.vehicles.b1,
        agency_id: world.agencies.b,
        booking_request_id: null,
        start_date: '2020-02-01',
        end_date: '2020-02-01',
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location: null,
        dropoff_location: null,
        booking_amount: 1000 + i,
        booking_deposit: 0,
        payment_method: 'cash' as const,
        booking_status: 'completed' as const,
        estimated_mileage: null,
        discount_amount: 0,
        discount_description: null,
        notes: null,
        created_by: null,
        created_at: stamp,
      }));
      for (let i = 0; i < many.length; i += 250) {
        await db()
          .insertInto('bookings')
          .values(many.slice(i, i + 250))
          .execute();
      }
      const searched = await clients.agencyB.get<Row[]>('/api/bookings/?search=civic&limit=5');
      expect(searched.headers['x-total-count']).toBe('1000');
      expect(searched.headers['x-total-count-capped']).toBe('true');
      const all = await clients.agencyB.get<Row[]>('/api/bookings/?limit=5');
      const ofB = await db()
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('agency_id', '=', world.agencies.b)
        .executeTakeFirstOrThrow();
      expect(Number(all.headers['x-total-count'])).toBe(Number(ofB.n));
      expect(Number(ofB.n)).toBeGreaterThan(1_001);
      expect(all.headers['x-total-count-capped']).toBeUndefined();
      const few = await clients.agencyB.get<Row[]>('/api/bookings/?search=zzz-none');
      expect(few.headers['x-total-count']).toBe('0');
      expect(few.headers['x-total-count-capped']).toBeUndefined();
    });
  });
});
