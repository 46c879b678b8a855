import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { worldClients } from './client.ts';
import { insertCustomer, insertUser, insertVehicle } from './rows.ts';

export { PASSWORD } from './rows.ts';

/** What a customer sends to confirm an accepted request (POST booking-request/{id}/finalize/): address and next of kin. */
export const FINALIZE_DETAILS = {
  national_id: 'AB123456C',
  street_address: '1 High Street',
  city: 'Leeds',
  country: 'United Kingdom',
  next_of_kin1_first_name: 'Sam',
  next_of_kin1_last_name: 'Customer',
  next_of_kin1_id_number: 'ID-77',
  next_of_kin1_phone: '+44 7700 900999',
};

export interface World {
  agencies: { a: number; b: number; pending: number };
  users: { staff: number; agencyA: number; agentA: number; agencyB: number; customer: number; customer2: number };
  customers: { own: number; other: number; createdByA: number; createdByB: number };
  locations: { a1: number; a2: number; b1: number; pending1: number };
  vehicles: { a1: number; a2: number; b1: number; pending1: number };
}

export type WorldClients = Awaited<ReturnType<typeof worldClients>>;

/**
 * A small, known world for integration tests: two approved agencies (A, B) and a pending one,
 * a user of every role, customers and vehicles on each side. Usernames match the demo logins
 * where they exist (staff, agency, agent, customer) and all share the password "fleet-demo".
 */
export async function createWorld(db: Kysely<Database>): Promise<World> {
  const now = new Date().toISOString();

  const agency = async (name: string, status: 'approved' | 'pending') =>
    (
      await db
        .insertInto('agencies')
        .values({
          name,
          status,
          logo_key: null,
          contact_email: `${name.toLowerCase().replace(/\W+/g, '')}@example.com`,
          phone_number: '+44 20 7946 0000',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const agencies = {
    a: await agency('North Drive', 'approved'),
    b: await agency('South Wheels', 'approved'),
    pending: await agency('Pending Cars', 'pending'),
  };

  const users = {
    staff: await insertUser(db, { username: 'staff', role: 'staff' }),
    agencyA: await insertUser(db, { username: 'agency', role: 'agency', agency_id: agencies.a }),
    agentA: await insertUser(db, { username: 'agent', role: 'agent', agency_id: agencies.a }),
    agencyB: await insertUser(db, { username: 'agencyb', role: 'agency', agency_id: agencies.b }),
    customer: await insertUser(db, { username: 'customer', role: 'customer' }),
    customer2: await insertUser(db, { username: 'customer2', role: 'customer' }),
  };

  const customers = {
    own: await insertCustomer(db, { first_name: 'Casey', user_id: users.customer }),
    other: await insertCustomer(db, { first_name: 'Morgan', user_id: users.customer2 }),
    createdByA: await insertCustomer(db, { first_name: 'Alex', agency_id: agencies.a }),
    createdByB: await insertCustomer(db, { first_name: 'Blake', agency_id: agencies.b }),
  };

  const location = async (agencyId: number, name: string, city: string) =>
    (
      await db
        .insertInto('locations')
        .values({ agency_id: agencyId, name, city })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const locations = {
    a1: await location(agencies.a, 'Leeds Station', 'Leeds'),
    a2: await location(agencies.a, 'York Centre', 'York'),
    b1: await location(agencies.b, 'Bristol Airport', 'Bristol'),
    pending1: await location(agencies.pending, 'Bath Spa', 'Bath'),
  };

  const vehicle = (agency_id: number, make: string, model: string, registration_number: string, at: number[]) =>
    insertVehicle(db, { agency_id, make, model, registration_number }, at);
  const vehicles = {
    a1: await vehicle(agencies.a, 'Toyota', 'Corolla', 'AA11 AAA', [locations.a1, locations.a2]),
    a2: await vehicle(agencies.a, 'Ford', 'Focus', 'AA22 AAA', [locations.a1]),
    b1: await vehicle(agencies.b, 'Honda', 'Civic', 'BB11 BBB', [locations.b1]),
    pending1: await vehicle(agencies.pending, 'Kia', 'Ceed', 'PP11 PPP', [locations.pending1]),
  };

  return { agencies, users, customers, locations, vehicles };
}

/** A fresh app with the world in its database and every user signed in: most API tests start here. */
export async function startWorld(
  options?: TestAppOptions,
): Promise<{ t: TestApp; world: World; clients: WorldClients }> {
  const t = await createTestApp(options);
  const world = await createWorld(t.app.deps.db);
  return { t, world, clients: await worldClients(t.app) };
}
