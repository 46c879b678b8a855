import type { Kysely } from 'kysely';
import type { Database, NewBooking, NewBookingRequest, NewCustomer, NewUser, NewVehicle } from '#server/db/types';
import { hashPassword } from '#server/services/passwords';

/** The password of every user the tests write. */
export const PASSWORD = 'fleet-demo';
let passwordHash: Promise<string> | null = null;

/** Scrypt is slow on purpose: hash the shared password once per test file. */
function demoPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

/** The columns a test must name; every other one takes the helper's default. */
type Row<T, Named extends keyof T> = Partial<T> & Pick<T, Named>;

const nowIso = () => new Date().toISOString();

/** The agency a vehicle belongs to, which its bookings and requests carry too. */
async function agencyOfVehicle(db: Kysely<Database>, vehicleId: number): Promise<number> {
  const vehicle = await db
    .selectFrom('vehicles')
    .select('agency_id')
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return vehicle.agency_id;
}

/** A user with the shared password; e-mail and names derive from the username unless given. */
export async function insertUser(db: Kysely<Database>, values: Row<NewUser, 'username' | 'role'>): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: `${values.username}@example.com`,
      password_hash: await demoPasswordHash(),
      first_name: values.username,
      last_name: 'Tester',
      phone_number: '+44 7700 900000',
      agency_id: null,
      created_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A customer record with only the required details; address, license and next of kin empty. */
export async function insertCustomer(db: Kysely<Database>, values: Row<NewCustomer, 'first_name'>): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('customers')
    .values({
      user_id: null,
      agency_id: null,
      title: 'MR',
      last_name: 'Customer',
      phone_number: '+44 7700 900123',
      email: `${values.first_name.toLowerCase()}@example.com`,
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
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let registrations = 0;

/**
 * A vehicle (£45.00 a day, £200.00 deposit) picked up at `locationIds`. Each gets a new
 * registration number unless one is given, so tests can add as many as they need.
 */
export async function insertVehicle(
  db: Kysely<Database>,
  values: Row<NewVehicle, 'agency_id'>,
  locationIds: readonly number[] = [],
): Promise<number> {
  const now = nowIso();
  registrations += 1;
  const row = await db
    .insertInto('vehicles')
    .values({
      make: 'Skoda',
      model: 'Octavia',
      color: 'Blue',
      manufacture_year: 2022,
      mileage: 12000,
      mileage_allowance: 200,
      ownership: 'company',
      price_per_day: 4500,
      deposit: 20000,
      registration_number: `TV${registrations} TST`,
      next_service_date: '2027-03-01',
      created_at: now,
      updated_at: now,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (locationIds.length > 0) {
    await db
      .insertInto('vehicle_locations')
      .values(locationIds.map((locationId) => ({ vehicle_id: row.id, location_id: locationId })))
      .execute();
  }
  return row.id;
}

/**
 * A booking written straight to the database, e.g. in a status staff cannot pick on creation:
 * a confirmed one-day cash booking of £10.00 for the vehicle's agency unless told otherwise.
 */
export async function insertBooking(
  db: Kysely<Database>,
  values: Row<NewBooking, 'customer_id' | 'vehicle_id' | 'start_date'>,
): Promise<number> {
  const row = await db
    .insertInto('bookings')
    .values({
      agency_id: values.agency_id ?? (await agencyOfVehicle(db, values.vehicle_id)),
      booking_request_id: null,
      end_date: values.start_date,
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location: null,
      dropoff_location: null,
      booking_amount: 1000,
      booking_deposit: 0,
      payment_method: 'cash',
      booking_status: 'confirmed',
      estimated_mileage: null,
      discount_amount: 0,
      discount_description: null,
      notes: null,
      created_by: null,
      created_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending, unreviewed request of a customer for the vehicle's agency, without pickup points. */
export async function insertBookingRequest(
  db: Kysely<Database>,
  values: Row<NewBookingRequest, 'customer_id' | 'vehicle_id' | 'start_date' | 'end_date'>,
): Promise<number> {
  const row = await db
    .insertInto('booking_requests')
    .values({
      agency_id: values.agency_id ?? (await agencyOfVehicle(db, values.vehicle_id)),
      first_name: null,
      last_name: null,
      phone_number: null,
      email: null,
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location_id: null,
      dropoff_location_id: null,
      message: null,
      status: 'pending',
      staff_notes: null,
      is_reviewed: 0,
      reviewed_by: null,
      reviewed_at: null,
      created_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many bookings hold a vehicle, in any status. */
export async function countBookings(db: Kysely<Database>, vehicleId: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many booking requests there are for a vehicle and/or from a visitor's e-mail address. */
export async function countBookingRequests(
  db: Kysely<Database>,
  where: { vehicleId?: number; email?: string },
): Promise<number> {
  let query = db.selectFrom('booking_requests').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.vehicleId !== undefined) query = query.where('vehicle_id', '=', where.vehicleId);
  if (where.email !== undefined) query = query.where('email', '=', where.email);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
