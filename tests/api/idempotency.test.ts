import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { type Reply, signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The offline outbox replays writes with the same Idempotency-Key; these prove that on the two
 * booking-request calls it drives: a replay never makes a second row and gets the first reply.
 */
describe(`Idempotency-Key on booking requests (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let customer: TestClient;
  let visitor: TestClient;

  const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

  const countRequests = (where: { email?: string; vehicleId?: number }) =>
    rows.countBookingRequests(t.app.deps.db, where);

  const sameReply = (first: Reply, second: Reply) => {
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  };

  /** A vehicle of agency A, pickable from Leeds, that no other test here requests. */
  const addVehicle = () => rows.insertVehicle(t.app.deps.db, { agency_id: world.agencies.a }, [world.locations.a1]);

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
    customer = await signedIn(t.app, 'customer');
    visitor = new TestClient(t.app);
  });
  afterAll(async () => t.close());

  describe('POST rentals/booking-requests/ (visitor)', () => {
    const body = (email: string, extra = {}) => ({
      vehicle_id: world.vehicles.a1,
      first_name: 'Ida',
      last_name: 'Empotent',
      phone_number: '+44 20 7946 0958',
      email,
      start_date: day(30),
      end_date: day(31),
      ...extra,
    });

    it('replays the stored reply for the same key and body, creating one row', async () => {
      const key = randomUUID();
      const first = await visitor.post('/api/rentals/booking-requests/', body('replay@example.com'), withKey(key));
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await visitor.post('/api/rentals/booking-requests/', body('replay@example.com'), withKey(key));
      sameReply(first, second);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ email: 'replay@example.com' })).toBe(1);
    });

    it('replays a visitor request sent again after signing in on the same device', async () => {
      const device = new TestClient(t.app);
      const key = randomUUID();
      const first = await device.post(
        '/api/rentals/booking-requests/',
        body('then-signed-in@example.com'),
        withKey(key),
      );
      expect(first.status).toBe(201);
      await device.login('customer');
      const again = await device.post(
        '/api/rentals/booking-requests/',
        body('then-signed-in@example.com'),
        withKey(key),
      );
      sameReply(first, again);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ email: 'then-signed-in@example.com' })).toBe(1);
    });

    it('refuses the same key with a different body (422)', async () => {
      const key = randomUUID();
      expect(
        (await visitor.post('/api/rentals/booking-requests/', body('first@example.com'), withKey(key))).status,
      ).toBe(201);
      const other = await visitor.post('/api/rentals/booking-requests/', body('second@example.com'), withKey(key));
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ error: 'This Idempotency-Key was already used for a different request.' });
      expect(await countRequests({ email: 'second@example.com' })).toBe(0);
    });

    it('runs two concurrent requests with the same key once, and both get the same reply', async () => {
      const key = randomUUID();
      const [a, b] = await Promise.all([
        visitor.post('/api/rentals/booking-requests/', body('together@example.com'), withKey(key)),
        visitor.post('/api/rentals/booking-requests/', body('together@example.com'), withKey(key)),
      ]);
      expect(a.status).toBe(201);
      sameReply(a, b);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
      expect(await countRequests({ email: 'together@example.com' })).toBe(1);
    });

    it('refuses a malformed key with 400 and writes nothing', async () => {
      const reply = await visitor.post(
        '/api/rentals/booking-requests/',
        body('malformed@example.com'),
        withKey('not a key!'),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: expect.stringContaining('Idempotency-Key') });
      const short = await visitor.post('/api/rentals/booking-requests/', body('malformed@example.com'), withKey('abc'));
      expect(short.status).toBe(400);
      expect(await countRequests({ email: 'malformed@example.com' })).toBe(0);
    });

    it('stores and replays a 400 validation reply, with no row', async () => {
      const key = randomUUID();
      const invalid = body('invalid@example.com', { end_date: day(29) });
      const first = await visitor.post('/api/rentals/booking-requests/', invalid, withKey(key));
      expect(first.status).toBe(400);
      expect(first.body).toEqual({
        error: 'End date cannot be before start date.',
        fields: { end_date: ['End date cannot be before start date.'] },
      });
      const second = await visitor.post('/api/rentals/booking-requests/', invalid, withKey(key));
      sameReply(first, second);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ email: 'invalid@example.com' })).toBe(0);
    });
  });

  describe('POST booking-requests/ (customer)', () => {
    const body = (vehicleId: number, extra = {}) => ({
      vehicle_id: vehicleId,
      start_date: day(40),
      end_date: day(42),
      pickup_time: '09:30',
      dropoff_time: '16:00',
      pickup_location_id: world.locations.a1,
      dropoff_location_id: world.locations.a1,
      ...extra,
    });

    it('replays the stored reply for the same key and body, creating one row', async () => {
      const vehicle = await addVehicle();
      const key = randomUUID();
      const first = await customer.post('/api/booking-requests/', body(vehicle), withKey(key));
      expect(first.status).toBe(201);
      const second = await customer.post('/api/booking-requests/', body(vehicle), withKey(key));
      sameReply(first, second);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ vehicleId: vehicle })).toBe(1);
    });

    it('refuses the same key with a different body (422)', async () => {
      const vehicle = await addVehicle();
      const key = randomUUID();
      expect((await customer.post('/api/booking-requests/', body(vehicle), withKey(key))).status).toBe(201);
      const other = await customer.post(
        '/api/booking-requests/',
        body(vehicle, { message: 'changed my mind' }),
        withKey(key),
      );
      expect(other.status).toBe(422);
      expect(await countRequests({ vehicleId: vehicle })).toBe(1);
    });

    it('runs two concurrent requests with the same key once, and both get the same reply', async () => {
      const vehicle = await addVehicle();
      const key = randomUUID();
      const [a, b] = await Promise.all([
        customer.post('/api/booking-requests/', body(vehicle), withKey(key)),
        customer.post('/api/booking-requests/', body(vehicle), withKey(key)),
      ]);
      expect(a.status).toBe(201);
      sameReply(a, b);
      expect(await countRequests({ vehicleId: vehicle })).toBe(1);
    });

    it('keeps keys per caller: another customer with the same key runs their own request', async () => {
      const vehicle = await addVehicle();
      const key = randomUUID();
      const other = new TestClient(t.app);
      await other.login('customer2');
      const mine = await customer.post<{ customer: number }>('/api/booking-requests/', body(vehicle), withKey(key));
      const theirs = await other.post<{ customer: number }>('/api/booking-requests/', body(vehicle), withKey(key));
      expect(mine.status).toBe(201);
      expect(theirs.status).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.body.customer).toBe(world.customers.other);
      expect(await countRequests({ vehicleId: vehicle })).toBe(2);
    });

    it('refuses a malformed key with 400', async () => {
      const vehicle = await addVehicle();
      const reply = await customer.post('/api/booking-requests/', body(vehicle), withKey('x'.repeat(129)));
      expect(reply.status).toBe(400);
      expect(await countRequests({ vehicleId: vehicle })).toBe(0);
    });

    it('stores and replays a 400 validation reply, with no row', async () => {
      const vehicle = await addVehicle();
      const key = randomUUID();
      const invalid = body(vehicle, { pickup_time: '9' });
      const first = await customer.post('/api/booking-requests/', invalid, withKey(key));
      expect(first.status).toBe(400);
      expect(first.body).toEqual({
        error: 'Pickup time must be a time (HH:MM).',
        fields: { pickup_time: ['Pickup time must be a time (HH:MM).'] },
      });
      const second = await customer.post('/api/booking-requests/', invalid, withKey(key));
      sameReply(first, second);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ vehicleId: vehicle })).toBe(0);
    });

    it('still replays a key seven days later (an outbox after a long weekend)', async () => {
      const vehicle = await addVehicle();
      const customerKey = randomUUID();
      const visitorKey = randomUUID();
      const visitorBody = {
        vehicle_id: vehicle,
        first_name: 'Wendy',
        last_name: 'Weekend',
        phone_number: '+44 20 7946 0958',
        email: 'weekend@example.com',
        start_date: day(60),
        end_date: day(61),
      };
      const first = await customer.post('/api/booking-requests/', body(vehicle), withKey(customerKey));
      const firstVisitor = await visitor.post('/api/rentals/booking-requests/', visitorBody, withKey(visitorKey));
      expect(first.status).toBe(201);
      expect(firstVisitor.status).toBe(201);

      t.clock.advance(SEVEN_DAYS_MS);
      // The access token has long expired: the outbox signs in again, then replays.
      await customer.login('customer');
      const later = await customer.post('/api/booking-requests/', body(vehicle), withKey(customerKey));
      sameReply(first, later);
      expect(later.headers['idempotent-replayed']).toBe('true');
      const laterVisitor = await visitor.post('/api/rentals/booking-requests/', visitorBody, withKey(visitorKey));
      sameReply(firstVisitor, laterVisitor);
      expect(laterVisitor.headers['idempotent-replayed']).toBe('true');
      expect(await countRequests({ vehicleId: vehicle })).toBe(2);
    });
  });
});
