import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import { updateCustomerWithAccount } from '#server/services/customers/update-customer';
import { DuplicateUserError } from '#server/repositories/users';
import { ACCESS_TTL_SECONDS } from '#server/services/tokens';
import type { ErrorBody } from '../helpers/api.ts';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, TestClient } from '../helpers/client.ts';
import { createWorld, PASSWORD } from '../helpers/fixtures.ts';
import { pngFile } from '../helpers/images.ts';
import { diskPrivateDir } from '../helpers/media.ts';
import { insertUser } from '../helpers/rows.ts';

const EMAIL_TAKEN = 'A user with that e-mail address already exists.';
const WRONG_CURRENT = 'Current password is incorrect.';
const CHANGED = { message: 'Your password has been changed.' };
const NO_STORE = 'private, no-store';
const MINUTE = 60 * 1000;

interface Profile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  customer_id: number | null;
}

describe(`own account: customers/me/ and auth/password/ (${ENGINE})`, () => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await createWorld(t.app.deps.db);
  });
  afterAll(async () => t.close());

  // Every test signs in afresh; moving past the throttle window keeps one test's failures out of the next.
  beforeEach(() => {
    t.clock.advance(16 * MINUTE);
  });

  /** A customer who registered through the real sign-up, signed in on a client of their own. */
  const newCustomer = async () => {
    serial += 1;
    const username = `settings${serial}`;
    const email = `settings${serial}@example.com`;
    const anonymous = new TestClient(t.app);
    const registered = await anonymous.post('/api/register/customer/', {
      username,
      email,
      password: PASSWORD,
      first_name: 'Robin',
      last_name: 'Settings',
      phone_number: '+44 7700 900700',
    });
    expect(registered.status).toBe(201);
    const client = await signedIn(t.app, username);
    const me = await client.get<Profile>('/api/auth/me/');
    return { client, username, email, userId: me.body.id, customerId: me.body.customer_id ?? 0 };
  };

  const customerRow = (id: number) =>
    t.app.deps.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const userRow = (id: number) =>
    t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const licenseFiles = async () => {
    try {
      return (await readdir(path.join(diskPrivateDir(t.config.dataDir), 'licenses'))).sort();
    } catch {
      return [];
    }
  };

  describe('who may call', () => {
    it('answers 401 to visitors and 403 to staff on customers/me/; auth/password/ wants a sign-in', async () => {
      const anonymous = new TestClient(t.app);
      expect((await anonymous.get('/api/customers/me/')).status).toBe(401);
      expect((await anonymous.multipart('PATCH', '/api/customers/me/', { city: 'Leeds' })).status).toBe(401);
      const noSession = await anonymous.post<ErrorBody>('/api/auth/password/', {
        current_password: PASSWORD,
        password: 'a-new-password',
      });
      expect(noSession.status).toBe(401);
      const { client } = await newCustomer();
      const withoutCsrf = await client.post(
        '/api/auth/password/',
        { current_password: PASSWORD, password: 'a-new-password' },
        { withoutCsrf: true },
      );
      expect(withoutCsrf.status).toBe(403);

      const staff = await signedIn(t.app, 'staff');
      expect((await staff.get('/api/customers/me/')).status).toBe(403);
      expect((await staff.multipart('PATCH', '/api/customers/me/', { city: 'Leeds' })).status).toBe(403);
      expect((await staff.patch('/api/customers/me/', { city: 'Leeds' })).status).toBe(403);
    });

    it('never lets a cache keep the customer’s record', async () => {
      const { client } = await newCustomer();
      const read = await client.get<ApiCustomer>('/api/customers/me/');
      expect(read.status).toBe(200);
      expect(read.headers['cache-control']).toBe(NO_STORE);
      const written = await client.multipart<ApiCustomer>('PATCH', '/api/customers/me/', { city: 'Leeds' });
      expect(written.status).toBe(200);
      expect(written.headers['cache-control']).toBe(NO_STORE);
    });
  });

  describe('PATCH customers/me/', () => {
    it('answers a cut-short or malformed upload with a 400 and changes nothing', async () => {
      const { client, customerId } = await newCustomer();
      const before = await customerRow(customerId);
      const png = (await pngFile('license.png')).data;
      const boundary = '----fleet-test-boundary';
      const whole = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="city"\r\n\r\nHalifax\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="drivers_license"; filename="l.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const cases: [string, Buffer | string, string][] = [
        [
          'cut off mid-file',
          whole.subarray(0, whole.length - png.length / 2 - 10),
          `multipart/form-data; boundary=${boundary}`,
        ],
        [
          'cut off mid-field',
          `--${boundary}\r\nContent-Disposition: form-data; name="city"\r\n\r\nHal`,
          `multipart/form-data; boundary=${boundary}`,
        ],
        ['no boundary', 'x', 'multipart/form-data'],
        ['another boundary', whole, 'multipart/form-data; boundary=zzz'],
      ];
      for (const [name, payload, type] of cases) {
        const reply = await client.raw<ErrorBody>('PATCH', '/api/customers/me/', payload, type);
        expect(reply.status, name).toBe(400);
        expect(reply.body.error, name).toBe(
          'The upload was cut short or is not a well-formed multipart form. Please send it again.',
        );
      }
      const after = await customerRow(customerId);
      expect(after.city).toBe(before.city);
      expect(after.drivers_license_key).toBe(before.drivers_license_key);
    });

    it('saves details, address and next of kin; name, e-mail and phone change on the login too', async () => {
      const { client, userId, customerId, username } = await newCustomer();
      const reply = await client.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        first_name: 'Robyn',
        last_name: 'Fields',
        phone_number: '+44 7700 900701',
        email: 'Robyn.Fields@Example.com',
        national_id: 'NI-1001',
        street_address: '2 Mill Lane',
        address_line2: 'Flat 3',
        city: 'York',
        country: 'United Kingdom',
        next_of_kin1_first_name: 'Sam',
        next_of_kin1_last_name: 'Fields',
        next_of_kin1_id_number: 'K-1',
        next_of_kin1_phone: '+44 7700 900702',
        next_of_kin2_first_name: 'Alex',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id: customerId,
        first_name: 'Robyn',
        last_name: 'Fields',
        email: 'robyn.fields@example.com',
        phone_number: '+44 7700 900701',
        national_id: 'NI-1001',
        address_line2: 'Flat 3',
        city: 'York',
        next_of_kin1_phone: '+44 7700 900702',
        next_of_kin2_first_name: 'Alex',
        next_of_kin_2: true,
        drivers_license: null,
      });

      const me = await client.get<Profile>('/api/auth/me/');
      expect(me.body).toMatchObject({
        id: userId,
        username,
        first_name: 'Robyn',
        last_name: 'Fields',
        email: 'robyn.fields@example.com',
        phone_number: '+44 7700 900701',
      });

      // A blank optional field clears it; unsent fields stay as they were.
      const cleared = await client.patch<ApiCustomer>('/api/customers/me/', { address_line2: '', city: 'Bath' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ address_line2: null, city: 'Bath', national_id: 'NI-1001' });
      expect((await userRow(userId)).first_name).toBe('Robyn');
    });

    it('lets the new e-mail sign in, and no longer the old one', async () => {
      const { client, email, userId } = await newCustomer();
      const reply = await client.patch<ApiCustomer>('/api/customers/me/', { email: 'moved.on@example.com' });
      expect(reply.status).toBe(200);
      const fresh = new TestClient(t.app);
      const byNew = await fresh.post<Profile>('/api/login/', { username: 'moved.on@example.com', password: PASSWORD });
      expect(byNew.status).toBe(200);
      expect(byNew.body.id).toBe(userId);
      const byOld = await new TestClient(t.app).post('/api/login/', { username: email, password: PASSWORD });
      expect(byOld.status).toBe(401);
    });

    it('refuses bad input with the form’s messages beside the fields', async () => {
      const { client, customerId } = await newCustomer();
      const before = await customerRow(customerId);

      const blank = await client.multipart<ErrorBody>('PATCH', '/api/customers/me/', { first_name: '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({
        error: 'First name is required.',
        fields: { first_name: ['First name is required.'] },
      });

      const two = await client.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        email: 'x@',
        next_of_kin1_phone: 'phone',
        city: 'Changed',
      });
      expect(two.status).toBe(400);
      expect(two.body).toEqual({
        error: 'Please correct the 2 highlighted fields.',
        fields: {
          email: ['Enter a valid e-mail address.'],
          next_of_kin1_phone: ['Next of kin 1 phone must be a valid phone number, e.g. +44 20 7946 0958.'],
        },
      });

      const badFlag = await client.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        delete_drivers_license: 'perhaps',
      });
      expect(badFlag.status).toBe(400);
      expect(Object.keys(badFlag.body.fields ?? {})).toEqual(['delete_drivers_license']);

      expect(await customerRow(customerId)).toEqual(before);
    });

    it('refuses an e-mail another user has, in any case, and writes nothing of that request', async () => {
      const first = await newCustomer();
      const second = await newCustomer();
      const beforeCustomer = await customerRow(second.customerId);
      const beforeUser = await userRow(second.userId);

      for (const taken of [first.email, first.email.toUpperCase(), 'staff@example.com']) {
        const reply = await second.client.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
          email: taken,
          city: 'Nowhere',
          first_name: 'Changed',
        });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ error: EMAIL_TAKEN, fields: { email: [EMAIL_TAKEN] } });
      }
      expect(await customerRow(second.customerId)).toEqual(beforeCustomer);
      expect(await userRow(second.userId)).toEqual(beforeUser);

      // Their own address, sent again (as a form sends it), is no conflict.
      const same = await second.client.patch<ApiCustomer>('/api/customers/me/', { email: second.email, city: 'Hull' });
      expect(same.status).toBe(200);
      expect(same.body.city).toBe('Hull');
    });

    it('undoes the whole edit when the e-mail is taken at write time (a lost race)', async () => {
      const first = await newCustomer();
      const second = await newCustomer();
      const before = await customerRow(second.customerId);
      await expect(
        updateCustomerWithAccount(
          t.app.deps,
          { id: second.customerId, userId: second.userId },
          { email: first.email, city: 'Raced' },
          undefined,
        ),
      ).rejects.toBeInstanceOf(DuplicateUserError);
      expect(await customerRow(second.customerId)).toEqual(before);
      expect((await userRow(second.userId)).email).toBe(second.email);
    });

    it('removes the license with delete_drivers_license, and refuses a new file sent with it', async () => {
      const { client, customerId } = await newCustomer();
      const filesBefore = await licenseFiles();
      const uploaded = await client.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        drivers_license: await pngFile('license.png', 64, 40),
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.drivers_license).toBe(`/api/customers/${customerId}/drivers_license/`);
      const key = (await customerRow(customerId)).drivers_license_key;
      expect(key).not.toBeNull();
      const filesWithLicense = await licenseFiles();
      expect(filesWithLicense).toHaveLength(filesBefore.length + 1);

      const both = await client.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        delete_drivers_license: 'true',
        drivers_license: await pngFile('other.png', 64, 40),
        city: 'Leeds',
      });
      expect(both.status).toBe(400);
      expect(both.body.fields).toEqual({ drivers_license: [both.body.error] });
      expect(await licenseFiles()).toEqual(filesWithLicense);
      expect(await customerRow(customerId)).toMatchObject({ drivers_license_key: key, city: null });

      const removed = await client.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        delete_drivers_license: 'true',
        city: 'Leeds',
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ drivers_license: null, drivers_license_type: null, city: 'Leeds' });
      expect(await licenseFiles()).toEqual(filesBefore);
      expect((await client.get(`/api/customers/${customerId}/drivers_license/`)).status).toBe(404);

      // Nothing to remove is fine too, and JSON bodies say it with a boolean.
      const again = await client.patch<ApiCustomer>('/api/customers/me/', { delete_drivers_license: true });
      expect(again.status).toBe(200);
      expect(again.body.drivers_license).toBeNull();
    });
  });

  describe('POST auth/password/', () => {
    const change = (client: TestClient, current_password: string, password: string) =>
      client.post<ErrorBody | typeof CHANGED>('/api/auth/password/', { current_password, password });

    it('refuses a short new password and a missing current one', async () => {
      const { client } = await newCustomer();
      const short = await change(client, PASSWORD, 'short');
      expect(short.status).toBe(400);
      expect(short.body).toEqual({
        error: 'Password must be at least 8 characters.',
        fields: { password: ['Password must be at least 8 characters.'] },
      });
      const empty = await client.post<ErrorBody>('/api/auth/password/', {});
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toEqual({
        current_password: ['Current password is required.'],
        password: ['Password is required.'],
      });
    });

    it('refuses a wrong current password beside that field, and changes nothing', async () => {
      const { client, username, userId } = await newCustomer();
      const before = (await userRow(userId)).password_hash;
      const wrong = await change(client, 'not-my-password', 'a-brand-new-one');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ error: WRONG_CURRENT, fields: { current_password: [WRONG_CURRENT] } });
      expect(wrong.headers['cache-control']).toBe(NO_STORE);
      expect((await userRow(userId)).password_hash).toBe(before);
      expect((await new TestClient(t.app).post('/api/login/', { username, password: PASSWORD })).status).toBe(200);
    });

    it('counts wrong current passwords in the sign-in throttle', async () => {
      const { client, username } = await newCustomer();
      for (let i = 0; i < 5; i++) expect((await change(client, `guess-${i}`, 'a-brand-new-one')).status).toBe(400);
      const blocked = await change(client, PASSWORD, 'a-brand-new-one');
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // The same account from the same address cannot go on guessing through the login form either.
      expect((await new TestClient(t.app).post('/api/login/', { username, password: PASSWORD })).status).toBe(429);
      t.clock.advance(16 * MINUTE);
      const client2 = await signedIn(t.app, username);
      expect((await change(client2, PASSWORD, 'a-brand-new-one')).status).toBe(200);
    });

    it('changes the password, ends the other sessions and keeps this one', async () => {
      const { client, username, userId } = await newCustomer();
      const other = await signedIn(t.app, username);
      const staleRefresh = client.cookie('refresh_token');

      const reply = await change(client, PASSWORD, 'a-brand-new-one');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(CHANGED);
      expect(reply.headers['cache-control']).toBe(NO_STORE);
      expect(client.cookie('refresh_token')).not.toBe(staleRefresh);

      // The old password no longer signs in; the new one does.
      expect((await new TestClient(t.app).post('/api/login/', { username, password: PASSWORD })).status).toBe(401);
      expect((await signedIn(t.app, username, 'a-brand-new-one')).cookie('access_token')).toBeTruthy();

      // The other device is signed out at once, access token and all; this one stays signed in.
      expect((await other.get('/api/customers/me/')).status).toBe(401);
      expect((await other.post('/api/token/refresh/')).status).toBe(401);
      expect((await client.get<Profile>('/api/auth/me/')).body.id).toBe(userId);
      expect((await client.post('/api/token/refresh/')).status).toBe(200);

      // Later, after its access token lapsed, this device refreshes as usual.
      t.clock.advance((ACCESS_TTL_SECONDS + 60) * 1000);
      expect((await client.post('/api/token/refresh/')).status).toBe(200);
      expect((await client.get('/api/customers/me/')).status).toBe(200);
    });

    it('serves every role', async () => {
      await insertUser(t.app.deps.db, { username: 'staffsettings', role: 'staff' });
      const staff = await signedIn(t.app, 'staffsettings');
      expect((await change(staff, PASSWORD, 'another-new-one')).status).toBe(200);
      expect((await signedIn(t.app, 'staffsettings', 'another-new-one')).cookie('access_token')).toBeTruthy();
    });
  });
});
