import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld } from '../helpers/fixtures.ts';

const EMAIL_TAKEN = 'A user with that e-mail address already exists.';

interface Profile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  role: string;
  agency: { id: number; name: string } | null;
}

/** PATCH auth/me/: staff-side users change their own names, e-mail and phone in Settings. */
describe(`own profile: PATCH auth/me/ (${ENGINE})`, () => {
  let t: TestApp;
  const userRow = (username: string) =>
    t.app.deps.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());

  it.each(['staff', 'agency', 'agent'])('lets %s change their details and shows them on auth/me/', async (username) => {
    const client = await signedIn(t.app, username);
    const before = await client.get<Profile>('/api/auth/me/');
    const changes = {
      first_name: 'Sam',
      last_name: `Renamed ${username}`,
      email: `${username}.new@example.com`,
      phone_number: '+44 7700 900123',
    };
    const reply = await client.patch<Profile>('/api/auth/me/', changes);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.body).toMatchObject({ ...changes, username, role: before.body.role, agency: before.body.agency });
    expect((await client.get<Profile>('/api/auth/me/')).body).toEqual(reply.body);
    expect(await userRow(username)).toMatchObject(changes);
  });

  it('changes only the fields sent', async () => {
    const client = await signedIn(t.app, 'agencyb');
    const before = await userRow('agencyb');
    const reply = await client.patch<Profile>('/api/auth/me/', { phone_number: '+44 20 7946 0999' });
    expect(reply.status).toBe(200);
    expect(await userRow('agencyb')).toMatchObject({
      first_name: before.first_name,
      last_name: before.last_name,
      email: before.email,
      phone_number: '+44 20 7946 0999',
    });
  });

  it('refuses bad input with the form’s messages beside the fields, and writes nothing', async () => {
    const client = await signedIn(t.app, 'agencyb');
    const before = await userRow('agencyb');
    const reply = await client.patch<ErrorBody>('/api/auth/me/', {
      first_name: '   ',
      email: 'not-an-address',
      phone_number: 'call me',
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields ?? {}).sort()).toEqual(['email', 'first_name', 'phone_number']);
    expect(typeof reply.body.error).toBe('string');
    const notObject = await client.patch<ErrorBody>('/api/auth/me/', ['first_name']);
    expect(notObject.status).toBe(400);
    expect(await userRow('agencyb')).toEqual(before);
  });

  it('refuses an e-mail another user has, in any case', async () => {
    const client = await signedIn(t.app, 'agencyb');
    const other = await userRow('customer');
    const reply = await client.patch<ErrorBody>('/api/auth/me/', { email: other.email.toUpperCase() });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ email: [EMAIL_TAKEN] });
    expect((await userRow('agencyb')).email).not.toBe(other.email.toUpperCase());
  });

  it('answers 401 to visitors and 403 to customers, who change theirs through customers/me/', async () => {
    const anonymous = await new TestClient(t.app).patch<ErrorBody>('/api/auth/me/', { first_name: 'X' });
    expect(anonymous.status).toBe(401);
    const customer = await signedIn(t.app, 'customer');
    const before = await userRow('customer');
    const refused = await customer.patch<ErrorBody>('/api/auth/me/', { first_name: 'X' });
    expect(refused.status).toBe(403);
    expect(await userRow('customer')).toEqual(before);
  });
});
