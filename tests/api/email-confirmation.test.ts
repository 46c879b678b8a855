import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailConfirmationStatus, EmailConfirmed } from '#domain/api/email-confirmation';
import { addDays, todayIso } from '#domain/dates';
import type { Mailer, MailMessage } from '#server/services/mail';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import * as rows from '../helpers/rows.ts';

const day = (n: number) => addDays(todayIso(), n);
const HOUR_MS = 60 * 60 * 1000;
const INVALID =
  'This confirmation link has expired or was already used. Sign in and send yourself a new one from your dashboard.';
const SUBJECT = 'Confirm your e-mail address for Fleet Rental';

interface RequestCard {
  id: number;
  customer: number | null;
}

/**
 * Issue 19: a visitor's requests join the account registered or signed in with the same address,
 * once the address is confirmed by an e-mailed link (single-use, 24 h), and only those requests.
 */
describe(`e-mail confirmation attaches a visitor's requests (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agent: TestClient;
  let anonymous: TestClient;
  const sent: MailMessage[] = [];
  let failNext = false;
  const mailer: Mailer = {
    async send(message) {
      if (failNext) {
        failNext = false;
        throw new Error('SMTP server unreachable');
      }
      sent.push(message);
    },
    close() {},
  };
  let nextDay = 10;

  /** A visitor's request from `email`, on dates no other test uses. */
  const visitorRequest = async (email: string) => {
    nextDay += 3;
    const reply = await new TestClient(t.app, { remoteAddress: anotherAddress() }).post<{ id: number }>(
      '/api/rentals/booking-requests/',
      {
        vehicle_id: world.vehicles.b1,
        first_name: 'Dana',
        last_name: 'Visitor',
        phone_number: '+44 7700 900777',
        email,
        start_date: day(nextDay),
        end_date: day(nextDay + 1),
      },
    );
    expect(reply.status).toBe(201);
    return reply.body.id;
  };
  const register = (username: string, email: string) =>
    new TestClient(t.app, { remoteAddress: anotherAddress() }).post<{ id: number } & ErrorBody>(
      '/api/register/customer/',
      {
        username,
        email,
        password: rows.PASSWORD,
        first_name: 'Dana',
        last_name: 'Newcomer',
        phone_number: '+44 7700 900888',
      },
    );
  const signIn = async (username: string) => {
    const client = new TestClient(t.app, { remoteAddress: anotherAddress() });
    await client.login(username);
    return client;
  };
  const links = () =>
    sent
      .filter((mail) => mail.subject === SUBJECT)
      .map((mail) => /\/confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1]);
  const lastToken = () => {
    const token = links().at(-1);
    if (!token) throw new Error('no confirmation link was sent');
    return token;
  };
  const confirm = (token: unknown, client: TestClient = anonymous) =>
    client.post<EmailConfirmed & ErrorBody>('/api/email-confirmation/confirm/', { token });
  const customerOf = async (requestId: number) =>
    (
      await t.app.deps.db
        .selectFrom('booking_requests')
        .select('customer_id')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow()
    ).customer_id;
  const customerIdOf = async (userId: number) =>
    (await t.app.deps.db.selectFrom('customers').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow())
      .id;

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agent, anonymous },
    } = await startWorld({ mailer }));
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    sent.length = 0;
    failNext = false;
  });

  it('registering sends a link; opening it attaches only the requests of that address, in any case', async () => {
    const mine = [await visitorRequest('dana@example.com'), await visitorRequest('DANA@Example.COM')];
    const theirs = await visitorRequest('dana.other@example.com');
    const registered = await register('dana', 'Dana@example.com');
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: 'User registered successfully!', id: expect.any(Number) });
    expect(links()).toHaveLength(1);
    const mail = sent.find((message) => message.subject === SUBJECT);
    expect(mail?.to.toLowerCase()).toBe('dana@example.com');
    expect(mail?.text).toContain('2 booking requests were sent from this e-mail address');
    expect(mail?.text).toContain(`${t.config.publicUrl}/confirm-email?token=`);

    // Not before the address is confirmed.
    const dana = await signIn('dana');
    expect(links()).toHaveLength(1); // the link sent at registration still works: no second one
    const before = await dana.get<EmailConfirmationStatus>('/api/email-confirmation/');
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(before.body).toEqual({ email: 'dana@example.com', confirmed: false, waiting_requests: 2 });
    const emptyList = await dana.get<RequestCard[]>('/api/booking-requests/');
    expect(emptyList.body).toEqual([]);
    for (const id of mine) expect(await customerOf(id)).toBeNull();

    const confirmed = await confirm(lastToken());
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('private, no-store');
    expect(confirmed.body).toEqual({
      message: 'Your e-mail address is confirmed. 2 booking requests were added to your account.',
      attached_requests: 2,
    });
    const customerId = await customerIdOf(registered.body.id);
    for (const id of mine) expect(await customerOf(id)).toBe(customerId);
    expect(await customerOf(theirs)).toBeNull();

    const list = await dana.get<RequestCard[]>('/api/booking-requests/');
    expect(list.body.map((card) => card.id).sort()).toEqual([...mine].sort());
    expect(list.headers['x-total-count']).toBe('2');
    const after = await dana.get<EmailConfirmationStatus>('/api/email-confirmation/');
    expect(after.body).toEqual({ email: 'dana@example.com', confirmed: true, waiting_requests: 0 });
  });

  it('a link works once', async () => {
    await visitorRequest('once@example.com');
    expect((await register('once', 'once@example.com')).status).toBe(201);
    const token = lastToken();
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: INVALID });
  });

  it('two confirms racing with one link: one wins, the requests attached once', async () => {
    const id = await visitorRequest('race@example.com');
    const registered = await register('racer', 'race@example.com');
    const token = lastToken();
    const replies = await Promise.all([confirm(token), confirm(token)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(await customerOf(id)).toBe(await customerIdOf(registered.body.id));
  });

  it('an expired, unknown or missing link is refused with a clear message and attaches nothing', async () => {
    const id = await visitorRequest('late@example.com');
    await register('late', 'late@example.com');
    const token = lastToken();
    t.clock.advance(24 * HOUR_MS + 1000);
    try {
      const expired = await confirm(token);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ error: INVALID });
    } finally {
      t.clock.advance(-(24 * HOUR_MS + 1000));
    }
    expect(await customerOf(id)).toBeNull();
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.body).toEqual({ error: INVALID });
    const missing = await confirm('');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'Invalid or missing confirmation link.' });
    const wrongType = await confirm(12);
    expect(wrongType.status).toBe(400);
    expect(await customerOf(id)).toBeNull();
  });

  it('a link sent to an address the customer has since changed confirms nothing', async () => {
    const id = await visitorRequest('moved@example.com');
    const registered = await register('mover', 'moved@example.com');
    const token = lastToken();
    await t.app.deps.db
      .updateTable('users')
      .set({ email: 'elsewhere@example.com' })
      .where('id', '=', registered.body.id)
      .execute();
    const reply = await confirm(token);
    expect(reply.status).toBe(400);
    expect(await customerOf(id)).toBeNull();
  });

  it('signing in sends the link when requests wait; "Send the link again" is limited to three an hour', async () => {
    // customer2 (customer2@example.com) had an account before asking as a visitor.
    const id = await visitorRequest('Customer2@example.com');
    const client = await signIn('customer2');
    expect(links()).toHaveLength(1);
    await signIn('customer2');
    expect(links()).toHaveLength(1);

    const resend = () => client.post<{ message: string; email: string } & ErrorBody>('/api/email-confirmation/');
    const second = await resend();
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      message: 'A new link has been sent to customer2@example.com.',
      email: 'customer2@example.com',
    });
    expect((await resend()).status).toBe(200);
    expect(links()).toHaveLength(3);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'You have been sent three links in the last hour. Open the newest one, or try again later.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(links()).toHaveLength(3);

    t.clock.advance(HOUR_MS + 1000);
    try {
      // An hour on (and signed in again, as the access token has expired meanwhile), one more is allowed.
      const later = await signIn('customer2');
      expect(links()).toHaveLength(3);
      expect((await later.post('/api/email-confirmation/')).status).toBe(200);
      expect(links()).toHaveLength(4);
    } finally {
      t.clock.advance(-(HOUR_MS + 1000));
    }
    // Any of the links still open works, once; the others are spent with it.
    const [first, , third] = links();
    expect((await confirm(third)).body.attached_requests).toBe(1);
    expect(await customerOf(id)).toBe(world.customers.other);
    expect((await confirm(first)).status).toBe(400);

    const confirmedAlready = await resend();
    expect(confirmedAlready.status).toBe(409);
    expect(confirmedAlready.body).toEqual({ error: 'Your e-mail address is already confirmed.' });
  });

  it('sends no link when no request waits, and refuses a resend then', async () => {
    expect((await register('nobody', 'nobody@example.com')).status).toBe(201);
    const client = await signIn('nobody');
    expect(sent.filter((mail) => mail.subject === SUBJECT)).toHaveLength(0);
    const resend = await client.post('/api/email-confirmation/');
    expect(resend.status).toBe(409);
    expect(resend.body).toEqual({ error: 'No booking requests are waiting for your e-mail address.' });
    const status = await client.get<EmailConfirmationStatus>('/api/email-confirmation/');
    expect(status.body).toEqual({ email: 'nobody@example.com', confirmed: false, waiting_requests: 0 });
  });

  it('a failing mail server fails neither the sign-in nor the registration', async () => {
    await visitorRequest('unlucky@example.com');
    failNext = true;
    const registered = await register('unlucky', 'unlucky@example.com');
    expect(registered.status).toBe(201);
    expect(links()).toHaveLength(0);
    // The link made at registration was not delivered; "Send the link again" sends another.
    const client = await signIn('unlucky');
    expect((await client.post('/api/email-confirmation/')).status).toBe(200);
    expect(links()).toHaveLength(1);
  });

  it('is for customers: staff-side roles get 403, nobody signed in gets 401', async () => {
    await visitorRequest('staff@example.com');
    expect((await staff.get('/api/email-confirmation/')).status).toBe(403);
    expect((await agent.post('/api/email-confirmation/')).status).toBe(403);
    expect((await anonymous.get('/api/email-confirmation/')).status).toBe(401);
    expect((await anonymous.post('/api/email-confirmation/')).status).toBe(401);
    // A staff login with the address of a visitor's request is never sent a link, and attaches nothing.
    await signIn('staff');
    expect(links()).toHaveLength(0);
  });
});
