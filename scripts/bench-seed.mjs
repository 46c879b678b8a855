// The benchmark's data: 1,000 vehicles of one approved agency and 100,000 bookings, written
// straight into the database of a freshly built (and so migrated) app. Pictures are drawn once
// and their keys shared by every vehicle, so the data set costs seconds, not 1,000 renders.
import { hashPassword } from '../dist/node/server/services/passwords.js';
import { logoSvg, renderPng, vehicleSvg } from '../dist/node/server/seed/images.js';

export const VEHICLES = 1_000;
export const BOOKINGS = 100_000;
export const STAFF = { username: 'bench-staff', password: 'bench-password-1' };
export const CUSTOMER = { username: 'bench-customer', password: 'bench-password-1' };

const DAY_MS = 86_400_000;
const BATCH = 1_000;
const MAKES = [
  ['Ford', 'Fiesta'],
  ['Toyota', 'Corolla'],
  ['Volkswagen', 'Golf'],
  ['Nissan', 'Qashqai'],
  ['Kia', 'Sportage'],
  ['BMW', '3 Series'],
  ['Vauxhall', 'Corsa'],
  ['Skoda', 'Octavia'],
];
const COLOURS = ['Red', 'Blue', 'Silver', 'Black', 'White', 'Grey'];
const METHODS = ['cash', 'mobile transfer', 'debit_card'];

/** A small deterministic generator (mulberry32), so every run benchmarks the same data. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

async function insertChunked(trx, table, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/**
 * Fills the app's database. Every vehicle can be picked up at the first location, and all
 * bookings lie in the past, so any future dates are free for booking requests.
 * Returns what the load phase needs: vehicle ids and that shared location id.
 */
export async function seedBench(app) {
  const { db, media } = app.deps;
  const rng = random(1_000_100);
  const now = Date.now();
  const stamp = new Date(now).toISOString();

  const [imageA, imageB, logo] = await Promise.all([
    renderPng(vehicleSvg('hatch', '#1f5fa8', 0, 0)).then((data) =>
      media.storeVehicleImage({ filename: 'a.png', mimetype: 'image/png', data }),
    ),
    renderPng(vehicleSvg('suv', '#c0392b', 1, 1)).then((data) =>
      media.storeVehicleImage({ filename: 'b.png', mimetype: 'image/png', data }),
    ),
    renderPng(logoSvg('wheel')).then((data) => media.storeLogo({ filename: 'logo.png', mimetype: 'image/png', data })),
  ]);
  const passwordHash = await hashPassword(STAFF.password);

  return db.transaction().execute(async (trx) => {
    const agency = await trx
      .insertInto('agencies')
      .values({
        name: 'Bench Motors',
        status: 'approved',
        logo_key: logo,
        contact_email: 'bench@example.com',
        phone_number: '+44 20 7946 0000',
        created_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const users = [];
    for (const [account, role] of [
      [STAFF, 'staff'],
      [CUSTOMER, 'customer'],
    ]) {
      const row = await trx
        .insertInto('users')
        .values({
          username: account.username,
          email: `${account.username}@example.com`,
          password_hash: passwordHash,
          role,
          first_name: 'Bench',
          last_name: role,
          phone_number: '+44 7700 900001',
          agency_id: null,
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users.push(row.id);
    }

    const locations = [];
    for (const [name, city] of [
      ['Bench Central', 'Leeds'],
      ['Bench Airport', 'Leeds'],
      ['Bench North', 'York'],
    ]) {
      const row = await trx
        .insertInto('locations')
        .values({ agency_id: agency.id, name, city })
        .returning('id')
        .executeTakeFirstOrThrow();
      locations.push(row.id);
    }

    const vehicles = Array.from({ length: VEHICLES }, (_, i) => {
      const [make, model] = MAKES[i % MAKES.length];
      return {
        agency_id: agency.id,
        make,
        model,
        color: COLOURS[i % COLOURS.length],
        manufacture_year: 2017 + (i % 8),
        mileage: rng.int(5_000, 90_000),
        mileage_allowance: 200,
        ownership: i % 4 === 0 ? 'private' : 'company',
        price_per_day: rng.int(25, 120) * 100,
        deposit: 25_000,
        registration_number: `BN${String(i).padStart(4, '0')} BEN`,
        next_service_date: isoDay(now + rng.int(10, 200) * DAY_MS),
        created_at: stamp,
        updated_at: stamp,
      };
    });
    await insertChunked(trx, 'vehicles', vehicles);
    const vehicleRows = await trx
      .selectFrom('vehicles')
      .select(['id', 'price_per_day'])
      .where('agency_id', '=', agency.id)
      .orderBy('id')
      .execute();

    await insertChunked(
      trx,
      'vehicle_images',
      vehicleRows.flatMap((vehicle) => [
        { vehicle_id: vehicle.id, position: 0, file_key: imageA, created_at: stamp },
        { vehicle_id: vehicle.id, position: 1, file_key: imageB, created_at: stamp },
      ]),
    );
    await insertChunked(
      trx,
      'vehicle_locations',
      vehicleRows.flatMap((vehicle, i) =>
        locations.slice(0, 1 + (i % locations.length)).map((location) => ({
          vehicle_id: vehicle.id,
          location_id: location,
        })),
      ),
    );

    const customers = Array.from({ length: 200 }, (_, i) => ({
      user_id: i === 0 ? users[1] : null,
      agency_id: i === 0 ? null : agency.id,
      title: 'MR',
      first_name: `Customer${i}`,
      last_name: 'Bench',
      phone_number: '+44 7700 900002',
      email: `customer${i}@example.com`,
      created_at: stamp,
      updated_at: stamp,
    }));
    await insertChunked(trx, 'customers', customers);
    const customerIds = (await trx.selectFrom('customers').select('id').orderBy('id').execute()).map((row) => row.id);

    // Per vehicle, bookings follow one another back from yesterday: none overlap, none block
    // the future, and created_at is spread over the years they cover.
    const perVehicle = BOOKINGS / VEHICLES;
    let batch = [];
    for (const vehicle of vehicleRows) {
      let end = now - DAY_MS * rng.int(1, 5);
      for (let n = 0; n < perVehicle; n++) {
        const days = rng.int(1, 6);
        const start = end - (days - 1) * DAY_MS;
        batch.push({
          customer_id: customerIds[rng.int(0, customerIds.length - 1)],
          vehicle_id: vehicle.id,
          agency_id: agency.id,
          booking_request_id: null,
          start_date: isoDay(start),
          end_date: isoDay(end),
          pickup_time: '09:00',
          dropoff_time: '18:00',
          pickup_location: 'Bench Central',
          dropoff_location: 'Bench Central',
          booking_amount: days * vehicle.price_per_day,
          booking_deposit: 25_000,
          payment_method: METHODS[n % METHODS.length],
          booking_status: rng.next() < 0.07 ? 'cancelled' : 'completed',
          estimated_mileage: days * 80,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: users[0],
          created_at: new Date(start - rng.int(1, 20) * DAY_MS - rng.int(0, 36_000) * 1000).toISOString(),
        });
        if (batch.length === BATCH) {
          await trx.insertInto('bookings').values(batch).execute();
          batch = [];
        }
        end = start - DAY_MS * rng.int(1, 4);
      }
    }
    if (batch.length) await trx.insertInto('bookings').values(batch).execute();

    return { vehicleIds: vehicleRows.map((vehicle) => vehicle.id), locationId: locations[0] };
  });
}
