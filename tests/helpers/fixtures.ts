import type { Kysely } from 'kysely';
import type { Role } from '#domain/constants';
import type { Database } from '#server/db/types';
import { hashPassword } from '#server/services/passwords';

export const PASSWORD = 'fleet-demo';
let passwordHash: Promise<string> | null = null;

export interface World {
  agencies: { a: number; b: number; pending: number };
  users: { staff: number; agencyA: number; agentA: number; agencyB: number; customer: number; customer2: number };
  customers: { own: number; other: number; createdByA: number; createdByB: number };
  locations: { a1: number; a2: number; b1: number; pending1: number };
  vehicles: { a1: number; a2: number; b1: number; pending1: number };
}

/**
 * A small, known world for integration tests: two approved agencies (A, B) and a pending one,
 * a user of every role, customers and vehicles on each side. Usernames match the demo logins
 * where they exist (staff, agency, agent, customer) and all share the password "fleet-demo".
 */
export async function createWorld(db: Kysely<Database>): Promise<World> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
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

  const user = async (username: string, role: Role, agencyId: number | null) =>
    (
      await db
        .insertInto('users')
        .values({
          username,
          email: `${username}@example.com`,
          password_hash: hash,
          role,
          first_name: username,
          last_name: 'Tester',
          phone_number: '+44 7700 900000',
          agency_id: agencyId,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const users = {
    staff: await user('staff', 'staff', null),
    agencyA: await user('agency', 'agency', agencies.a),
    agentA: await user('agent', 'agent', agencies.a),
    agencyB: await user('agencyb', 'agency', agencies.b),
    customer: await user('customer', 'customer', null),
    customer2: await user('customer2', 'customer', null),
  };

  const customer = async (first: string, userId: number | null, agencyId: number | null) =>
    (
      await db
        .insertInto('customers')
        .values({
          user_id: userId,
          agency_id: agencyId,
          title: 'MR',
          first_name: first,
          last_name: 'Customer',
          phone_number: '+44 7700 900123',
          email: `${first.toLowerCase()}@example.com`,
          national_id: null,
          street_address: null,
          address_line2: null,
          city: null,
          country: null,
          drivers_license_key: null,
          drivers_license_type: null,
          next_of_kin1_first_name: null,
          next_of_kin1_last_name: null,
          next_of_kin1_id_number: null,
          next_of_kin1_phone: null,
          next_of_kin2_first_name: null,
          next_of_kin2_last_name: null,
          next_of_kin2_id_number: null,
          next_of_kin2_phone: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const customers = {
    own: await customer('Casey', users.customer, null),
    other: await customer('Morgan', users.customer2, null),
    createdByA: await customer('Alex', null, agencies.a),
    createdByB: await customer('Blake', null, agencies.b),
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

  const vehicle = async (
    agencyId: number,
    make: string,
    model: string,
    registration: string,
    locationIds: number[],
  ) => {
    const id = (
      await db
        .insertInto('vehicles')
        .values({
          agency_id: agencyId,
          make,
          model,
          color: 'Blue',
          manufacture_year: 2022,
          mileage: 12000,
          mileage_allowance: 200,
          ownership: 'company',
          price_per_day: 4500,
          deposit: 20000,
          registration_number: registration,
          next_service_date: '2027-03-01',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const locationId of locationIds)
      await db.insertInto('vehicle_locations').values({ vehicle_id: id, location_id: locationId }).execute();
    return id;
  };
  const vehicles = {
    a1: await vehicle(agencies.a, 'Toyota', 'Corolla', 'AA11 AAA', [locations.a1, locations.a2]),
    a2: await vehicle(agencies.a, 'Ford', 'Focus', 'AA22 AAA', [locations.a1]),
    b1: await vehicle(agencies.b, 'Honda', 'Civic', 'BB11 BBB', [locations.b1]),
    pending1: await vehicle(agencies.pending, 'Kia', 'Ceed', 'PP11 PPP', [locations.pending1]),
  };

  return { agencies, users, customers, locations, vehicles };
}
