import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { REFRESH_RETRY_GRACE_MS } from '#server/services/session';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '#server/services/tokens';
import type { FastifyInstance } from 'fastify';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';
import { insertUser } from '../helpers/rows.ts';

/** A caller holding nothing but a copy of an access token (a stolen cookie, an old tab). */
function holding(app: FastifyInstance, accessToken: string): TestClient {
  const client = new TestClient(app);
  client.setCookie(ACCESS_COOKIE, accessToken);
  return client;
}

function accessOf(client: TestClient): string {
  const token = client.cookie(ACCESS_COOKIE);
  if (!token) throw new Error('the client holds no access token');
  return token;
}

/** What a signed-in customer can call: all of them must refuse an ended session. */
async function customerCalls(client: TestClient): Promise<number[]> {
  return [
    (await client.get('/api/auth/me/')).status,
    (await client.get('/api/customers/me/')).status,
    (await client.get('/api/bookings/')).status,
    (await client.post('/api/booking-requests/', {})).status,
  ];
}

const SIGNED_OUT = [401, 401, 401, 401];

describe(`ending a session ends its access token at once (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let serial = 0;

  /** A fresh customer login, so one test's sign-outs do not touch another's. */
  async function newCustomer(): Promise<string> {
    serial += 1;
    const username = `revoke${serial}`;
    await insertUser(t.app.deps.db, { username, role: 'customer' });
    return username;
  }

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());

  it('logout: the access token still held gets 401 on auth/me/ and every call', async () => {
    const username = await newCustomer();
    const client = await signedIn(t.app, username);
    const copy = accessOf(client);
    expect((await holding(t.app, copy).get('/api/auth/me/')).status).toBe(200);

    expect((await client.post('/api/logout/')).status).toBe(204);
    expect(await customerCalls(holding(t.app, copy))).toEqual(SIGNED_OUT);
    expect((await holding(t.app, copy).get('/api/staff-vehicles/')).status).toBe(401);
    // Public calls still answer, as to anyone signed out.
    expect((await holding(t.app, copy).get('/api/public-vehicles/')).status).toBe(200);
  });

  it('logout with only the access cookie (the refresh cookie lost) still ends the session', async () => {
    const client = await signedIn(t.app, await newCustomer());
    const copy = accessOf(client);
    const refresh = client.cookie(REFRESH_COOKIE);
    client.forgetCookie(REFRESH_COOKIE);
    expect((await client.post('/api/logout/')).status).toBe(204);
    expect((await holding(t.app, copy).get('/api/auth/me/')).status).toBe(401);
    const thief = new TestClient(t.app);
    thief.setCookie(REFRESH_COOKIE, refresh ?? '');
    expect((await thief.post('/api/token/refresh/')).status).toBe(401);
  });

  it("logout ends this device's session only, not the same user's other devices", async () => {
    const username = await newCustomer();
    const phone = await signedIn(t.app, username);
    const tablet = await signedIn(t.app, username);
    expect((await phone.post('/api/logout/')).status).toBe(204);
    expect((await phone.get('/api/auth/me/')).status).toBe(401);
    expect((await tablet.get('/api/auth/me/')).status).toBe(200);
    expect((await tablet.post('/api/token/refresh/')).status).toBe(200);
  });

  it('a reused refresh token revokes its family: every access token of the session gets 401 at once', async () => {
    const client = await signedIn(t.app, await newCustomer());
    const first = accessOf(client);
    const stolenRefresh = client.cookie(REFRESH_COOKIE) ?? '';
    expect((await client.post('/api/token/refresh/')).status).toBe(200);
    expect((await client.get('/api/auth/me/')).status).toBe(200);

    // The copied refresh token comes back after the retry grace: theft, so the family goes.
    t.clock.advance(REFRESH_RETRY_GRACE_MS + 1000);
    const thief = new TestClient(t.app);
    thief.setCookie(REFRESH_COOKIE, stolenRefresh);
    expect((await thief.post('/api/token/refresh/')).status).toBe(401);

    expect(await customerCalls(client)).toEqual(SIGNED_OUT);
    expect((await holding(t.app, first).get('/api/auth/me/')).status).toBe(401);
    expect((await client.post('/api/token/refresh/')).status).toBe(401);
  });

  it("a password change ends the user's other devices at once and keeps this one", async () => {
    const username = await newCustomer();
    const here = await signedIn(t.app, username);
    const elsewhere = await signedIn(t.app, username);
    const change = await here.post('/api/auth/password/', { current_password: PASSWORD, password: 'a-new-secret-1' });
    expect(change.status).toBe(200);
    expect(await customerCalls(elsewhere)).toEqual(SIGNED_OUT);
    expect((await here.get('/api/auth/me/')).status).toBe(200);
    expect((await here.get('/api/bookings/')).status).toBe(200);
  });

  it('a password reset ends every session of the user at once', async () => {
    const username = await newCustomer();
    const device = await signedIn(t.app, username);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/password_reset/', { email: `${username}@example.com` })).status).toBe(200);
    const token = /password-reset\/([A-Za-z0-9_-]+)/.exec(t.outbox.at(-1)?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await anonymous.post('/api/password_reset/confirm/', { token, password: 'after-the-reset-1' });
    expect(reset.status).toBe(200);
    expect((await device.get('/api/auth/me/')).status).toBe(401);
  });

  it('refuses a well-signed access token that names no session (one made before sessions were checked)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const legacy = await new SignJWT({ role: 'staff', agency: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(world.users.staff))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.app.deps.secrets.jwtKey);
    expect((await holding(t.app, legacy).get('/api/auth/me/')).status).toBe(401);
    const forgedSession = await new SignJWT({ role: 'staff', agency: null, sid: 'not-a-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(world.users.staff))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(t.app.deps.secrets.jwtKey);
    expect((await holding(t.app, forgedSession).get('/api/auth/me/')).status).toBe(401);
  });

  it('holds across server processes: a logout through one is refused by another on the same database', async () => {
    const second = await buildApp({ config: t.config, mailer: { send: async () => {}, close() {} }, now: t.clock.now });
    try {
      await second.ready();
      const client = await signedIn(t.app, await newCustomer());
      const copy = accessOf(client);
      expect((await holding(second, copy).get('/api/auth/me/')).status).toBe(200);
      expect((await client.post('/api/logout/')).status).toBe(204);
      expect((await holding(second, copy).get('/api/auth/me/')).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
