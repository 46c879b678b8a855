import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '#domain/dates';
import { ANONYMOUS_WRITE_LIMITS, clientNetwork } from '#server/services/rate-limits';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient, type Reply } from '../helpers/client.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';

const HOUR = 60 * 60 * 1000;
const BOOKINGS = ANONYMOUS_WRITE_LIMITS['booking-requests'];
const SIGN_UPS = ANONYMOUS_WRITE_LIMITS['sign-ups'];
const RESETS = ANONYMOUS_WRITE_LIMITS['password-resets'];

const count = (replies: Reply[], status: number) => replies.filter((reply) => reply.status === status).length;

/** A 429 as every limit gives it: a plain sentence and Retry-After within the hour. */
function expectLimited(reply: Reply<unknown>, sentence: RegExp): void {
  expect(reply.status).toBe(429);
  expect((reply.body as ErrorBody).error).toMatch(sentence);
  const retryAfter = Number(reply.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe(`limits on anonymous writes (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());
  // Every test starts with fresh windows: the previous test's counts have expired.
  beforeEach(() => t.clock.advance(HOUR + 1000));

  const visitor = (remoteAddress = anotherAddress()) => new TestClient(t.app, { remoteAddress });
  const bookingRequest = (client: TestClient, email = `visitor${++serial}@example.com`, headers = {}) =>
    client.post(
      '/api/rentals/booking-requests/',
      {
        vehicle_id: world.vehicles.a1,
        first_name: 'Vera',
        last_name: 'Visitor',
        phone_number: '+44 20 7946 0958',
        email,
        start_date: addDays(todayIso(), 20),
        end_date: addDays(todayIso(), 22),
      },
      { headers },
    );
  const registration = (client: TestClient, email = `signup${++serial}@example.com`) =>
    client.post('/api/register/customer/', {
      email,
      username: `signup${++serial}`,
      phone_number: '+44 7700 900456',
      first_name: 'Sig',
      last_name: 'Nup',
      password: 'correct horse',
    });
  const agencySignUp = (client: TestClient) =>
    client.post('/api/agent-signup/', {
      agency_name: `Agency ${++serial}`,
      first_name: 'Ada',
      last_name: 'Agent',
      email: `agency${serial}@example.com`,
      phone_number: '+44 161 496 0000',
      username: `agency${serial}`,
      password: 'agency-password',
    });

  describe('booking requests (rentals/booking-requests/)', () => {
    it(`lets ${BOOKINGS.perAddress} of a burst of 100 from one address through, and refuses the rest with 429`, async () => {
      const client = visitor();
      const replies = await Promise.all(Array.from({ length: 100 }, () => bookingRequest(client)));
      expect(count(replies, 201)).toBe(BOOKINGS.perAddress);
      expect(count(replies, 429)).toBe(100 - BOOKINGS.perAddress);
      const refused = replies.find((reply) => reply.status === 429);
      if (!refused) throw new Error('no 429');
      expectLimited(refused, /^Too many booking requests from this network\. Try again in \d+ minutes?\.$/);
      const stored = await t.app.deps.db
        .selectFrom('booking_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('first_name', '=', 'Vera')
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(BOOKINGS.perAddress);
    });

    it('leaves a household or a hotel desk its few requests, and other addresses untouched', async () => {
      const desk = visitor();
      for (let i = 0; i < 5; i++) expect((await bookingRequest(desk)).status).toBe(201);
      const blocked = visitor();
      for (let i = 0; i < BOOKINGS.perAddress; i++) await bookingRequest(blocked);
      expect((await bookingRequest(blocked)).status).toBe(429);
      expect((await bookingRequest(desk)).status).toBe(201);
      expect((await bookingRequest(visitor())).status).toBe(201);
    });

    it(`limits one e-mail address to ${BOOKINGS.perEmail} requests an hour from any address`, async () => {
      const email = `same${++serial}@example.com`;
      for (let i = 0; i < BOOKINGS.perEmail; i++) expect((await bookingRequest(visitor(), email)).status).toBe(201);
      const refused = await bookingRequest(visitor(), email.toUpperCase());
      expectLimited(refused, /^Too many booking requests for this e-mail address\. Try again in \d+ minutes?\.$/);
    });

    it('opens again when the window has passed', async () => {
      const client = visitor();
      for (let i = 0; i < BOOKINGS.perAddress; i++) await bookingRequest(client);
      const refused = await bookingRequest(client);
      expect(refused.status).toBe(429);
      t.clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await bookingRequest(client)).status).toBe(201);
    });

    it('does not count a replay that gets its stored reply, nor store the 429', async () => {
      const client = visitor();
      const key = randomUUID();
      const body = `replayer${++serial}@example.com`;
      const first = await bookingRequest(client, body, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      for (let i = 0; i < 5; i++) {
        expect((await bookingRequest(client, body, { 'idempotency-key': key })).headers['idempotent-replayed']).toBe(
          'true',
        );
      }
      for (let i = 1; i < BOOKINGS.perAddress; i++) expect((await bookingRequest(client)).status).toBe(201);
      const limitedKey = randomUUID();
      expect((await bookingRequest(client, body, { 'idempotency-key': limitedKey })).status).toBe(429);
      t.clock.advance(HOUR + 1000);
      expect((await bookingRequest(client, body, { 'idempotency-key': limitedKey })).status).toBe(201);
    });

    it('counts an IPv6 client by its /64 network', async () => {
      const first = visitor('2001:db8:aa:bb::1');
      for (let i = 0; i < BOOKINGS.perAddress; i++) expect((await bookingRequest(first)).status).toBe(201);
      expect((await bookingRequest(visitor('2001:db8:aa:bb:ffff:1:2:3'))).status).toBe(429);
      expect((await bookingRequest(visitor('2001:db8:aa:bc::1'))).status).toBe(201);
      expect(clientNetwork('2001:0db8:00aa:00bb:0000:0000:0000:0001')).toBe('2001:db8:aa:bb::/64');
      expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
      expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    });
  });

  describe('registrations and agency sign-ups', () => {
    it(`lets ${SIGN_UPS.perAddress} of 20 registrations in a burst from one address through`, async () => {
      const client = visitor();
      const replies = await Promise.all(Array.from({ length: 20 }, () => registration(client)));
      expect(count(replies, 201)).toBe(SIGN_UPS.perAddress);
      expect(count(replies, 429)).toBe(20 - SIGN_UPS.perAddress);
      const refused = replies.find((reply) => reply.status === 429);
      if (!refused) throw new Error('no 429');
      expectLimited(refused, /^Too many sign-ups from this network\. Try again in \d+ minutes?\.$/);
    });

    it('counts customer registrations and agency sign-ups in one budget', async () => {
      const client = visitor();
      for (let i = 0; i < SIGN_UPS.perAddress; i++) {
        const reply = await (i % 2 ? agencySignUp(client) : registration(client));
        expect(reply.status).toBe(201);
      }
      expect((await agencySignUp(client)).status).toBe(429);
      expect((await registration(client)).status).toBe(429);
    });

    it('limits attempts with one e-mail address, and does not count a form refused by validation', async () => {
      const email = `taken${++serial}@example.com`;
      const client = visitor();
      for (let i = 0; i < 10; i++) {
        expect((await client.post('/api/register/customer/', { email, username: 'x' })).status).toBe(400);
      }
      expect((await registration(visitor(), email)).status).toBe(201);
      for (let i = 1; i < SIGN_UPS.perEmail; i++) expect((await registration(visitor(), email)).status).toBe(400);
      expectLimited(
        await registration(visitor(), email),
        /^Too many sign-ups for this e-mail address\. Try again in \d+ minutes?\.$/,
      );
    });
  });

  describe('password reset requests', () => {
    const reset = (client: TestClient, email: string) => client.post('/api/password_reset/', { email });

    it(`allows ${RESETS.perAddress} an hour from one address, whether or not the e-mail has an account`, async () => {
      const client = visitor();
      for (let i = 0; i < RESETS.perAddress; i++) {
        expect((await reset(client, i % 2 ? 'customer@example.com' : `nobody${i}@example.com`)).status).toBe(200);
      }
      expectLimited(
        await reset(client, 'customer2@example.com'),
        /^Too many password reset requests from this network\. Try again in \d+ minutes?\.$/,
      );
    });

    it(`allows ${RESETS.perEmail} an hour for one e-mail address, known or not alike`, async () => {
      for (const email of ['agent@example.com', 'unknown-person@example.com']) {
        for (let i = 0; i < RESETS.perEmail; i++) expect((await reset(visitor(), email)).status).toBe(200);
        expectLimited(
          await reset(visitor(), email),
          /^Too many password reset requests for this e-mail address\. Try again in \d+ minutes?\.$/,
        );
      }
    });
  });

  describe('the counters', () => {
    it('hold digests, not addresses, accounts or e-mails', async () => {
      await bookingRequest(visitor('192.0.2.55'), 'private.person@example.com');
      await new TestClient(t.app, { remoteAddress: '192.0.2.56' }).post('/api/login/', {
        username: 'customer',
        password: 'wrong',
      });
      const keys = (await t.app.deps.db.selectFrom('rate_counters').select('key').execute()).map((row) => row.key);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^[a-z-]+:[a-z]+:[\w-]{22}$/);
    });

    it('keep the table bounded: windows that ended are purged', async () => {
      const failing = Array.from({ length: 20 }, (_, i) =>
        new TestClient(t.app, { remoteAddress: `198.51.100.${i}` }).post('/api/login/', {
          username: `nobody${i}`,
          password: 'wrong',
        }),
      );
      expect(count(await Promise.all(failing), 401)).toBe(20);
      const rows = async () =>
        Number(
          (
            await t.app.deps.db
              .selectFrom('rate_counters')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await rows()).toBeGreaterThanOrEqual(40);
      t.clock.advance(HOUR + 1000);
      await new TestClient(t.app, { remoteAddress: '198.51.100.200' }).post('/api/login/', {
        username: 'customer',
        password: PASSWORD.replace(/./, 'x'),
      });
      // The purge runs beside the request that triggered it, not before its reply.
      await vi.waitFor(async () => expect(await rows()).toBe(2), { timeout: 5000 });
    });
  });
});
