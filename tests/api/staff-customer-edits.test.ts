import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';
import { pngFile } from '../helpers/images.ts';
import * as rows from '../helpers/rows.ts';

interface StaleBody extends ErrorBody {
  current: ApiCustomer;
}

const STALE = 'Someone else changed this customer after you opened it.';
const EMAIL_USED = 'Another account already uses this e-mail address.';

const fields = (overrides: Record<string, string>): Record<string, string> => ({
  first_name: 'Jamie',
  last_name: 'Rivers',
  phone_number: '+44 7700 900555',
  email: 'jamie@example.com',
  national_id: 'NI-445566',
  street_address: '1 High Street',
  city: 'Leeds',
  country: 'United Kingdom',
  ...overrides,
});

describe(`staff customer list order and edits (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agent: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;

  const create = async (client: TestClient, overrides: Record<string, string>) => {
    const reply = await client.multipart<ApiCustomer>('POST', '/api/customers/', fields(overrides));
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const row = (id: number) =>
    t.app.deps.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const userRow = (id: number) =>
    t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agent, agencyB, customer },
    } = await startWorld());
    // The order of the list must not depend on insertion order alone.
    await create(agency, { first_name: 'Cara', last_name: 'Order', email: 'b-cara@example.com' });
    t.clock.advance(1000);
    await create(agency, { first_name: 'Abel', last_name: 'Order', email: 'c-abel@example.com' });
    t.clock.advance(1000);
    await create(agency, { first_name: 'Bea', last_name: 'Order', email: 'a-bea@example.com' });
    t.clock.advance(1000);
  });
  afterAll(async () => t.close());

  describe('GET customers/?ordering=', () => {
    const firstNames = async (client: TestClient, ordering: string) => {
      const reply = await client.get<ApiCustomer[]>(`/api/customers/?search=order&ordering=${ordering}`);
      expect(reply.status, ordering).toBe(200);
      expect(reply.headers['x-total-count']).toBe('3');
      return reply.body.map((item) => item.first_name);
    };

    it('sorts by name, e-mail or date added, either way', async () => {
      expect(await firstNames(agency, 'name')).toEqual(['Abel', 'Bea', 'Cara']);
      expect(await firstNames(agency, '-name')).toEqual(['Cara', 'Bea', 'Abel']);
      expect(await firstNames(agent, 'email')).toEqual(['Bea', 'Cara', 'Abel']);
      expect(await firstNames(agent, '-email')).toEqual(['Abel', 'Cara', 'Bea']);
      expect(await firstNames(staff, 'created_at')).toEqual(['Cara', 'Abel', 'Bea']);
      expect(await firstNames(staff, '-created_at')).toEqual(['Bea', 'Abel', 'Cara']);
    });

    it('pages a sorted list without gaps or repeats', async () => {
      const all = await staff.get<ApiCustomer[]>('/api/customers/?ordering=-created_at');
      const second = await staff.get<ApiCustomer[]>('/api/customers/?ordering=-created_at&limit=2&offset=2');
      expect(second.body.map((c) => c.id)).toEqual(all.body.slice(2, 4).map((c) => c.id));
    });

    it('refuses an unknown ordering with a 400', async () => {
      for (const bad of ['phone', 'Name', '--name', '']) {
        const reply = await staff.get<ErrorBody>(`/api/customers/?ordering=${encodeURIComponent(bad)}`);
        expect(reply.status, bad).toBe(400);
        expect(reply.body.error).toEqual(expect.any(String));
      }
    });

    it('refuses customers and keeps another agency’s customers out of a sorted list', async () => {
      expect((await customer.get('/api/customers/?ordering=name')).status).toBe(403);
      const other = await agencyB.get<ApiCustomer[]>('/api/customers/?search=order&ordering=-name');
      expect(other.status).toBe(200);
      expect(other.body).toEqual([]);
      expect(other.headers['x-total-count']).toBe('0');
    });
  });

  describe('PATCH customers/:id/ with expected_updated_at', () => {
    it('writes when the version is the one loaded', async () => {
      const made = await create(agency, { email: 'fresh@example.com' });
      t.clock.advance(1000);
      const reply = await agent.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        city: 'York',
        expected_updated_at: made.updated_at,
      });
      expect(reply.status).toBe(200);
      expect(reply.body.city).toBe('York');
      expect(reply.body.updated_at).not.toBe(made.updated_at);
    });

    it('refuses a stale version with 412 and the current record, writing nothing', async () => {
      const made = await create(agency, { email: 'stale@example.com' });
      t.clock.advance(1000);
      const first = await agency.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        city: 'Bath',
        expected_updated_at: made.updated_at,
      });
      expect(first.status).toBe(200);
      t.clock.advance(1000);
      const before = await row(made.id);
      const second = await agent.multipart<StaleBody>('PATCH', `/api/customers/${made.id}/`, {
        city: 'Hull',
        first_name: 'Changed',
        expected_updated_at: made.updated_at,
      });
      expect(second.status).toBe(412);
      expect(second.body.error).toBe(STALE);
      expect(second.body.current).toMatchObject({ id: made.id, city: 'Bath', updated_at: first.body.updated_at });
      expect(await row(made.id)).toEqual(before);
      // Without the version the write is the old "last one wins".
      expect((await agent.multipart('PATCH', `/api/customers/${made.id}/`, { city: 'Hull' })).status).toBe(200);
    });

    it('removes the license with delete_drivers_license in the same edit', async () => {
      const made = await create(agency, { email: 'license-off@example.com' });
      const withLicense = await agency.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        drivers_license: await pngFile('license.png', 40, 30),
      });
      expect(withLicense.body.drivers_license).toEqual(expect.any(String));
      const both = await agent.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, {
        delete_drivers_license: 'true',
        drivers_license: await pngFile('license.png', 40, 30),
      });
      expect(both.status).toBe(400);
      const removed = await agent.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
        delete_drivers_license: 'true',
        city: 'Ripon',
        expected_updated_at: withLicense.body.updated_at,
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ drivers_license: null, city: 'Ripon' });
      expect((await row(made.id)).drivers_license_key).toBeNull();
    });

    it('tells two writes in the same millisecond apart', async () => {
      const made = await create(agency, { email: 'same-ms@example.com' });
      const frozen = new Date(Date.parse(made.updated_at));
      const realNow = t.app.deps.now;
      t.app.deps.now = () => frozen;
      try {
        const first = await agency.multipart<ApiCustomer>('PATCH', `/api/customers/${made.id}/`, {
          city: 'Selby',
          expected_updated_at: made.updated_at,
        });
        expect(first.status).toBe(200);
        expect(first.body.updated_at > made.updated_at).toBe(true);
        const second = await agent.multipart<StaleBody>('PATCH', `/api/customers/${made.id}/`, {
          city: 'Goole',
          expected_updated_at: made.updated_at,
        });
        expect(second.status).toBe(412);
      } finally {
        t.app.deps.now = realNow;
      }
    });

    it('refuses a version that is not a timestamp (400)', async () => {
      const made = await create(agency, { email: 'badversion@example.com' });
      const reply = await agency.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, {
        city: 'Ely',
        expected_updated_at: 'yesterday',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.fields?.expected_updated_at).toEqual([expect.any(String)]);
      expect((await row(made.id)).city).toBe('Leeds');
    });

    it('refuses customers (403) and says another agency’s customer is not found', async () => {
      const made = await create(agency, { email: 'scoped@example.com' });
      const body = { city: 'Wells', expected_updated_at: made.updated_at };
      expect((await customer.multipart('PATCH', `/api/customers/${made.id}/`, body)).status).toBe(403);
      const other = await agencyB.multipart<ErrorBody>('PATCH', `/api/customers/${made.id}/`, body);
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Customer not found.');
      expect((await row(made.id)).city).toBe('Leeds');
    });
  });

  describe('PATCH customers/:id/ of a customer with a login', () => {
    beforeAll(async () => {
      // The self-registered customer asks for agency A's vehicle: agency A may now see them.
      await rows.insertBookingRequest(t.app.deps.db, {
        customer_id: world.customers.own,
        vehicle_id: world.vehicles.a1,
        start_date: '2031-02-01',
        end_date: '2031-02-03',
      });
    });

    it('changes names, e-mail and phone on the login too', async () => {
      const reply = await agency.multipart<ApiCustomer>('PATCH', `/api/customers/${world.customers.own}/`, {
        first_name: 'Cassie',
        last_name: 'Updated',
        email: 'cassie.updated@example.com',
        phone_number: '+44 7700 900999',
        city: 'Durham',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        first_name: 'Cassie',
        email: 'cassie.updated@example.com',
        has_account: true,
      });
      expect(await userRow(world.users.customer)).toMatchObject({
        first_name: 'Cassie',
        last_name: 'Updated',
        email: 'cassie.updated@example.com',
        phone_number: '+44 7700 900999',
      });
      const me = await customer.get<ApiCustomer>('/api/customers/me/');
      expect(me.body.city).toBe('Durham');
    });

    it('refuses another account’s e-mail (409 on email) and changes neither record', async () => {
      const taken = (await userRow(world.users.customer2)).email;
      const customerBefore = await row(world.customers.own);
      const userBefore = await userRow(world.users.customer);
      const reply = await staff.multipart<ErrorBody>('PATCH', `/api/customers/${world.customers.own}/`, {
        email: taken.toUpperCase(),
        city: 'Nowhere',
      });
      expect(reply.status).toBe(409);
      expect(reply.body.fields?.email).toEqual([EMAIL_USED]);
      expect(await row(world.customers.own)).toEqual(customerBefore);
      expect(await userRow(world.users.customer)).toEqual(userBefore);
    });

    it('leaves the login alone when the edit is stale', async () => {
      const before = await row(world.customers.own);
      const userBefore = await userRow(world.users.customer);
      const reply = await staff.multipart<StaleBody>('PATCH', `/api/customers/${world.customers.own}/`, {
        first_name: 'Late',
        expected_updated_at: '2000-01-01T00:00:00.000Z',
      });
      expect(reply.status).toBe(412);
      expect(reply.body.current.first_name).toBe(before.first_name);
      expect(await userRow(world.users.customer)).toEqual(userBefore);
    });

    it('refuses customers (403) and keeps another agency off the record and its login', async () => {
      const userBefore = await userRow(world.users.customer);
      const body = { first_name: 'Hijack' };
      expect((await customer.multipart('PATCH', `/api/customers/${world.customers.own}/`, body)).status).toBe(403);
      expect((await agencyB.multipart('PATCH', `/api/customers/${world.customers.own}/`, body)).status).toBe(404);
      expect(await userRow(world.users.customer)).toEqual(userBefore);
    });
  });
});
