import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import { todayIso } from '#domain/dates';
import type { ErrorBody } from '../helpers/api.ts';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import type { TestClient } from '../helpers/client.ts';
import { startWorld, type World } from '../helpers/fixtures.ts';

type Customer = ApiCustomer & ErrorBody;

const BIRTH_NOT_IN_PAST = 'Date of birth must be in the past.';
const TOO_YOUNG = 'The customer must be at least 16 years old.';

/** The ISO day `years` years and `days` days before today (UTC). */
function yearsAgo(years: number, days = 0): string {
  const today = new Date(`${todayIso()}T00:00:00Z`);
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

const customerFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  first_name: 'Dana',
  last_name: 'Driver',
  phone_number: '+44 7700 900556',
  email: 'dana.driver@example.com',
  national_id: 'NI-991',
  street_address: '2 High Street',
  city: 'Leeds',
  country: 'United Kingdom',
  ...overrides,
});

describe(`a customer's date of birth and license expiry (${ENGINE})`, () => {
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
      .select(['date_of_birth', 'license_expiry', 'updated_at'])
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

  it('takes both on a staff create and edit, returns them, and clears them when blank', async () => {
    const created = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ date_of_birth: '1990-05-17', license_expiry: '2030-01-31' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ date_of_birth: '1990-05-17', license_expiry: '2030-01-31' });
    expect(await stored(created.body.id)).toMatchObject({ date_of_birth: '1990-05-17', license_expiry: '2030-01-31' });
    expect((await agency.get<Customer>(`/api/customers/${created.body.id}/`)).body).toMatchObject({
      date_of_birth: '1990-05-17',
      license_expiry: '2030-01-31',
    });

    const path = `/api/customers/${created.body.id}/`;
    // An expired license may be recorded: it is refused when a rental would run past it, not here.
    const edited = await agency.multipart<Customer>('PATCH', path, { license_expiry: '2020-02-29' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ date_of_birth: '1990-05-17', license_expiry: '2020-02-29' });
    const cleared = await staff.multipart<Customer>('PATCH', path, { date_of_birth: '', license_expiry: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ date_of_birth: null, license_expiry: null });

    const without = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ email: 'no.dates@example.com' }),
    );
    expect(without.body).toMatchObject({ date_of_birth: null, license_expiry: null });
  });

  it('takes a customer of exactly 16 today and refuses a younger one, a birth today or later, and bad dates', async () => {
    const sixteen = await agency.multipart<Customer>(
      'POST',
      '/api/customers/',
      customerFields({ email: 'sixteen@example.com', date_of_birth: yearsAgo(16) }),
    );
    expect(sixteen.status).toBe(201);
    expect(sixteen.body.date_of_birth).toBe(yearsAgo(16));

    const cases: [Record<string, string>, string, string][] = [
      [{ date_of_birth: yearsAgo(16, -1) }, 'date_of_birth', TOO_YOUNG],
      [{ date_of_birth: yearsAgo(3) }, 'date_of_birth', TOO_YOUNG],
      [{ date_of_birth: todayIso() }, 'date_of_birth', BIRTH_NOT_IN_PAST],
      [{ date_of_birth: '2999-01-01' }, 'date_of_birth', BIRTH_NOT_IN_PAST],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Date of birth must be a date (YYYY-MM-DD).'],
      [{ date_of_birth: '17/05/1990' }, 'date_of_birth', 'Date of birth must be a date (YYYY-MM-DD).'],
      [{ license_expiry: 'soon' }, 'license_expiry', 'License expiry must be a date (YYYY-MM-DD).'],
      [{ license_expiry: '2030-13-01' }, 'license_expiry', 'License expiry must be a date (YYYY-MM-DD).'],
    ];
    for (const [change, field, message] of cases) {
      const before = await stored(sixteen.body.id);
      const create = await agency.multipart<ErrorBody>(
        'POST',
        '/api/customers/',
        customerFields({ email: 'refused@example.com', ...change }),
      );
      expect(create.status, JSON.stringify(change)).toBe(400);
      expect(create.body.fields, JSON.stringify(change)).toEqual({ [field]: [message] });
      const edit = await agency.multipart<ErrorBody>('PATCH', `/api/customers/${sixteen.body.id}/`, change);
      expect(edit.status, JSON.stringify(change)).toBe(400);
      expect(edit.body.fields, JSON.stringify(change)).toEqual({ [field]: [message] });
      expect(await stored(sixteen.body.id)).toEqual(before);
    }
    const asJson = await agency.patch<ErrorBody>(`/api/customers/${sixteen.body.id}/`, { date_of_birth: 19900517 });
    expect(asJson.status).toBe(400);
    expect(asJson.body.fields?.date_of_birth).toEqual(['Date of birth must be a date (YYYY-MM-DD).']);
  });

  it('lets the customer give their own on their profile, and keeps other callers out', async () => {
    const own = await customer.multipart<Customer>('PATCH', '/api/customers/me/', {
      date_of_birth: '2001-03-04',
      license_expiry: '2033-03-04',
    });
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.body).toMatchObject({
      id: world.customers.own,
      date_of_birth: '2001-03-04',
      license_expiry: '2033-03-04',
    });
    expect((await customer.get<Customer>('/api/customers/me/')).body).toMatchObject({
      date_of_birth: '2001-03-04',
      license_expiry: '2033-03-04',
    });
    const tooYoung = await customer.multipart<ErrorBody>('PATCH', '/api/customers/me/', {
      date_of_birth: yearsAgo(10),
    });
    expect(tooYoung.status).toBe(400);
    expect(tooYoung.body.fields).toEqual({ date_of_birth: [TOO_YOUNG] });
    expect(await stored(world.customers.own)).toMatchObject({ date_of_birth: '2001-03-04' });
    // Left out: kept.
    const other = await customer.multipart<Customer>('PATCH', '/api/customers/me/', { city: 'Hull' });
    expect(other.body).toMatchObject({ city: 'Hull', date_of_birth: '2001-03-04', license_expiry: '2033-03-04' });

    // The agency that made a customer sees the dates; another agency's edit is a 404, visitors 401, customers 403.
    const path = `/api/customers/${world.customers.createdByA}/`;
    expect((await agencyB.multipart('PATCH', path, { date_of_birth: '1980-01-01' })).status).toBe(404);
    expect((await anonymous.multipart('PATCH', path, { date_of_birth: '1980-01-01' })).status).toBe(401);
    expect((await customer.multipart('PATCH', path, { date_of_birth: '1980-01-01' })).status).toBe(403);
    expect((await anonymous.multipart('PATCH', '/api/customers/me/', { date_of_birth: '1980-01-01' })).status).toBe(
      401,
    );
    expect(await stored(world.customers.createdByA)).toMatchObject({ date_of_birth: null });
  });
});
