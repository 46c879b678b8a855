import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { hashToken, newCsrfToken, REFRESH_TTL_SECONDS } from '#server/services/tokens';
import { REFRESH_RETRY_GRACE_MS } from '#server/services/session';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, PASSWORD, type World } from '../helpers/fixtures.ts';
import { insertUser } from '../helpers/rows.ts';

const LOGIN_FAILED = 'Login failed. Please check your username and password.';
const MINUTE = 60 * 1000;

interface Profile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  role: string;
  agency: { id: number; name: string; status: string } | null;
  customer_id: number | null;
}

/**
 * Sign-in from a chosen client address: TestClient always comes from 127.0.0.1, and the
 * throttle's whole point is telling addresses apart.
 */
async function loginFrom(t: TestApp, remoteAddress: string, username: string, password: string) {
  const csrf = newCsrfToken(t.app.deps);
  const reply: LightMyRequestResponse = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    remoteAddress,
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
    payload: JSON.stringify({ username, password }),
  });
  return {
    status: reply.statusCode,
    body: reply.json<{ error?: string } & Partial<Profile>>(),
    headers: reply.headers,
  };
}

function setCookieHeaders(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
}

describe(`session: login, auth/me, logout, token refresh (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp();
    world = await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());

  // Each test starts with no failures counted; throttled tests must not leak into the next.
  beforeEach(async () => {
    t.clock.advance(16 * MINUTE);
  });

  const familyOf = async (token: string) => {
    const row = await t.app.deps.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id', 'expires_at', 'revoked_at', 'used_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return row;
  };

  describe('POST login/', () => {
    it('signs in by username: HttpOnly cookies, stored hashed refresh token, the user', async () => {
      const client = new TestClient(t.app);
      const reply = await client.post<Profile>('/api/login/', { username: 'customer', password: PASSWORD });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: world.users.customer,
        username: 'customer',
        email: 'customer@example.com',
        first_name: 'customer',
        last_name: 'Tester',
        phone_number: '+44 7700 900000',
        role: 'customer',
        agency: null,
        customer_id: world.customers.own,
      });
      const cookies = setCookieHeaders(reply.headers);
      const access = cookies.find((c) => c.startsWith('access_token='));
      const refresh = cookies.find((c) => c.startsWith('refresh_token='));
      expect(access).toMatch(/HttpOnly/i);
      expect(access).toMatch(/SameSite=Lax/i);
      expect(access).toMatch(/Path=\//);
      expect(access).not.toMatch(/Secure/i);
      expect(refresh).toMatch(/HttpOnly/i);
      expect(refresh).toMatch(/Path=\/api\//);

      const token = client.cookie('refresh_token');
      expect(token).toBeTruthy();
      const stored = await familyOf(token ?? '');
      expect(stored.user_id).toBe(world.users.customer);
      expect(stored.used_at).toBeNull();
      expect(stored.revoked_at).toBeNull();
      const ttl = new Date(stored.expires_at).getTime() - t.clock.now().getTime();
      expect(Math.abs(ttl - REFRESH_TTL_SECONDS * 1000)).toBeLessThan(60_000);
      const plain = await t.app.deps.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('token_hash', '=', token ?? '')
        .executeTakeFirst();
      expect(plain).toBeUndefined();
    });

    it('signs in by e-mail in any case, and returns the agency of an agency user', async () => {
      const client = new TestClient(t.app);
      const reply = await client.post<Profile>('/api/login/', { username: 'Agent@Example.COM', password: PASSWORD });
      expect(reply.status).toBe(200);
      expect(reply.body.username).toBe('agent');
      expect(reply.body.role).toBe('agent');
      expect(reply.body.agency).toEqual({ id: world.agencies.a, name: 'North Drive', status: 'approved' });
      expect(reply.body.customer_id).toBeNull();
      expect((await client.get<Profile>('/api/auth/me/')).body.id).toBe(world.users.agentA);
    });

    it('refuses a wrong password and an unknown user with the same words', async () => {
      const client = new TestClient(t.app);
      const wrong = await client.post('/api/login/', { username: 'staff', password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: LOGIN_FAILED });
      const unknown = await client.post('/api/login/', { username: 'nobody-here', password: PASSWORD });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual({ error: LOGIN_FAILED });
      expect(client.cookie('access_token')).toBeUndefined();
      expect(client.cookie('refresh_token')).toBeUndefined();
    });

    it('validates the body', async () => {
      const client = new TestClient(t.app);
      const empty = await client.post<{ error: string; fields: Record<string, string[]> }>('/api/login/', {});
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body.fields).sort()).toEqual(['password', 'username']);
      const noPassword = await client.post<{ fields: Record<string, string[]> }>('/api/login/', { username: 'staff' });
      expect(noPassword.status).toBe(400);
      expect(Object.keys(noPassword.body.fields)).toEqual(['password']);
      const emptyPassword = await client.post('/api/login/', { username: 'staff', password: '' });
      expect(emptyPassword.status).toBe(400);
      expect(emptyPassword.body).toEqual({
        error: 'Password is required.',
        fields: { password: ['Password is required.'] },
      });
      const blankName = await client.post('/api/login/', { username: '   ', password: PASSWORD });
      expect(blankName.status).toBe(400);
      expect(blankName.body).toMatchObject({ fields: { username: ['Username or e-mail is required.'] } });
    });

    it('refuses a sign-in without the CSRF header', async () => {
      const client = new TestClient(t.app);
      await client.get('/api/csrf/');
      const reply = await client.post('/api/login/', { username: 'staff', password: PASSWORD }, { withoutCsrf: true });
      expect(reply.status).toBe(403);
      expect(client.cookie('access_token')).toBeUndefined();
    });

    it('lets a pending agency owner sign in', async () => {
      await insertUser(t.app.deps.db, {
        username: 'pendingowner',
        role: 'agency',
        first_name: 'Pat',
        last_name: 'Pending',
        phone_number: '+44 7700 900111',
        agency_id: world.agencies.pending,
      });
      const client = new TestClient(t.app);
      const reply = await client.login('pendingowner');
      expect(reply.body).toMatchObject({
        role: 'agency',
        agency: { id: world.agencies.pending, name: 'Pending Cars', status: 'pending' },
      });
    });
  });

  describe('login throttling', () => {
    it('blocks an (account, address) pair after 5 failures, with Retry-After, until the window passes', async () => {
      for (let i = 0; i < 5; i++) {
        const reply = await loginFrom(t, '10.1.0.1', 'staff', `wrong-${i}`);
        expect(reply.status).toBe(401);
      }
      const blocked = await loginFrom(t, '10.1.0.1', 'staff', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      // The same person may still sign in to another account from there, and the account from elsewhere.
      expect((await loginFrom(t, '10.1.0.1', 'agent', PASSWORD)).status).toBe(200);
      expect((await loginFrom(t, '10.1.0.2', 'staff', PASSWORD)).status).toBe(200);

      t.clock.advance(10 * MINUTE);
      const later = await loginFrom(t, '10.1.0.1', 'staff', PASSWORD);
      expect(later.status).toBe(429);
      expect(later.body.error).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
      t.clock.advance(5 * MINUTE + 1000);
      expect((await loginFrom(t, '10.1.0.1', 'staff', PASSWORD)).status).toBe(200);
    });

    it('counts the e-mail and the username of one account as the same account', async () => {
      for (let i = 0; i < 3; i++) expect((await loginFrom(t, '10.2.0.1', 'agency', 'wrong')).status).toBe(401);
      for (let i = 0; i < 2; i++)
        expect((await loginFrom(t, '10.2.0.1', 'AGENCY@example.com', 'wrong')).status).toBe(401);
      expect((await loginFrom(t, '10.2.0.1', 'agency', PASSWORD)).status).toBe(429);
    });

    it('a success clears the pair counter', async () => {
      for (let i = 0; i < 4; i++) expect((await loginFrom(t, '10.3.0.1', 'agencyb', 'wrong')).status).toBe(401);
      expect((await loginFrom(t, '10.3.0.1', 'agencyb', PASSWORD)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await loginFrom(t, '10.3.0.1', 'agencyb', 'wrong')).status).toBe(401);
      expect((await loginFrom(t, '10.3.0.1', 'agencyb', PASSWORD)).status).toBe(200);
    });

    it("an attacker's failures never block the real customer signing in from another address", async () => {
      for (let i = 0; i < 10; i++) {
        const reply = await loginFrom(t, '10.0.0.1', 'customer', `guess-${i}`);
        expect(reply.status).toBe(i < 5 ? 401 : 429);
      }
      const real = await loginFrom(t, '10.0.0.2', 'customer', PASSWORD);
      expect(real.status).toBe(200);
      expect(real.body.username).toBe('customer');
    });

    it('blocks an address after 30 failures across accounts, not other addresses', async () => {
      for (let i = 0; i < 30; i++) {
        const reply = await loginFrom(t, '10.4.0.1', `user-${i}`, 'wrong');
        expect(reply.status).toBe(401);
      }
      const blocked = await loginFrom(t, '10.4.0.1', 'customer2', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      expect((await loginFrom(t, '10.4.0.2', 'customer2', PASSWORD)).status).toBe(200);
    });
  });

  describe('GET auth/me/', () => {
    it('returns the signed-in user', async () => {
      const client = await signedIn(t.app, 'staff');
      const reply = await client.get<Profile>('/api/auth/me/');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        id: world.users.staff,
        username: 'staff',
        email: 'staff@example.com',
        first_name: 'staff',
        last_name: 'Tester',
        phone_number: '+44 7700 900000',
        role: 'staff',
        agency: null,
        customer_id: null,
      });
    });

    it('answers 401 when signed out or with a forged token', async () => {
      const client = new TestClient(t.app);
      const anonymous = await client.get('/api/auth/me/');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: expect.any(String) });
      client.setCookie('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwicm9sZSI6InN0YWZmIn0.forged');
      expect((await client.get('/api/auth/me/')).status).toBe(401);
    });

    it('expires the access token after 10 minutes; a refresh brings the session back', async () => {
      const client = await signedIn(t.app, 'agency');
      expect((await client.get('/api/auth/me/')).status).toBe(200);
      t.clock.advance(11 * MINUTE);
      expect((await client.get('/api/auth/me/')).status).toBe(401);
      const refreshed = await client.post<Profile>('/api/token/refresh/');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.username).toBe('agency');
      const me = await client.get<Profile>('/api/auth/me/');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(world.users.agencyA);
    });
  });

  describe('POST token/refresh/', () => {
    it('rotates: the old token is marked used, the new one is in the same family', async () => {
      const client = await signedIn(t.app, 'customer2');
      const first = client.cookie('refresh_token') ?? '';
      const reply = await client.post<Profile>('/api/token/refresh/');
      expect(reply.status).toBe(200);
      expect(reply.body.id).toBe(world.users.customer2);
      const second = client.cookie('refresh_token') ?? '';
      expect(second).not.toBe(first);
      const [old, fresh] = [await familyOf(first), await familyOf(second)];
      expect(old.used_at).not.toBeNull();
      expect(fresh.used_at).toBeNull();
      expect(fresh.family_id).toBe(old.family_id);
      expect(setCookieHeaders(reply.headers).some((c) => c.startsWith('access_token='))).toBe(true);
    });

    it('re-reads the user: an agency or role change applies at the next refresh', async () => {
      const client = await signedIn(t.app, 'agencyb');
      const db = t.app.deps.db;
      await db.updateTable('agencies').set({ name: 'South Wheels Ltd' }).where('id', '=', world.agencies.b).execute();
      await db.updateTable('users').set({ role: 'agent' }).where('id', '=', world.users.agencyB).execute();
      try {
        const reply = await client.post<Profile>('/api/token/refresh/');
        expect(reply.status).toBe(200);
        expect(reply.body.role).toBe('agent');
        expect(reply.body.agency).toEqual({ id: world.agencies.b, name: 'South Wheels Ltd', status: 'approved' });
      } finally {
        await db.updateTable('agencies').set({ name: 'South Wheels' }).where('id', '=', world.agencies.b).execute();
        await db.updateTable('users').set({ role: 'agency' }).where('id', '=', world.users.agencyB).execute();
      }
    });

    it('a reused old token revokes the whole family, the newest token included', async () => {
      const client = await signedIn(t.app, 'customer');
      const first = client.cookie('refresh_token') ?? '';
      expect((await client.post('/api/token/refresh/')).status).toBe(200);
      expect((await client.post('/api/token/refresh/')).status).toBe(200);
      const newest = client.cookie('refresh_token') ?? '';

      t.clock.advance(REFRESH_RETRY_GRACE_MS + 1000);
      const thief = new TestClient(t.app);
      thief.setCookie('refresh_token', first);
      const reuse = await thief.post('/api/token/refresh/');
      expect(reuse.status).toBe(401);
      expect(reuse.body).toEqual({ error: expect.any(String) });
      expect(setCookieHeaders(reuse.headers).some((c) => /^refresh_token=;/.test(c))).toBe(true);

      const family = (await familyOf(newest)).family_id;
      const rows = await t.app.deps.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('family_id', '=', family)
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows.every((row) => row.revoked_at !== null)).toBe(true);

      expect((await client.post('/api/token/refresh/')).status).toBe(401);
      expect(client.cookie('refresh_token')).toBeUndefined();
    });

    it('takes a token presented again within the grace period for a retry, not a theft', async () => {
      const client = await signedIn(t.app, 'customer');
      const first = client.cookie('refresh_token') ?? '';
      expect((await client.post('/api/token/refresh/')).status).toBe(200);

      // The reply carrying the successor was lost: the device retries with the token it has.
      const retry = new TestClient(t.app);
      retry.setCookie('refresh_token', first);
      t.clock.advance(REFRESH_RETRY_GRACE_MS - 5000);
      const again = await retry.post<Profile>('/api/token/refresh/');
      expect(again.status).toBe(200);
      expect(again.body.username).toBe('customer');
      expect(retry.cookie('refresh_token')).not.toBe(first);
      // Both successors stay valid: neither device is signed out.
      expect((await client.post('/api/token/refresh/')).status).toBe(200);
      expect((await retry.post('/api/token/refresh/')).status).toBe(200);
    });

    it('two refreshes racing with one token both succeed', async () => {
      const a = await signedIn(t.app, 'agent');
      const b = new TestClient(t.app);
      b.setCookie('refresh_token', a.cookie('refresh_token') ?? '');
      const [first, second] = await Promise.all([a.post('/api/token/refresh/'), b.post('/api/token/refresh/')]);
      expect([first.status, second.status]).toEqual([200, 200]);
    });

    it('refuses a missing, unknown or expired refresh token and clears the cookies', async () => {
      const client = new TestClient(t.app);
      const missing = await client.post('/api/token/refresh/');
      expect(missing.status).toBe(401);
      client.setCookie('refresh_token', 'not-a-token');
      client.setCookie('access_token', 'stale');
      const unknown = await client.post('/api/token/refresh/');
      expect(unknown.status).toBe(401);
      expect(client.cookie('refresh_token')).toBeUndefined();
      expect(client.cookie('access_token')).toBeUndefined();

      const other = await signedIn(t.app, 'agent');
      t.clock.advance(REFRESH_TTL_SECONDS * 1000 + MINUTE);
      expect((await other.post('/api/token/refresh/')).status).toBe(401);
    });

    it('refuses the CSRF-less call', async () => {
      const client = await signedIn(t.app, 'staff');
      expect((await client.post('/api/token/refresh/', undefined, { withoutCsrf: true })).status).toBe(403);
    });
  });

  describe('POST logout/', () => {
    it('revokes the refresh family and clears both cookies', async () => {
      const client = await signedIn(t.app, 'staff');
      const token = client.cookie('refresh_token') ?? '';
      const reply = await client.post('/api/logout/');
      expect(reply.status).toBe(204);
      expect(client.cookie('access_token')).toBeUndefined();
      expect(client.cookie('refresh_token')).toBeUndefined();
      expect((await familyOf(token)).revoked_at).not.toBeNull();
      expect((await client.get('/api/auth/me/')).status).toBe(401);

      const replay = new TestClient(t.app);
      replay.setCookie('refresh_token', token);
      expect((await replay.post('/api/token/refresh/')).status).toBe(401);
    });

    it('answers 204 when nobody is signed in', async () => {
      const reply = await new TestClient(t.app).post('/api/logout/');
      expect(reply.status).toBe(204);
    });

    it('leaves the other devices of the user signed in', async () => {
      const phone = new TestClient(t.app);
      const tablet = new TestClient(t.app);
      await phone.login('agent');
      await tablet.login('agent');
      expect((await phone.post('/api/logout/')).status).toBe(204);
      expect((await tablet.post('/api/token/refresh/')).status).toBe(200);
    });
  });
});
