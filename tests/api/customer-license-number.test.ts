import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import { LICENSE_NUMBER_CHARACTERS } from '#domain/schemas/customer';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Customer = ApiCustomer & ErrorBody;

const TOO_LONG = 'License number must be at most 40 characters.';

const customerFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  first_name: 'Lena',
  last_name: 'Number',
  phone_number: '+44 7700 900557',
  email: 'lena.number@example.com',
  national_id: 'NI-992',
  street_address: '3 High Street',
  city: 'York',
  country: 'United Kingdom',
  ...overrides,
});

describe(`a customer's license number (${ENGINE})`, () => {
  let t: TestApp;
  let world: World;
  let staff: TestClient;
  let agency: TestClient;
  let agencyB: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;

  const stored = async (id: number) =>
    t.app.deps.db
      .selectFrom('customers')
      .select(['license_number', 'city', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({
      t,
      world,
      clients: { staff, agency, agencyB, customer, anonymous },
    } = await startWorld());
  });
  afterAll(async () => t.close());

  it('is kept trimmed on a staff create and edit, sent back, and cleared when blank', async () => {
    const created = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ license_number: '  MORGA 753116-SM9IJ ' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.license_number).toBe('MORGA 753116-SM9IJ');
    expect(await stored(created.body.id)).toMatchObject({ license_number: 'MORGA 753116-SM9IJ' });
    const path = `/api/customers/${created.body.id}/`;
    expect((await agency.get<Customer>(path)).body.license_number).toBe('MORGA 753116-SM9IJ');

    const edited = await staff.multipart<Customer>('PATCH', path, { license_number: 'B1234567' });
    expect(edited.status).toBe(200);
    expect(edited.body.license_number).toBe('B1234567');
    // Left out: kept.
    const other = await agency.multipart<Customer>('PATCH', path, { city: 'Leeds' });
    expect(other.body).toMatchObject({ city: 'Leeds', license_number: 'B1234567' });
    const cleared = await agency.multipart<Customer>('PATCH', path, { license_number: '  ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.license_number).toBeNull();
    expect(await stored(created.body.id)).toMatchObject({ license_number: null });

    const without = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ email: 'no.number@example.com' }),
    );
    expect(without.status).toBe(201);
    expect(without.body.license_number).toBeNull();
    const list = await agency.get<ApiCustomer[]>('/api/customers/?search=lena.number');
    expect(list.body.map((row) => row.license_number)).toEqual([null]);
  });

  it('refuses a number too long or with other characters with a 400 on its field, writing nothing', async () => {
    const created = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ email: 'kept.number@example.com', license_number: 'KEPT 1' }),
    );
    const path = `/api/customers/${created.body.id}/`;
    const cases: [string, string][] = [
      ['A'.repeat(41), TOO_LONG],
      ['AB/123', LICENSE_NUMBER_CHARACTERS],
      ['AB_123', LICENSE_NUMBER_CHARACTERS],
      ['<script>', LICENSE_NUMBER_CHARACTERS],
      ['-AB123', LICENSE_NUMBER_CHARACTERS],
    ];
    for (const [number, message] of cases) {
      const before = await stored(created.body.id);
      const create = await agency.multipart<ErrorBody>(
        'POST',
        '/api/customers/',
        customerFields({ email: 'refused.number@example.com', license_number: number }),
      );
      expect(create.status, number).toBe(400);
      expect(create.body.fields, number).toEqual({ license_number: [message] });
      const edit = await agency.multipart<ErrorBody>('PATCH', path, { license_number: number, city: 'Hull' });
      expect(edit.status, number).toBe(400);
      expect(edit.body.fields, number).toEqual({ license_number: [message] });
      const own = await customer.multipart<ErrorBody>('PATCH', '/api/customers/me/', { license_number: number });
      expect(own.status, number).toBe(400);
      expect(own.body.fields, number).toEqual({ license_number: [message] });
      expect(await stored(created.body.id)).toEqual(before);
    }
    const asJson = await agency.patch<ErrorBody>(path, { license_number: ['AB1'] });
    expect(asJson.status).toBe(400);
    expect(asJson.body.fields?.license_number).toEqual(['License number must be text.']);
    const refusedCreates = await t.app.deps.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'refused.number@example.com')
      .execute();
    expect(refusedCreates).toEqual([]);
    expect(await stored(created.body.id)).toMatchObject({ license_number: 'KEPT 1' });
  });

  it('lets the customer give their own on their profile, and keeps other callers out', async () => {
    const own = await customer.multipart<Customer>('PATCH', '/api/customers/me/', { license_number: 'CASEY 1' });
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toMatchObject({ id: world.customers.own, license_number: 'CASEY 1' });
    expect((await customer.get<Customer>('/api/customers/me/')).body.license_number).toBe('CASEY 1');

    const path = `/api/customers/${world.customers.createdByA}/`;
    const before = await stored(world.customers.createdByA);
    expect((await agencyB.multipart('PATCH', path, { license_number: 'B2' })).status).toBe(404);
    expect((await agencyB.get(path)).status).toBe(404);
    expect((await anonymous.multipart('PATCH', path, { license_number: 'B2' })).status).toBe(401);
    expect((await customer.multipart('PATCH', path, { license_number: 'B2' })).status).toBe(403);
    expect((await customer.multipart('POST', '/api/customers/', customerFields({ license_number: 'B2' }))).status).toBe(
      403,
    );
    expect((await anonymous.multipart('PATCH', '/api/customers/me/', { license_number: 'B2' })).status).toBe(401);
    expect(await stored(world.customers.createdByA)).toEqual(before);
  });
});
