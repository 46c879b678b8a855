import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { ApiCustomer } from '../../src/domain/api/customers.ts';
import type { StaffVehicle } from '../../src/domain/api/vehicles.ts';
import { apiJson, csrfHeaders, DEMO_PASSWORD, isoDay, signInContext, uniqueSuffix } from './api.ts';
import { expect } from '@playwright/test';

/** Records a staff spec arranges through the API as the signed-in agency, to test screens with. */

/** A customer of the signed-in agency (POST customers/), living in Leeds. */
export function createCustomer(request: APIRequestContext, firstName: string, lastName: string): Promise<ApiCustomer> {
  return apiJson<ApiCustomer>(request, 'POST', 'customers/', {
    first_name: firstName,
    last_name: lastName,
    phone_number: '+44 7700 900123',
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    national_id: `NI-${lastName}`.slice(0, 50),
    street_address: '2 Station Road',
    city: 'Leeds',
    country: 'United Kingdom',
  });
}

/**
 * A new agency (still pending approval) and its owner, signed in on `context`: a test that
 * counts or lists a whole fleet starts from nothing.
 */
export async function freshAgencyOwner(
  context: BrowserContext,
  request: APIRequestContext,
  agency = 'Settings Motors',
) {
  const suffix = uniqueSuffix();
  const owner = { username: `owner_${suffix}`, email: `owner.${suffix}@example.com` };
  await apiJson(request, 'POST', 'agent-signup/', {
    ...owner,
    agency_name: `${agency} ${suffix}`,
    first_name: 'Morgan',
    last_name: 'Owner',
    phone_number: '+44 7700 900800',
    password: DEMO_PASSWORD,
  });
  await signInContext(context, owner.username);
  return owner;
}

/**
 * A vehicle of the signed-in agency at £45.00 a day with a £150.00 deposit (POST staff-vehicles/,
 * multipart); `fields` replace the defaults (e.g. next_service_date).
 */
export async function createVehicle(
  request: APIRequestContext,
  suffix: string,
  fields: Record<string, string> = {},
): Promise<StaffVehicle> {
  const response = await request.post('/api/staff-vehicles/', {
    headers: await csrfHeaders(request),
    multipart: {
      make: 'Testmake',
      model: `Model${suffix}`.slice(0, 60),
      color: 'Blue',
      manufacture_year: '2022',
      mileage: '1000',
      mileage_allowance: '200',
      ownership: 'company',
      price_per_day: '45.00',
      deposit: '150.00',
      registration_number: `E2E ${suffix}`.slice(0, 15).toUpperCase(),
      next_service_date: isoDay(200),
      ...fields,
    },
  });
  expect(response.ok(), `create vehicle: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as StaffVehicle;
}
