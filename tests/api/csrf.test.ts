import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { CSRF_COOKIE, isServerCsrfToken } from '#server/services/tokens';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, PASSWORD } from '../helpers/fixtures.ts';
import { insertUser } from '../helpers/rows.ts';

/** Shaped like a server token (nonce.signature), but signed by no one. */
const LOOKALIKE = `${'A'.repeat(24)}.${'B'.repeat(43)}`;

describe(`CSRF tokens: server-made only, renewed at sign-in and sign-out (${ENGINE})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());

  /** A visitor whose browser holds `value` in the csrftoken cookie. */
  function holding(value: string): TestClient {
    const client = new TestClient(t.app);
    client.setCookie(CSRF_COOKIE, value);
    return client;
  }

  it('issues a signed token, readable by the page', async () => {
    const client = new TestClient(t.app);
    const reply = await client.get<{ csrfToken: string }>('/api/csrf/');
    expect(reply.status).toBe(200);
    expect(reply.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
    expect(client.cookie(CSRF_COOKIE)).toBe(reply.body.csrfToken);
    expect(isServerCsrfToken(t.app.deps, reply.body.csrfToken)).toBe(true);
    expect(String(reply.headers['set-cookie'])).not.toMatch(/HttpOnly/i);
  });

  it('keeps a token it made, so the tabs of one browser agree', async () => {
    const client = new TestClient(t.app);
    const first = await client.get<{ csrfToken: string }>('/api/csrf/');
    const second = await client.get<{ csrfToken: string }>('/api/csrf/');
    expect(second.body.csrfToken).toBe(first.body.csrfToken);
  });

  it.each([
    ['a value of the old unsigned shape', 'a'.repeat(32)],
    ['a lookalike of the signed shape', LOOKALIKE],
    ['a signed token with its nonce changed', 'TAMPER'],
  ])('never adopts %s the client chose: answers a new token of its own', async (_name, chosen) => {
    const value = chosen === 'TAMPER' ? await tampered() : chosen;
    const client = holding(value);
    const reply = await client.get<{ csrfToken: string }>('/api/csrf/');
    expect(reply.status).toBe(200);
    expect(reply.body.csrfToken).not.toBe(value);
    expect(isServerCsrfToken(t.app.deps, reply.body.csrfToken)).toBe(true);
    expect(client.cookie(CSRF_COOKIE)).toBe(reply.body.csrfToken);
  });

  /** A real token whose nonce is changed by one character, its signature kept. */
  async function tampered(): Promise<string> {
    const real = (await new TestClient(t.app).get<{ csrfToken: string }>('/api/csrf/')).body.csrfToken;
    const flipped = real[0] === 'A' ? 'B' : 'A';
    return flipped + real.slice(1);
  }

  it('refuses an unsafe call whose cookie and header agree on a token it did not make', async () => {
    for (const value of ['a'.repeat(32), LOOKALIKE, await tampered()]) {
      const client = holding(value);
      const reply = await client.post<ErrorBody>('/api/login/', { username: 'customer', password: PASSWORD });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toMatch(/CSRF/);
      expect(client.cookie('access_token')).toBeUndefined();
    }
  });

  it('renews the token at sign-in; the new one works, the old header with the new cookie does not', async () => {
    const client = new TestClient(t.app);
    const before = (await client.get<{ csrfToken: string }>('/api/csrf/')).body.csrfToken;
    expect((await client.post('/api/login/', { username: 'customer', password: PASSWORD })).status).toBe(200);
    const after = client.cookie(CSRF_COOKIE) ?? '';
    expect(after).not.toBe(before);
    expect(isServerCsrfToken(t.app.deps, after)).toBe(true);

    const stale = await client.post(
      '/api/booking-requests/',
      {},
      { withoutCsrf: true, headers: { 'x-csrftoken': before } },
    );
    expect(stale.status).toBe(403);
    // With the token the sign-in gave, the same call passes the check (and fails validation instead).
    expect((await client.post('/api/booking-requests/', {})).status).toBe(400);
  });

  it('does not renew it at a failed sign-in or a token refresh (requests in flight keep theirs)', async () => {
    const client = new TestClient(t.app);
    const before = (await client.get<{ csrfToken: string }>('/api/csrf/')).body.csrfToken;
    expect((await client.post('/api/login/', { username: 'customer', password: 'not-it' })).status).toBe(401);
    expect(client.cookie(CSRF_COOKIE)).toBe(before);
    await client.login('customer');
    const signedInToken = client.cookie(CSRF_COOKIE);
    expect((await client.post('/api/token/refresh/')).status).toBe(200);
    expect(client.cookie(CSRF_COOKIE)).toBe(signedInToken);
  });

  it('renews it at sign-out and at a password change', async () => {
    const client = await signedIn(t.app, 'customer');
    const whileIn = client.cookie(CSRF_COOKIE);
    expect((await client.post('/api/logout/')).status).toBe(204);
    const afterLogout = client.cookie(CSRF_COOKIE) ?? '';
    expect(afterLogout).not.toBe(whileIn);
    expect(isServerCsrfToken(t.app.deps, afterLogout)).toBe(true);

    await insertUser(t.app.deps.db, { username: 'csrfchanger', role: 'customer' });
    const changer = await signedIn(t.app, 'csrfchanger');
    const beforeChange = changer.cookie(CSRF_COOKIE);
    const change = await changer.post('/api/auth/password/', { current_password: PASSWORD, password: 'new-pass-123' });
    expect(change.status).toBe(200);
    expect(changer.cookie(CSRF_COOKIE)).not.toBe(beforeChange);
    expect((await changer.post('/api/booking-requests/', {})).status).toBe(400);
  });

  it('accepts a token made by another process sharing the secret', async () => {
    const second = await buildApp({ config: t.config, mailer: { send: async () => {}, close() {} }, now: t.clock.now });
    try {
      await second.ready();
      const token = (await new TestClient(t.app).get<{ csrfToken: string }>('/api/csrf/')).body.csrfToken;
      const elsewhere = new TestClient(second);
      elsewhere.setCookie(CSRF_COOKIE, token);
      expect((await elsewhere.get<{ csrfToken: string }>('/api/csrf/')).body.csrfToken).toBe(token);
      expect((await elsewhere.post('/api/login/', { username: 'agent', password: PASSWORD })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
