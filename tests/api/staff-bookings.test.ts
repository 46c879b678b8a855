import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffBooking } from '#domain/api/bookings';
import { type ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

/** The staff list's search, order and customer filter (GET bookings/), and Edit Booking (PATCH bookings/:id/). */
describe(`staff bookings (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const db = () => t.app.deps.db;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  describe('GET bookings/ search, ordering and customer', () => {
    let zed: number;
    let amy: number;
    let audi: number;
    let volvo: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      zed = await rows.insertCustomer(db(), { first_name: 'Zed', last_name: 'Quarry', agency_id: world.agencies.a });
      amy = await rows.insertCustomer(db(), { first_name: 'Amy', last_name: 'Quarry', agency_id: world.agencies.a });
      audi = await rows.insertVehicle(db(), { agency_id: world.agencies.a, make: 'Audi', model: 'A3' });
      volvo = await rows.insertVehicle(db(), {
        agency_id: world.agencies.a,
        make: 'Volvo',
        model: 'XC40',
        registration_number: 'QQ99 QRY',
      });
      const book = async (name: string, customerId: number, vehicleId: number, start: string) => {
        t.clock.advance(1000);
        const reply = await agency.post<StaffBooking>('/api/bookings/', {
          customer: customerId,
          vehicle: vehicleId,
          start_date: start,
          end_date: start,
        });
        expect(reply.status).toBe(201);
        ids[name] = reply.body.id;
      };
      await book('zedAudi', zed, audi, '2033-01-03');
      await book('amyVolvo', amy, volvo, '2033-01-01');
      await book('amyAudi', amy, audi, '2033-01-02');
    });

    const list = (client: TestClient, query: string) => client.get<StaffBooking[]>(`/api/bookings/?${query}`);

    it('finds bookings by customer name, full name, vehicle or registration, case-insensitively', async () => {
      const byName = await list(agency, 'search=quarry');
      expect(byName.status).toBe(200);
      expect(byName.headers['cache-control']).toBe('private, no-store');
      expect(byName.headers['x-total-count']).toBe('3');
      expect(byName.body.map((b) => b.id)).toEqual([ids.amyAudi, ids.amyVolvo, ids.zedAudi]);
      expect((await list(agency, 'search=AMY%20QUARRY')).body.map((b) => b.id)).toEqual([ids.amyAudi, ids.amyVolvo]);
      expect((await list(agency, 'search=volvo%20xc')).body.map((b) => b.id)).toEqual([ids.amyVolvo]);
      expect((await list(agency, 'search=qq99')).body.map((b) => b.id)).toEqual([ids.amyVolvo]);
      const none = await list(agency, 'search=100%25');
      expect(none.body).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
    });

    it('keeps a search inside the caller agency', async () => {
      const forB = await list(agencyB, 'search=quarry');
      expect(forB.body).toEqual([]);
      expect(forB.headers['x-total-count']).toBe('0');
    });

    it('sorts by customer, vehicle, start date and date added, both ways', async () => {
      const order = async (ordering: string) =>
        (await list(agency, `search=quarry&ordering=${ordering}`)).body.map((b) => b.id);
      // Amy before Zed; Amy's two bookings tie on the name and go by id.
      expect(await order('customer')).toEqual([ids.amyVolvo, ids.amyAudi, ids.zedAudi]);
      expect(await order('-customer')).toEqual([ids.zedAudi, ids.amyAudi, ids.amyVolvo]);
      expect(await order('vehicle')).toEqual([ids.zedAudi, ids.amyAudi, ids.amyVolvo]);
      expect(await order('-vehicle')).toEqual([ids.amyVolvo, ids.amyAudi, ids.zedAudi]);
      expect(await order('start_date')).toEqual([ids.amyVolvo, ids.amyAudi, ids.zedAudi]);
      expect(await order('-start_date')).toEqual([ids.zedAudi, ids.amyAudi, ids.amyVolvo]);
      expect(await order('created_at')).toEqual([ids.zedAudi, ids.amyVolvo, ids.amyAudi]);
      expect(await order('-created_at')).toEqual([ids.amyAudi, ids.amyVolvo, ids.zedAudi]);
    });

    it('pages a sorted list without repeating a row', async () => {
      const first = await list(agency, 'search=quarry&ordering=customer&limit=2');
      const second = await list(agency, 'search=quarry&ordering=customer&limit=2&offset=2');
      expect(first.headers['x-total-count']).toBe('3');
      expect([...first.body, ...second.body].map((b) => b.id)).toEqual([ids.amyVolvo, ids.amyAudi, ids.zedAudi]);
    });

    it("filters by customer, within the caller's agency", async () => {
      const ofAmy = await list(agent, `customer=${amy}`);
      expect(ofAmy.headers['x-total-count']).toBe('2');
      expect(ofAmy.body.map((b) => b.id)).toEqual([ids.amyAudi, ids.amyVolvo]);
      expect((await list(staff, `customer=${zed}&search=audi`)).body.map((b) => b.id)).toEqual([ids.zedAudi]);
      const forB = await list(agencyB, `customer=${amy}`);
      expect(forB.body).toEqual([]);
    });

    it.each(['ordering=price', 'ordering=', 'customer=abc', 'customer=0'])('refuses %s with 400', async (query) => {
      const reply = await staff.get<ErrorBody>(`/api/bookings/?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/Ordering|Customer/);
    });

    it('leaves the customer list as it was', async () => {
      const own = await customer.get<{ id: number }[]>('/api/bookings/?search=zzz&ordering=customer');
      expect(own.status).toBe(200);
    });
  });

  describe('PATCH bookings/:id/', () => {
    let vehicle: number;
    let other: number;
    let bookingId: number;

    const full = (change: Record<string, unknown> = {}) => ({
      customer: world.customers.createdByA,
      vehicle,
      start_date: '2034-03-10',
      end_date: '2034-03-12',
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location: 'Leeds Station',
      dropoff_location: 'Leeds Station',
      booking_amount: '135.00',
      booking_deposit: '200.00',
      payment_method: 'cash',
      booking_status: 'pending',
      estimated_mileage: 300,
      discount_amount: '0.00',
      discount_description: null,
      notes: null,
      ...change,
    });

    beforeAll(async () => {
      vehicle = await rows.insertVehicle(db(), { agency_id: world.agencies.a, price_per_day: 4500 });
      other = await rows.insertVehicle(db(), { agency_id: world.agencies.a, price_per_day: 6000, deposit: 5000 });
      const created = await agency.post<StaffBooking>('/api/bookings/', full());
      expect(created.status).toBe(201);
      bookingId = created.body.id;
    });

    it('changes every field and answers with the booking; its creation stays', async () => {
      const before = await db()
        .selectFrom('bookings')
        .select(['created_at', 'created_by'])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      const reply = await agent.patch<StaffBooking>(
        `/api/bookings/${bookingId}/`,
        full({
          vehicle: other,
          start_date: '2034-03-11',
          end_date: '2034-03-14',
          pickup_time: '10:30',
          booking_amount: null,
          booking_deposit: null,
          payment_method: 'debit_card',
          booking_status: 'active',
          discount_amount: '20',
          discount_description: 'Returning customer',
          notes: 'Baby seat',
        }),
      );
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.body).toMatchObject({
        id: bookingId,
        vehicle: other,
        start_date: '2034-03-11',
        end_date: '2034-03-14',
        pickup_time: '10:30',
        booking_amount: '220.00',
        booking_deposit: '50.00',
        payment_method: 'debit_card',
        booking_status: 'active',
        discount_amount: '20.00',
        discount_description: 'Returning customer',
        notes: 'Baby seat',
      });
      const after = await db()
        .selectFrom('bookings')
        .select(['created_at', 'created_by'])
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      const read = await staff.get<StaffBooking>(`/api/bookings/${bookingId}/`);
      expect(read.body.booking_status).toBe('active');
    });

    it('may move its own dates over themselves, but not over another booking (409, plain words)', async () => {
      const own = await agency.patch<StaffBooking>(
        `/api/bookings/${bookingId}/`,
        full({ vehicle: other, start_date: '2034-03-12', end_date: '2034-03-15', booking_status: 'confirmed' }),
      );
      expect(own.status).toBe(200);
      await rows.insertBooking(db(), {
        vehicle_id: other,
        customer_id: world.customers.createdByA,
        start_date: '2034-03-20',
        end_date: '2034-03-22',
      });
      const clash = await agency.patch<ErrorBody>(
        `/api/bookings/${bookingId}/`,
        full({ vehicle: other, start_date: '2034-03-18', end_date: '2034-03-20' }),
      );
      expect(clash.status).toBe(409);
      const message = 'This vehicle is already booked from 20/03/2034 to 22/03/2034.';
      expect(clash.body).toEqual({ error: message, fields: { start_date: [message] } });
      const unchanged = await staff.get<StaffBooking>(`/api/bookings/${bookingId}/`);
      expect(unchanged.body).toMatchObject({ start_date: '2034-03-12', end_date: '2034-03-15' });
      // A cancelled booking holds nothing, so it may sit on those dates.
      const cancelled = await agency.patch<StaffBooking>(
        `/api/bookings/${bookingId}/`,
        full({ vehicle: other, start_date: '2034-03-18', end_date: '2034-03-20', booking_status: 'cancelled' }),
      );
      expect(cancelled.status).toBe(200);
    });

    it('lets only one of two edits racing onto the same dates through', async () => {
      const racer = await rows.insertVehicle(db(), { agency_id: world.agencies.a });
      const one = await rows.insertBooking(db(), {
        vehicle_id: racer,
        customer_id: world.customers.createdByA,
        start_date: '2035-01-01',
        booking_status: 'pending',
      });
      const two = await rows.insertBooking(db(), {
        vehicle_id: racer,
        customer_id: world.customers.createdByA,
        start_date: '2035-02-01',
        booking_status: 'pending',
      });
      const move = (id: number) =>
        agency.patch(
          `/api/bookings/${id}/`,
          full({ vehicle: racer, start_date: '2035-03-01', end_date: '2035-03-03' }),
        );
      const statuses = (await Promise.all([move(one), move(two)])).map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 409]);
    });

    it.each([
      ['end before start', () => ({ start_date: '2034-05-05', end_date: '2034-05-04' }), 'end_date'],
      ['an unknown status', () => ({ booking_status: 'archived' }), 'booking_status'],
      ['a bad amount', () => ({ booking_amount: '12.345' }), 'booking_amount'],
      ['no customer', () => ({ customer: null }), 'customer'],
      ['a vehicle of another agency', () => ({ vehicle: world.vehicles.b1 }), 'vehicle'],
    ])('refuses %s with 400 and changes nothing', async (_name, change, field) => {
      const patch = change();
      const before = await staff.get<StaffBooking>(`/api/bookings/${bookingId}/`);
      const reply = await agency.patch<ErrorBody>(`/api/bookings/${bookingId}/`, full(patch));
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
      expect((await staff.get<StaffBooking>(`/api/bookings/${bookingId}/`)).body).toEqual(before.body);
    });

    it("answers 404 for another agency's booking or one that does not exist", async () => {
      const theirs = await agencyB.patch<ErrorBody>(
        `/api/bookings/${bookingId}/`,
        full({ customer: world.customers.createdByB, vehicle: world.vehicles.b1 }),
      );
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ error: 'Booking not found.' });
      expect((await staff.patch(`/api/bookings/999999/`, full())).status).toBe(404);
    });

    it('refuses customers (403), the signed-out (401) and a bad id (400)', async () => {
      expect((await customer.patch(`/api/bookings/${bookingId}/`, full())).status).toBe(403);
      expect((await anonymous.patch(`/api/bookings/${bookingId}/`, full())).status).toBe(401);
      expect((await staff.patch('/api/bookings/abc/', full())).status).toBe(400);
    });

    it('answers a replayed Idempotency-Key with the stored reply', async () => {
      const headers = { 'idempotency-key': 'edit-booking-replay-0001' };
      const body = full({
        vehicle: other,
        start_date: '2034-06-01',
        end_date: '2034-06-02',
        booking_status: 'pending',
      });
      const first = await agency.patch<StaffBooking>(`/api/bookings/${bookingId}/`, body, { headers });
      const again = await agency.patch<StaffBooking>(`/api/bookings/${bookingId}/`, body, { headers });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    });
  });
});
