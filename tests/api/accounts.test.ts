import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '#server/services/mail';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { anotherAddress, signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';

const MINUTE = 60 * 1000;
const RESET_REPLY = { message: 'A password reset link has been sent to your email.' };
const USERNAME_TAKEN = 'A user with that username already exists.';
const EMAIL_TAKEN = 'A user with that e-mail address already exists.';

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: 'jo.bloggs@example.com',
  username: 'jobloggs',
  phone_number: '+44 7700 900456',
  first_name: 'Jo',
  last_name: 'Bloggs',
  password: 'correct horse',
  ...overrides,
});

const agencySignup = (overrides: Record<string, unknown> = {}) => ({
  agency_name: 'Eastern Motors',
  first_name: 'Eve',
  last_name: 'East',
  email: 'eve@eastern.example',
  phone_number: '+44 161 496 0000',
  username: 'easternmotors',
  password: 'eastern-pass',
  ...overrides,
});

/** The link a reset mail carries, and its token. */
function resetLink(text: string, publicUrl: string): { link: string; token: string } {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/password-reset/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return { link: match[0], token: match[1] };
}

describe(`accounts: registration, agency sign-up, password reset (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  /** Each caller from an address of its own: these tests sign up far more often than one household. */
  const visitor = () => new TestClient(t.app, { remoteAddress: anotherAddress() });

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    t.outbox.length = 0;
  });

  describe('POST register/customer/', () => {
    it('creates a customer user and its customer record, without signing in', async () => {
      const client = visitor();
      const reply = await client.post<{ message: string; id: number }>(
        '/api/register/customer/',
        registration({ email: '  Jo.Bloggs@Example.com ' }),
      );
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({ message: 'User registered successfully!', id: expect.any(Number) });
      expect(client.cookie('access_token')).toBeUndefined();
      expect((await client.get('/api/auth/me/')).status).toBe(401);

      const db = t.app.deps.db;
      const user = await db.selectFrom('users').selectAll().where('id', '=', reply.body.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        username: 'jobloggs',
        email: 'jo.bloggs@example.com',
        role: 'customer',
        first_name: 'Jo',
        last_name: 'Bloggs',
        phone_number: '+44 7700 900456',
        agency_id: null,
      });
      expect(user.password_hash).toMatch(/^scrypt\$/);
      expect(user.password_hash).not.toContain('correct horse');
      const customer = await db
        .selectFrom('customers')
        .selectAll()
        .where('user_id', '=', reply.body.id)
        .executeTakeFirstOrThrow();
      expect(customer).toMatchObject({
        title: 'MR',
        first_name: 'Jo',
        last_name: 'Bloggs',
        phone_number: '+44 7700 900456',
        email: 'jo.bloggs@example.com',
        agency_id: null,
      });

      const me = await client.login('jobloggs', 'correct horse');
      expect(me.body).toMatchObject({ role: 'customer', customer_id: customer.id });
    });

    it('refuses a taken username or e-mail (any case) with 400 and the field', async () => {
      const client = visitor();
      const username = await client.post<ErrorBody>(
        '/api/register/customer/',
        registration({ username: 'customer', email: 'fresh1@example.com' }),
      );
      expect(username.status).toBe(400);
      expect(username.body).toEqual({ error: USERNAME_TAKEN, fields: { username: [USERNAME_TAKEN] } });
      const email = await client.post<ErrorBody>(
        '/api/register/customer/',
        registration({ username: 'fresh1', email: 'CUSTOMER@example.com' }),
      );
      expect(email.status).toBe(400);
      expect(email.body).toEqual({ error: EMAIL_TAKEN, fields: { email: [EMAIL_TAKEN] } });
      const both = await client.post<ErrorBody>(
        '/api/register/customer/',
        registration({ username: 'staff', email: 'staff@example.com' }),
      );
      expect(both.body).toEqual({
        error: USERNAME_TAKEN,
        fields: { username: [USERNAME_TAKEN], email: [EMAIL_TAKEN] },
      });
      const count = await t.app.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', 'in', ['fresh1', 'customer'])
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it('turns a lost race for one username into the same 400, leaving one user and one customer', async () => {
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          visitor().post<ErrorBody>(
            '/api/register/customer/',
            registration({ username: 'racer', email: `racer${i}@example.com` }),
          ),
        ),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400]);
      for (const reply of replies.filter((r) => r.status === 400)) {
        expect(reply.body).toEqual({ error: USERNAME_TAKEN, fields: { username: [USERNAME_TAKEN] } });
      }
      const customers = await t.app.deps.db
        .selectFrom('customers')
        .select('id')
        .where('email', 'like', 'racer%@example.com')
        .execute();
      expect(customers).toHaveLength(1);
    });

    it('validates every field', async () => {
      const client = visitor();
      const empty = await client.post<ErrorBody>('/api/register/customer/', {});
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual([
        'email',
        'first_name',
        'last_name',
        'password',
        'phone_number',
        'username',
      ]);
      expect(empty.body.error).toBe('Please correct the 6 highlighted fields.');

      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 'not-an-email' }, 'email', 'Enter a valid e-mail address.'],
        [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
        [
          { phone_number: 'call me' },
          'phone_number',
          'Phone number must be a valid phone number, e.g. +44 20 7946 0958.',
        ],
        [{ first_name: '  ' }, 'first_name', 'First name is required.'],
        [{ last_name: '' }, 'last_name', 'Last name is required.'],
        [{ username: 'a b' }, 'username', 'Username may contain only letters, digits and . _ + -'],
      ];
      for (const [override, field, message] of cases) {
        const reply = await client.post<ErrorBody>(
          '/api/register/customer/',
          registration({ username: 'validcheck', email: 'validcheck@example.com', ...override }),
        );
        expect(reply.status, field).toBe(400);
        expect(reply.body, field).toEqual({ error: message, fields: { [field]: [message] } });
      }
      const missing = await client.post<ErrorBody>('/api/register/customer/', { ...registration(), email: undefined });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields ?? {})).toEqual(['email']);
      const leftovers = await t.app.deps.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('username', '=', 'validcheck'), eb('email', '=', 'validcheck@example.com')]))
        .execute();
      expect(leftovers).toHaveLength(0);
    });

    it('refuses the call without CSRF', async () => {
      const client = visitor();
      await client.get('/api/csrf/');
      const reply = await client.post('/api/register/customer/', registration({ username: 'nocsrf' }), {
        withoutCsrf: true,
      });
      expect(reply.status).toBe(403);
    });

    it('replays an Idempotency-Key without creating a second user', async () => {
      const client = visitor();
      const body = registration({ username: 'offline1', email: 'offline1@example.com' });
      const headers = { 'idempotency-key': 'register-offline1-0001' };
      const first = await client.post<{ id: number }>('/api/register/customer/', body, { headers });
      const second = await client.post<{ id: number }>('/api/register/customer/', body, { headers });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
    });
  });

  describe('POST agent-signup/', () => {
    it('creates a pending agency and its agency user, who can sign in', async () => {
      const client = visitor();
      const reply = await client.post<{ message: string; agency: { id: number; name: string; status: string } }>(
        '/api/agent-signup/',
        agencySignup(),
      );
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        message: 'Thank you! Your agency registration is pending approval.',
        agency: { id: expect.any(Number), name: 'Eastern Motors', status: 'pending' },
      });
      const db = t.app.deps.db;
      const agency = await db
        .selectFrom('agencies')
        .selectAll()
        .where('id', '=', reply.body.agency.id)
        .executeTakeFirstOrThrow();
      expect(agency).toMatchObject({
        status: 'pending',
        contact_email: 'eve@eastern.example',
        phone_number: '+44 161 496 0000',
      });
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'easternmotors')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ role: 'agency', agency_id: agency.id, first_name: 'Eve', last_name: 'East' });

      const me = await client.login('eve@eastern.example', 'eastern-pass');
      expect(me.body).toMatchObject({
        role: 'agency',
        agency: { id: agency.id, name: 'Eastern Motors', status: 'pending' },
      });
    });

    it('refuses a taken username or e-mail and leaves no agency behind', async () => {
      const client = visitor();
      const before = await t.app.deps.db
        .selectFrom('agencies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const username = await client.post<ErrorBody>(
        '/api/agent-signup/',
        agencySignup({ username: 'agent', email: 'new-agency@example.com' }),
      );
      expect(username.status).toBe(400);
      expect(username.body).toEqual({ error: USERNAME_TAKEN, fields: { username: [USERNAME_TAKEN] } });
      const email = await client.post<ErrorBody>(
        '/api/agent-signup/',
        agencySignup({ username: 'newagency', email: 'Agency@Example.com' }),
      );
      expect(email.body).toEqual({ error: EMAIL_TAKEN, fields: { email: [EMAIL_TAKEN] } });

      // A lost race (the pre-check passed for both) must roll the agency back too.
      const racers = await Promise.all(
        [1, 2, 3].map((i) =>
          visitor().post('/api/agent-signup/', agencySignup({ username: 'raceagency', email: `ra${i}@x.io` })),
        ),
      );
      expect(racers.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      const after = await t.app.deps.db
        .selectFrom('agencies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
    });

    it('validates every field', async () => {
      const client = visitor();
      const empty = await client.post<ErrorBody>('/api/agent-signup/', {});
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual([
        'agency_name',
        'email',
        'first_name',
        'last_name',
        'password',
        'phone_number',
        'username',
      ]);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ agency_name: ' ' }, 'agency_name', 'Agency name is required.'],
        [{ email: 'eve@' }, 'email', 'Enter a valid e-mail address.'],
        [{ password: '1234567' }, 'password', 'Password must be at least 8 characters.'],
        [{ phone_number: '12' }, 'phone_number', 'Phone number must be a valid phone number, e.g. +44 20 7946 0958.'],
      ];
      for (const [override, field, message] of cases) {
        const reply = await client.post<ErrorBody>('/api/agent-signup/', agencySignup(override));
        expect(reply.status, field).toBe(400);
        expect(reply.body, field).toEqual({ error: message, fields: { [field]: [message] } });
      }
    });

    it('refuses the call without CSRF', async () => {
      const client = visitor();
      await client.get('/api/csrf/');
      expect((await client.post('/api/agent-signup/', agencySignup(), { withoutCsrf: true })).status).toBe(403);
    });
  });

  describe('POST password_reset/ and password_reset/confirm/', () => {
    const requestReset = (client: TestClient, email: string) =>
      client.post<{ message: string }>('/api/password_reset/', { email });

    it('gives the same reply for an unknown address and sends nothing', async () => {
      const reply = await requestReset(new TestClient(t.app), 'nobody@example.com');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(RESET_REPLY);
      expect(t.outbox).toHaveLength(0);
      const rows = await t.app.deps.db.selectFrom('password_reset_tokens').select('id').execute();
      expect(rows).toHaveLength(0);
    });

    it('mails a link to PUBLIC_URL/password-reset/{token}, storing only its hash', async () => {
      const reply = await requestReset(new TestClient(t.app), 'Customer2@Example.com');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(RESET_REPLY);
      expect(t.outbox).toHaveLength(1);
      const mail = t.outbox[0];
      expect(mail?.to).toBe('customer2@example.com');
      const { token } = resetLink(mail?.text ?? '', t.config.publicUrl);
      expect(mail?.text).toContain(`${t.config.publicUrl}/password-reset/${token}`);
      const stored = await t.app.deps.db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('user_id', '=', world.users.customer2)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toBe(token);
      const ttl = new Date(stored[0]?.expires_at ?? 0).getTime() - t.clock.now().getTime();
      expect(ttl).toBeGreaterThan(59 * MINUTE);
      expect(ttl).toBeLessThanOrEqual(60 * MINUTE);
    });

    it('resets the password once: old password out, new one in, refresh tokens revoked', async () => {
      const device = await signedIn(t.app, 'agent');
      await requestReset(new TestClient(t.app), 'agent@example.com');
      const { token } = resetLink(t.outbox.at(-1)?.text ?? '', t.config.publicUrl);

      const client = new TestClient(t.app);
      const done = await client.post('/api/password_reset/confirm/', { token, password: 'brand-new-pass' });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: 'Your password has been reset successfully.' });

      const again = await client.post('/api/password_reset/confirm/', { token, password: 'another-new-pass' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: 'Invalid or expired reset token.' });

      const old = await new TestClient(t.app).post('/api/login/', { username: 'agent', password: PASSWORD });
      expect(old.status).toBe(401);
      expect((await new TestClient(t.app).login('agent', 'brand-new-pass')).status).toBe(200);

      expect((await device.post('/api/token/refresh/')).status).toBe(401);
      const live = await t.app.deps.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', world.users.agentA)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toHaveLength(1); // only the session just opened with the new password
    });

    it('refuses an expired link (61 minutes later)', async () => {
      await requestReset(new TestClient(t.app), 'agencyb@example.com');
      const { token } = resetLink(t.outbox.at(-1)?.text ?? '', t.config.publicUrl);
      t.clock.advance(61 * MINUTE);
      const reply = await new TestClient(t.app).post('/api/password_reset/confirm/', {
        token,
        password: 'too-late-pass',
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: 'Invalid or expired reset token.' });
      expect((await new TestClient(t.app).login('agencyb')).status).toBe(200);
    });

    it('refuses an unknown token and validates the body', async () => {
      const client = new TestClient(t.app);
      const unknown = await client.post('/api/password_reset/confirm/', { token: 'made-up', password: 'long-enough' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ error: 'Invalid or expired reset token.' });
      const short = await client.post('/api/password_reset/confirm/', { token: 'made-up', password: 'short' });
      expect(short.body).toEqual({
        error: 'Password must be at least 8 characters.',
        fields: { password: ['Password must be at least 8 characters.'] },
      });
      const noToken = await client.post('/api/password_reset/confirm/', { token: '', password: 'long-enough' });
      expect(noToken.body).toEqual({
        error: 'Invalid or missing reset token.',
        fields: { token: ['Invalid or missing reset token.'] },
      });
      const badEmail = await client.post('/api/password_reset/', { email: 'not-an-address' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body).toEqual({
        error: 'Enter a valid e-mail address.',
        fields: { email: ['Enter a valid e-mail address.'] },
      });
      const noEmail = await client.post<ErrorBody>('/api/password_reset/', {});
      expect(noEmail.status).toBe(400);
      expect(Object.keys(noEmail.body.fields ?? {})).toEqual(['email']);
      expect(
        (await client.post('/api/password_reset/', { email: 'x@example.com' }, { withoutCsrf: true })).status,
      ).toBe(403);
    });

    it('sends at most 3 links per address per hour, with the same reply every time', async () => {
      const client = new TestClient(t.app);
      for (let i = 0; i < 5; i++) {
        const reply = await requestReset(client, 'staff@example.com');
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual(RESET_REPLY);
      }
      expect(t.outbox).toHaveLength(3);
      t.clock.advance(61 * MINUTE);
      await requestReset(client, 'staff@example.com');
      expect(t.outbox).toHaveLength(4);
    });

    it('answers without waiting for the mail server, and survives its failure', async () => {
      let fail: (error: Error) => void = () => {};
      let attempts = 0;
      const stuck = await createTestApp({
        mailer: {
          send: () => {
            attempts++;
            return new Promise((_, reject) => {
              fail = reject;
            });
          },
          close() {},
        },
      });
      try {
        await createWorld(stuck.app.deps.db);
        const client = new TestClient(stuck.app);
        const reply = await client.post('/api/password_reset/', { email: 'staff@example.com' });
        // The mail is still in flight: the reply did not wait for it.
        expect(attempts).toBe(1);
        expect(reply.status).toBe(200);
        expect(reply.body).toEqual(RESET_REPLY);
        fail(new Error('SMTP down'));
        await sleep(10);
        expect((await client.get('/api/health/')).status).toBe(200);
      } finally {
        await stuck.close();
      }
    });
  });
});

describe(`password reset over a real SMTP server (${ENGINE})`, () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port: number;
  let mailDir: string;
  let t: TestApp;

  const silent: FastifyBaseLogger = {
    level: 'silent',
    fatal: () => {},
    error: () => {},
    warn: () => {},
    info: () => {},
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => silent,
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
    port = address.port;
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-mail-'));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: mailDir, log: silent });
    t = await createTestApp({ mailer });
    await createWorld(t.app.deps.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
    await rm(mailDir, { recursive: true, force: true });
  });

  it('delivers the reset link by SMTP, and the link works', async () => {
    const reply = await new TestClient(t.app).post('/api/password_reset/', { email: 'customer@example.com' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(RESET_REPLY);

    const deadline = Date.now() + 10_000;
    while (!received.some((message) => message.includes('/password-reset/')) && Date.now() < deadline) {
      await sleep(25);
    }
    const message = received.find((m) => m.includes('/password-reset/'));
    expect(message).toBeDefined();
    expect(message).toMatch(/^To: customer@example\.com/m);
    // Undo quoted-printable soft line breaks before reading the link.
    const text = (message ?? '').replace(/=\r?\n/g, '');
    const { token } = resetLink(text, t.config.publicUrl);

    const confirm = await new TestClient(t.app).post('/api/password_reset/confirm/', {
      token,
      password: 'mailed-new-pass',
    });
    expect(confirm.status).toBe(200);
    expect((await new TestClient(t.app).login('customer', 'mailed-new-pass')).status).toBe(200);
  });
});
