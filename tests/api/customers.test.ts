import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '#domain/constants';
import { type ErrorBody, ISO_TIMESTAMP } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { signedIn, type FileSpec, type MultipartValue, type TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { pdfFile, pngFile } from '../helpers/images.ts';
import { diskPrivateDir } from '../helpers/media.ts';
import * as rows from '../helpers/rows.ts';

interface ApiCustomer {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  national_id: string | null;
  city: string | null;
  drivers_license: string | null;
  drivers_license_type: string | null;
  next_of_kin1_first_name: string | null;
  next_of_kin1_phone: string | null;
  next_of_kin2_first_name: string | null;
  next_of_kin_2: boolean;
  agency_id: number | null;
  has_account: boolean;
  created_at: string;
  updated_at: string;
  last_booking_date: string | null;
  [key: string]: unknown;
}

const IMAGE_ONLY = 'Please select a valid image file (JPG, PNG, etc.).';
const TOO_LARGE = 'File size should not exceed 5MB.';
const NOT_FOUND = { error: 'Customer not found.' };

const customerFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  first_name: 'Jamie',
  last_name: 'Rivers',
  phone_number: '+44 7700 900555',
  email: 'Jamie.Rivers@Example.com',
  national_id: 'NI-445566',
  street_address: '1 High Street',
  city: 'Leeds',
  country: 'United Kingdom',
  ...overrides,
});

const png = (): Promise<FileSpec> => pngFile('license.png', 64, 40);
const pdf = (): Promise<FileSpec> => pdfFile();
const textAsPng = (): FileSpec => ({ name: 'license.png', type: 'image/png', data: Buffer.from('just some text') });
const sixMegabytes = async (): Promise<FileSpec> => ({
  name: 'big.png',
  type: 'image/png',
  data: Buffer.concat([(await png()).data, Buffer.alloc(6 * 1024 * 1024, 7)]),
});

describe(`customers (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let customer2: TestClient;
  let anonymous: TestClient;

  const licenseDir = () => path.join(diskPrivateDir(t.config.dataDir), 'licenses');
  const licensePath = (key: string) => path.join(diskPrivateDir(t.config.dataDir), key);
  const licenseFiles = async () => {
    try {
      return (await readdir(licenseDir())).sort();
    } catch {
      return [];
    }
  };
  const exists = async (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );
  const row = (id: number) =>
    t.app.deps.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const countCustomers = async () =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const create = async (client: TestClient, fields: Record<string, MultipartValue> = customerFields()) => {
    const reply = await client.multipart<ApiCustomer>('POST', '/api/customers/', fields);
    expect(reply.status).toBe(201);
    return reply.body;
  };

  const addVehicle = (agencyId: number) => rows.insertVehicle(t.app.deps.db, { agency_id: agencyId });

  const insertBooking = (
    customerId: number,
    vehicleId: number,
    values: { start: string; amount: number; status: BookingStatus; mileage: number | null },
  ) =>
    rows.insertBooking(t.app.deps.db, {
      customer_id: customerId,
      vehicle_id: vehicleId,
      start_date: values.start,
      booking_amount: values.amount,
      booking_status: values.status,
      estimated_mileage: values.mileage,
    });

  const insertRequest = (customerId: number, vehicleId: number) =>
    rows.insertBookingRequest(t.app.deps.db, {
      customer_id: customerId,
      vehicle_id: vehicleId,
      start_date: '2031-01-10',
      end_date: '2031-01-12',
    });

  const ids = (list: ApiCustomer[]) => list.map((item) => item.id);

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer, customer2, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  describe('who may call the staff routes', () => {
    it('refuses customers (403) and anonymous callers (401) on every staff route', async () => {
      const id = world.customers.createdByA;
      const calls: [string, string][] = [
        ['GET', '/api/customers/'],
        ['POST', '/api/customers/'],
        ['GET', `/api/customers/${id}/`],
        ['PATCH', `/api/customers/${id}/`],
        ['DELETE', `/api/customers/${id}/`],
        ['DELETE', `/api/customers/${id}/delete_drivers_license/`],
        ['GET', `/api/customers/${id}/analytics/`],
      ];
      for (const [method, url] of calls) {
        const send = (client: TestClient) =>
          method === 'GET'
            ? client.get<ErrorBody>(url)
            : method === 'DELETE'
              ? client.delete<ErrorBody>(url)
              : client.multipart<ErrorBody>(method as 'POST' | 'PATCH', url, customerFields());
        const asCustomer = await send(customer);
        expect(asCustomer.status, `${method} ${url} as customer`).toBe(403);
        expect(asCustomer.body.error).toEqual(expect.any(String));
        const asNobody = await send(anonymous);
        expect(asNobody.status, `${method} ${url} anonymous`).toBe(401);
      }
      expect(await countCustomers()).toBeGreaterThanOrEqual(4);
    });

    it('refuses unsafe calls without the CSRF header', async () => {
      const before = await countCustomers();
      const created = await staff.multipart<ErrorBody>('POST', '/api/customers/', customerFields(), {
        withoutCsrf: true,
      });
      expect(created.status).toBe(403);
      expect(created.body.error).toMatch(/CSRF/);
      expect(await countCustomers()).toBe(before);
      const patched = await staff.multipart(
        'PATCH',
        `/api/customers/${world.customers.createdByA}/`,
        { city: 'X' },
        {
          withoutCsrf: true,
        },
      );
      expect(patched.status).toBe(403);
      const removed = await staff.delete(`/api/customers/${world.customers.createdByA}/`, { withoutCsrf: true });
      expect(removed.status).toBe(403);
      const own = await customer.multipart('PATCH', '/api/customers/me/', { city: 'X' }, { withoutCsrf: true });
      expect(own.status).toBe(403);
      expect((await row(world.customers.own)).city).toBeNull();
    });
  });

  describe('GET customers/', () => {
    it('gives the operator every customer, ordered by last name, first name, id, with the total', async () => {
      await create(staff, customerFields({ first_name: 'zoe', last_name: 'Adams', email: 'zoe@example.com' }));
      await create(staff, customerFields({ first_name: 'Yann', last_name: 'adams', email: 'yann@example.com' }));
      const reply = await staff.get<ApiCustomer[]>('/api/customers/');
      expect(reply.status).toBe(200);
      const total = await countCustomers();
      expect(reply.headers['x-total-count']).toBe(String(total));
      expect(reply.body).toHaveLength(total);
      for (const id of Object.values(world.customers)) expect(ids(reply.body)).toContain(id);
      const keys = reply.body.map((c) => [c.last_name.toLowerCase(), c.first_name.toLowerCase(), c.id] as const);
      const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[2] - b[2]);
      expect(keys).toEqual(sorted);
      expect(reply.body.slice(0, 2).map((c) => c.first_name)).toEqual(['Yann', 'zoe']);
    });

    it('pages with limit and offset and refuses out-of-range limits', async () => {
      const all = await staff.get<ApiCustomer[]>('/api/customers/');
      const page = await staff.get<ApiCustomer[]>('/api/customers/?limit=2&offset=1');
      expect(page.status).toBe(200);
      expect(ids(page.body)).toEqual(ids(all.body).slice(1, 3));
      expect(page.headers['x-total-count']).toBe(all.headers['x-total-count']);
      for (const bad of ['limit=0', 'limit=501', 'offset=-1', 'limit=ten']) {
        const reply = await staff.get<ErrorBody>(`/api/customers/?${bad}`);
        expect(reply.status, bad).toBe(400);
        expect(reply.body.error).toEqual(expect.any(String));
      }
      expect((await staff.get('/api/customers/?limit=500')).status).toBe(200);
    });

    it('searches name, e-mail, phone and national ID without regard to case', async () => {
      const made = await create(
        staff,
        customerFields({
          first_name: 'Quentin',
          last_name: 'Blackwood',
          email: 'q.blackwood@example.org',
          phone_number: '+44 7911 123456',
          national_id: 'QX-99_12',
        }),
      );
      for (const term of [
        'QUENTIN',
        'blackWOOD',
        'quentin black',
        'Q.BLACKWOOD@',
        '7911 123',
        '7911123456',
        'qx-99_1',
      ]) {
        const reply = await staff.get<ApiCustomer[]>(`/api/customers/?search=${encodeURIComponent(term)}`);
        expect(reply.status, term).toBe(200);
        expect(ids(reply.body), term).toEqual([made.id]);
        expect(reply.headers['x-total-count'], term).toBe('1');
      }
      // LIKE wildcards are taken literally.
      expect((await staff.get<ApiCustomer[]>('/api/customers/?search=%25')).body).toEqual([]);
      expect((await staff.get<ApiCustomer[]>('/api/customers/?search=_')).body.map((c) => c.id)).toEqual([made.id]);
    });

    it('shows agency users only their agency’s customers', async () => {
      const a = await agency.get<ApiCustomer[]>('/api/customers/');
      expect(a.status).toBe(200);
      expect(ids(a.body)).toContain(world.customers.createdByA);
      expect(ids(a.body)).not.toContain(world.customers.createdByB);
      expect(ids(a.body)).not.toContain(world.customers.other);
      expect(a.headers['x-total-count']).toBe(String(a.body.length));
      const agentList = await agent.get<ApiCustomer[]>('/api/customers/');
      expect(ids(agentList.body)).toEqual(ids(a.body));
      const b = await agencyB.get<ApiCustomer[]>('/api/customers/');
      expect(ids(b.body)).toContain(world.customers.createdByB);
      expect(ids(b.body)).not.toContain(world.customers.createdByA);
      const searched = await agencyB.get<ApiCustomer[]>('/api/customers/?search=alex');
      expect(searched.body).toEqual([]);
    });

    it('makes a self-registered customer visible to an agency once they ask for one of its vehicles', async () => {
      const morgan = world.customers.other;
      expect(ids((await agency.get<ApiCustomer[]>('/api/customers/')).body)).not.toContain(morgan);
      expect((await agency.get(`/api/customers/${morgan}/`)).status).toBe(404);
      await insertRequest(morgan, world.vehicles.a2);
      expect(ids((await agency.get<ApiCustomer[]>('/api/customers/')).body)).toContain(morgan);
      const one = await agent.get<ApiCustomer>(`/api/customers/${morgan}/`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: morgan, first_name: 'Morgan', has_account: true });
      expect(ids((await agencyB.get<ApiCustomer[]>('/api/customers/')).body)).not.toContain(morgan);
      expect((await agencyB.get(`/api/customers/${morgan}/`)).status).toBe(404);
    });
  });

  describe('POST customers/', () => {
    it('creates a customer with the defaults and answers the full shape', async () => {
      const reply = await staff.multipart<ApiCustomer>('POST', '/api/customers/', customerFields());
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(Number),
        title: 'MR',
        first_name: 'Jamie',
        last_name: 'Rivers',
        phone_number: '+44 7700 900555',
        email: 'jamie.rivers@example.com',
        national_id: 'NI-445566',
        street_address: '1 High Street',
        address_line2: null,
        city: 'Leeds',
        country: 'United Kingdom',
        drivers_license: null,
        drivers_license_type: null,
        next_of_kin1_first_name: null,
        next_of_kin1_last_name: null,
        next_of_kin1_id_number: null,
        next_of_kin1_phone: null,
        next_of_kin2_first_name: null,
        next_of_kin2_last_name: null,
        next_of_kin2_id_number: null,
        next_of_kin2_phone: null,
        date_of_birth: null,
        license_number: null,
        license_expiry: null,
        next_of_kin_2: false,
        agency_id: null,
        has_account: false,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
        last_booking_date: null,
      });
      expect(await row(reply.body.id)).toMatchObject({ user_id: null, agency_id: null, title: 'MR' });
    });

    it('gives an agency user’s customer to their agency, out of sight of the other agency', async () => {
      const made = await create(
        agent,
        customerFields({
          title: 'DR',
          email: 'kin@example.com',
          address_line2: 'Flat 2',
          next_of_kin1_first_name: 'Sam',
          next_of_kin1_phone: '+44 7700 900777',
          next_of_kin2_last_name: 'Other',
        }),
      );
      expect(made).toMatchObject({
        title: 'DR',
        agency_id: world.agencies.a,
        address_line2: 'Flat 2',
        next_of_kin1_first_name: 'Sam',
        next_of_kin1_phone: '+44 7700 900777',
        next_of_kin2_last_name: 'Other',
        next_of_kin_2: true,
      });
      expect((await agency.get(`/api/customers/${made.id}/`)).status).toBe(200);
      expect((await agencyB.get(`/api/customers/${made.id}/`)).body).toEqual(NOT_FOUND);
    });

    it('accepts a JSON body too', async () => {
      const reply = await staff.post<ApiCustomer>('/api/customers/', customerFields({ email: 'json@example.com' }));
      expect(reply.status).toBe(201);
      expect(reply.body.email).toBe('json@example.com');
    });

    it('refuses each kind of invalid field with a 400 naming it, and writes nothing', async () => {
      const before = await countCustomers();
      const cases: [Record<string, string>, string][] = [
        [{ first_name: '' }, 'first_name'],
        [{ email: 'not-an-email' }, 'email'],
        [{ phone_number: 'call me' }, 'phone_number'],
        [{ next_of_kin1_phone: '12' }, 'next_of_kin1_phone'],
        [{ next_of_kin2_phone: 'abc' }, 'next_of_kin2_phone'],
        [{ title: 'KING' }, 'title'],
        [{ city: '' }, 'city'],
      ];
      for (const [override, field] of cases) {
        const reply = await staff.multipart<ErrorBody>('POST', '/api/customers/', customerFields(override));
        expect(reply.status, field).toBe(400);
        expect(Object.keys(reply.body.fields ?? {}), field).toEqual([field]);
        expect(reply.body.error).toBe(reply.body.fields?.[field]?.[0]);
      }
      const { first_name: _dropped, ...withoutFirstName } = customerFields();
      const missing = await staff.multipart<ErrorBody>('POST', '/api/customers/', withoutFirstName);
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ first_name: ['First name is required.'] });
      expect(await countCustomers()).toBe(before);
    });

    it('stores a license image re-encoded as WebP in the private folder', async () => {
      const before = await licenseFiles();
      const made = await create(staff, { ...customerFields(), drivers_license: await png() });
      expect(made.drivers_license).toBe(`/api/customers/${made.id}/drivers_license/`);
      expect(made.drivers_license_type).toBe('image/webp');
      const stored = await row(made.id);
      expect(stored.drivers_license_key).toMatch(/^licenses\/[0-9a-f-]{36}\.webp$/);
      const bytes = await readFile(licensePath(stored.drivers_license_key ?? ''));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect((await sharp(bytes).metadata()).format).toBe('webp');
      expect(await licenseFiles()).toHaveLength(before.length + 1);
    });

    it('refuses a PDF, a text file named .png and a file over 5 MB, leaving nothing behind', async () => {
      const customersBefore = await countCustomers();
      const filesBefore = await licenseFiles();
      const asPdf = await staff.multipart<ErrorBody>('POST', '/api/customers/', {
        ...customerFields(),
        drivers_license: await pdf(),
      });
      expect(asPdf.status).toBe(415);
      expect(asPdf.body).toEqual({ error: IMAGE_ONLY, fields: { drivers_license: [IMAGE_ONLY] } });
      const asText = await agency.multipart<ErrorBody>('POST', '/api/customers/', {
        ...customerFields(),
        drivers_license: textAsPng(),
      });
      expect(asText.status).toBe(415);
      expect(asText.body.error).toBe(IMAGE_ONLY);
      const big = await staff.multipart<ErrorBody>('POST', '/api/customers/', {
        ...customerFields(),
        drivers_license: await sixMegabytes(),
      });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ error: TOO_LARGE, fields: { drivers_license: [TOO_LARGE] } });
      const two = await staff.multipart<ErrorBody>('POST', '/api/customers/', {
        ...customerFields(),
        drivers_license: [await png(), await png()],
      });
      expect(two.status).toBe(400);
      expect(await countCustomers()).toBe(customersBefore);
      expect(await licenseFiles()).toEqual(filesBefore);
    });
  });

  describe('GET customers/:id/', () => {
    it('answers one customer to the operator and to the agency it belongs to', async () => {
      const reply = await staff.get<ApiCustomer>(`/api/customers/${world.customers.own}/`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id: world.customers.own,
        first_name: 'Casey',
        last_name: 'Customer',
        email: 'casey@example.com',
        has_account: true,
        agency_id: null,
        drivers_license: null,
      });
      const a = await agency.get<ApiCustomer>(`/api/customers/${world.customers.createdByA}/`);
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ id: world.customers.createdByA, agency_id: world.agencies.a, has_account: false });
    });

    it('says another agency’s customer and unknown ids are not found, and refuses a bad id', async () => {
      const other = await agencyB.get<ErrorBody>(`/api/customers/${world.customers.createdByA}/`);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(NOT_FOUND);
      const unknown = await staff.get<ErrorBody>('/api/customers/999999/');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
      expect((await staff.get('/api/customers/abc/')).status).toBe(400);
      expect((await staff.get('/api/customers/0/')).status).toBe(400);
    });
  });

  describe('PATCH customers/:id/', () => {
    it('changes only the fields sent', async () => {
      const made = await create(agency, customerFields({ email: 'patch@example.com' }));
      const reply = await agent.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        city: 'York',
        address_line2: '',
        next_of_kin2_first_name: 'Robin',
        title: 'MS',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        ...made,
        city: 'York',
        title: 'MS',
        next_of_kin2_first_name: 'Robin',
        next_of_kin_2: true,
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await row(made.id)).toMatchObject({ city: 'York', first_name: 'Jamie', email: 'patch@example.com' });
    });

    it('refuses invalid fields and leaves the record as it was', async () => {
      const made = await create(staff, customerFields({ email: 'invalid-patch@example.com' }));
      const cases: [Record<string, string>, string][] = [
        [{ first_name: ' ' }, 'first_name'],
        [{ email: 'nope' }, 'email'],
        [{ phone_number: '1' }, 'phone_number'],
        [{ next_of_kin1_phone: 'x1' }, 'next_of_kin1_phone'],
        [{ title: 'KING' }, 'title'],
      ];
      for (const [body, field] of cases) {
        const reply = await staff.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, body);
        expect(reply.status, field).toBe(400);
        expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
      }
      const stored = await row(made.id);
      expect(stored).toMatchObject({ first_name: 'Jamie', email: 'invalid-patch@example.com', title: 'MR' });
      expect(stored.updated_at).toBe(made.updated_at);
    });

    it('replaces the license and removes the old file; refuses a PDF and keeps the old one', async () => {
      const made = await create(staff, {
        ...customerFields({ email: 'lic@example.com' }),
        drivers_license: await png(),
      });
      const oldKey = (await row(made.id)).drivers_license_key ?? '';
      expect(await exists(licensePath(oldKey))).toBe(true);

      const refused = await staff.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, {
        city: 'Hull',
        drivers_license: await pdf(),
      });
      expect(refused.status).toBe(415);
      expect(refused.body.error).toBe(IMAGE_ONLY);
      expect(await row(made.id)).toMatchObject({ drivers_license_key: oldKey, city: 'Leeds' });

      const tooBig = await staff.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, {
        drivers_license: await sixMegabytes(),
      });
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error).toBe(TOO_LARGE);

      const replaced = await staff.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        drivers_license: await png(),
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.drivers_license).toBe(`/api/customers/${made.id}/drivers_license/`);
      const newKey = (await row(made.id)).drivers_license_key ?? '';
      expect(newKey).not.toBe(oldKey);
      expect(await exists(licensePath(newKey))).toBe(true);
      expect(await exists(licensePath(oldKey))).toBe(false);
    });

    it('says another agency’s customer is not found', async () => {
      const reply = await agencyB.multipart<ErrorBody>('PATCH', `/api/customers/${world.customers.createdByA}/`, {
        city: 'Bristol',
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(NOT_FOUND);
      expect((await row(world.customers.createdByA)).city).toBeNull();
    });
  });

  describe('DELETE customers/:id/', () => {
    it('deletes a customer with their booking requests and license file', async () => {
      const made = await create(agency, {
        ...customerFields({ email: 'gone@example.com' }),
        drivers_license: await png(),
      });
      const key = (await row(made.id)).drivers_license_key ?? '';
      const requestId = await insertRequest(made.id, world.vehicles.a1);
      const reply = await agent.delete(`/api/customers/${made.id}/`);
      expect(reply.status).toBe(204);
      expect(reply.raw.body).toBe('');
      expect((await staff.get<ErrorBody>(`/api/customers/${made.id}/`)).body).toEqual(NOT_FOUND);
      const request = await t.app.deps.db
        .selectFrom('booking_requests')
        .select('id')
        .where('id', '=', requestId)
        .executeTakeFirst();
      expect(request).toBeUndefined();
      expect(await exists(licensePath(key))).toBe(false);
      expect((await staff.delete<ErrorBody>(`/api/customers/${made.id}/`)).body).toEqual(NOT_FOUND);
    });

    it('refuses a customer with bookings or with their own account (409)', async () => {
      const made = await create(staff, customerFields({ email: 'booked@example.com' }));
      await insertBooking(made.id, world.vehicles.b1, {
        start: '2030-02-01',
        amount: 100,
        status: 'cancelled',
        mileage: 0,
      });
      const booked = await staff.delete<ErrorBody>(`/api/customers/${made.id}/`);
      expect(booked.status).toBe(409);
      expect(booked.body).toEqual({ error: 'This customer has bookings and cannot be deleted.' });
      const account = await staff.delete<ErrorBody>(`/api/customers/${world.customers.own}/`);
      expect(account.status).toBe(409);
      expect(account.body).toEqual({ error: 'This customer has their own account and cannot be deleted here.' });
      expect(await row(made.id)).toMatchObject({ id: made.id });
      expect(await row(world.customers.own)).toMatchObject({ id: world.customers.own });
    });

    it('hides another agency’s customer and keeps an agency off customers it did not add', async () => {
      const other = await agencyB.delete<ErrorBody>(`/api/customers/${world.customers.createdByA}/`);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(NOT_FOUND);
      const made = await create(staff, customerFields({ email: 'operator-made@example.com' }));
      await insertRequest(made.id, world.vehicles.a1);
      const notTheirs = await agency.delete<ErrorBody>(`/api/customers/${made.id}/`);
      expect(notTheirs.status).toBe(403);
      expect(await row(made.id)).toMatchObject({ id: made.id });
    });
  });

  describe('DELETE customers/:id/delete_drivers_license/', () => {
    it('removes the license file and columns, and answers 200 again when there is none', async () => {
      const made = await create(agency, {
        ...customerFields({ email: 'dl@example.com' }),
        drivers_license: await png(),
      });
      const key = (await row(made.id)).drivers_license_key ?? '';
      expect(await exists(licensePath(key))).toBe(true);
      const reply = await agent.delete<ApiCustomer>(`/api/customers/${made.id}/delete_drivers_license/`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id: made.id, drivers_license: null, drivers_license_type: null });
      expect(await row(made.id)).toMatchObject({ drivers_license_key: null, drivers_license_type: null });
      expect(await exists(licensePath(key))).toBe(false);
      const again = await agent.delete<ApiCustomer>(`/api/customers/${made.id}/delete_drivers_license/`);
      expect(again.status).toBe(200);
      expect(again.body.drivers_license).toBeNull();
      expect((await agent.get(`/api/customers/${made.id}/drivers_license/`)).status).toBe(404);
    });

    it('says another agency’s customer is not found', async () => {
      const reply = await agencyB.delete<ErrorBody>(
        `/api/customers/${world.customers.createdByA}/delete_drivers_license/`,
      );
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(NOT_FOUND);
    });
  });

  describe('GET customers/:id/drivers_license/', () => {
    const expectPrivateFile = (reply: Awaited<ReturnType<TestClient['get']>>, type: string) => {
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe(type);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-disposition']).toMatch(/^attachment; filename="drivers-license-\d+\.(webp|pdf)"$/);
      expect(reply.headers['content-security-policy']).toBe('sandbox');
    };

    it('serves an agency customer’s license to the operator and that agency only', async () => {
      const made = await create(agency, {
        ...customerFields({ email: 'served@example.com' }),
        drivers_license: await png(),
      });
      const url = `/api/customers/${made.id}/drivers_license/`;
      const stored = await readFile(licensePath((await row(made.id)).drivers_license_key ?? ''));
      for (const client of [staff, agency, agent]) {
        const reply = await client.get(url);
        expectPrivateFile(reply, 'image/webp');
        expect(reply.raw.rawPayload.equals(stored)).toBe(true);
      }
      const other = await agencyB.get<ErrorBody>(url);
      expect(other.status).toBe(404);
      expect(other.headers['content-type']).toMatch(/application\/json/);
      expect((await customer.get(url)).status).toBe(404);
      expect((await anonymous.get(url)).status).toBe(401);
    });

    it('serves a customer their own license and nobody else’s', async () => {
      const upload = await customer.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        drivers_license: await pdf(),
      });
      expect(upload.status).toBe(200);
      const url = `/api/customers/${world.customers.own}/drivers_license/`;
      const own = await customer.get(url);
      expectPrivateFile(own, 'application/pdf');
      expect(own.raw.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await customer2.get(url)).status).toBe(404);
      expectPrivateFile(await staff.get(url), 'application/pdf');
      // Casey has asked nothing of agency A, so A's staff don't see the license.
      expect((await agency.get(url)).status).toBe(404);
      expect((await anonymous.get(url)).status).toBe(401);
      const key = (await row(world.customers.own)).drivers_license_key ?? '';
      expect((await anonymous.get(`/media/${key}`)).status).toBe(404);
      expect((await staff.get(`/media/../private/${key}`)).status).toBe(404);
    });

    it('answers 404 when there is no license', async () => {
      const reply = await staff.get<ErrorBody>(`/api/customers/${world.customers.createdByB}/drivers_license/`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: "No driver's license uploaded yet." });
    });
  });

  describe('GET customers/:id/analytics/', () => {
    it('totals bookings, spending (without cancelled ones) and mileage, per agency for agency users', async () => {
      const made = await create(agency, customerFields({ email: 'stats@example.com' }));
      const empty = await agency.get(`/api/customers/${made.id}/analytics/`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ totalBookings: 0, totalSpent: '0.00', totalMileage: 0 });

      const vehicleA = await addVehicle(world.agencies.a);
      const vehicleB = await addVehicle(world.agencies.b);
      await insertBooking(made.id, vehicleA, { start: '2030-01-05', amount: 10000, status: 'confirmed', mileage: 120 });
      await insertBooking(made.id, vehicleA, { start: '2030-03-05', amount: 5000, status: 'cancelled', mileage: null });
      await insertBooking(made.id, vehicleA, { start: '2030-02-05', amount: 2550, status: 'completed', mileage: 30 });
      await insertBooking(made.id, vehicleB, { start: '2030-04-05', amount: 7000, status: 'pending', mileage: 50 });

      const all = await staff.get(`/api/customers/${made.id}/analytics/`);
      expect(all.body).toEqual({ totalBookings: 4, totalSpent: '195.50', totalMileage: 200 });
      const a = await agent.get(`/api/customers/${made.id}/analytics/`);
      expect(a.body).toEqual({ totalBookings: 3, totalSpent: '125.50', totalMileage: 150 });
      // Booking one of B's vehicles makes the customer B's too, but B only counts its own booking.
      const b = await agencyB.get(`/api/customers/${made.id}/analytics/`);
      expect(b.body).toEqual({ totalBookings: 1, totalSpent: '70.00', totalMileage: 50 });

      expect((await staff.get<ApiCustomer>(`/api/customers/${made.id}/`)).body.last_booking_date).toBe('2030-04-05');
      expect((await agency.get<ApiCustomer>(`/api/customers/${made.id}/`)).body.last_booking_date).toBe('2030-03-05');
      const listed = (await agency.get<ApiCustomer[]>('/api/customers/?search=stats@')).body;
      expect(listed.map((c) => c.last_booking_date)).toEqual(['2030-03-05']);
    });

    it('says another agency’s customer is not found', async () => {
      const reply = await agencyB.get<ErrorBody>(`/api/customers/${world.customers.createdByA}/analytics/`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(NOT_FOUND);
    });
  });

  describe('customers/me/', () => {
    it('is its own route, not customers/:id/', async () => {
      const mine = await customer.get<ApiCustomer>('/api/customers/me/');
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ id: world.customers.own, first_name: 'Casey', has_account: true });
      expect((await customer.get<ApiCustomer>('/api/customers/me')).body.id).toBe(world.customers.own);
      const asStaff = await staff.get<ErrorBody>('/api/customers/me/');
      expect(asStaff.status).toBe(403);
      expect((await staff.multipart('PATCH', '/api/customers/me/', { city: 'Leeds' })).status).toBe(403);
      expect((await anonymous.get('/api/customers/me/')).status).toBe(401);
      expect((await anonymous.multipart('PATCH', '/api/customers/me/', { city: 'Leeds' })).status).toBe(401);
    });

    it('answers 404 to a customer user without a customer record', async () => {
      await rows.insertUser(t.app.deps.db, {
        username: 'norecord',
        role: 'customer',
        first_name: 'No',
        last_name: 'Record',
        phone_number: '+44 7700 900999',
      });
      const client = await signedIn(t.app, 'norecord');
      expect((await client.get<ErrorBody>('/api/customers/me/')).body).toEqual(NOT_FOUND);
      const patched = await client.multipart<ErrorBody>('PATCH', '/api/customers/me/', { city: 'Leeds' });
      expect(patched.status).toBe(404);
    });

    it('updates the customer’s own details but never their title', async () => {
      const reply = await customer2.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        title: 'DR',
        national_id: 'ID-7788',
        street_address: '5 Low Road',
        city: 'Bath',
        country: 'United Kingdom',
        next_of_kin1_first_name: 'Pat',
        next_of_kin1_phone: '+44 7700 900321',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id: world.customers.other,
        title: 'MR',
        national_id: 'ID-7788',
        city: 'Bath',
        next_of_kin1_first_name: 'Pat',
        next_of_kin1_phone: '+44 7700 900321',
        next_of_kin_2: false,
      });
      expect(await row(world.customers.other)).toMatchObject({ title: 'MR', city: 'Bath' });
      const bad = await customer2.multipart<ErrorBody>('PATCH', '/api/customers/me/', { next_of_kin1_phone: 'phone' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields ?? {})).toEqual(['next_of_kin1_phone']);
      const badEmail = await customer2.multipart<ErrorBody>('PATCH', '/api/customers/me/', { email: 'x@' });
      expect(badEmail.status).toBe(400);
    });

    it('takes a PDF or an image license, replacing the old file, and refuses wrong or large files', async () => {
      const asPdf = await customer2.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        drivers_license: await pdf(),
      });
      expect(asPdf.status).toBe(200);
      expect(asPdf.body.drivers_license).toBe(`/api/customers/${world.customers.other}/drivers_license/`);
      expect(asPdf.body.drivers_license_type).toBe('application/pdf');
      const pdfKey = (await row(world.customers.other)).drivers_license_key ?? '';
      expect(pdfKey).toMatch(/\.pdf$/);
      expect((await readFile(licensePath(pdfKey))).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const asImage = await customer2.multipart<ApiCustomer>('PATCH', '/api/customers/me/', {
        drivers_license: await png(),
      });
      expect(asImage.status).toBe(200);
      expect(asImage.body.drivers_license_type).toBe('image/webp');
      const imageKey = (await row(world.customers.other)).drivers_license_key ?? '';
      expect(imageKey).toMatch(/\.webp$/);
      expect(await exists(licensePath(pdfKey))).toBe(false);

      const filesBefore = await licenseFiles();
      const text = await customer2.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        drivers_license: textAsPng(),
      });
      expect(text.status).toBe(415);
      expect(text.body.fields).toEqual({ drivers_license: [expect.any(String)] });
      const big = await customer2.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
        city: 'Wells',
        drivers_license: await sixMegabytes(),
      });
      expect(big.status).toBe(413);
      expect(big.body.error).toBe(TOO_LARGE);
      expect(await licenseFiles()).toEqual(filesBefore);
      expect(await row(world.customers.other)).toMatchObject({ drivers_license_key: imageKey, city: 'Bath' });
    });

    it('replays a repeated Idempotency-Key with the stored reply and refuses it for another body', async () => {
      const key = 'f1d0c3b2-0000-4000-8000-customersme01';
      const body = { city: 'Durham', drivers_license: await png() };
      const first = await customer.multipart<ApiCustomer>('PATCH', '/api/customers/me/', body, {
        headers: { 'idempotency-key': key },
      });
      expect(first.status).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const keyAfterFirst = (await row(world.customers.own)).drivers_license_key;
      const filesAfterFirst = await licenseFiles();

      const replay = await customer.multipart<ApiCustomer>('PATCH', '/api/customers/me/', body, {
        headers: { 'idempotency-key': key },
      });
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect((await row(world.customers.own)).drivers_license_key).toBe(keyAfterFirst);
      expect(await licenseFiles()).toEqual(filesAfterFirst);

      const different = await customer.multipart<ErrorBody>(
        'PATCH',
        '/api/customers/me/',
        { city: 'Carlisle', drivers_license: await png() },
        { headers: { 'idempotency-key': key } },
      );
      expect(different.status).toBe(422);
      expect(different.body.error).toEqual(expect.any(String));
      expect((await row(world.customers.own)).city).toBe('Durham');
    });
  });
});
