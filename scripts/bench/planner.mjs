// bench:api, the planner (issue 23): GET planner/ for an agency of 500 vehicles over 90 days, on
// SQLite and on PostgreSQL (a throwaway cluster of its own), against p99 ≤ 50 ms. Each engine
// gets the demo data, then the demo agency's fleet grows to 500 vehicles, each with a booking
// every nine days or so across the quarter (some cancelled), a pending request now and then and
// a period out of service; the compiled server runs as a child process and the agency's owner asks
// for the whole quarter, every row in one page (limit 500), as the planner's month view with
// room either side would. One call at a time: the figure is how long one desk waits for its
// planner, not how many desks one process serves (the reply is about a megabyte of JSON).
//
// `benchPlanner({ quick })` is called by scripts/bench-api.mjs (`--only=planner` runs it alone);
// `node scripts/bench/planner.mjs [--quick] [sqlite|postgres]` runs it directly after `npm run
// build:server`.
import path from 'node:path';
import { startPostgres } from '../postgres-cluster.mjs';
import { durations, measure, printTable, verdict } from './load.mjs';
import { root, runAlone, signIn, startCompiledServer, temporaryDir } from './processes.mjs';

const TARGET_P99_MS = 50;
const VEHICLES = 500;
const DAYS = 90;
/** Days from one booking's start to the next one's on a vehicle, and the longest booking. */
const BOOKING_EVERY = 9;
const LONGEST = 7;
const DAY_MS = 86_400_000;
const MAKES = [
  ['Ford', 'Transit'],
  ['Toyota', 'Corolla'],
  ['Volkswagen', 'Golf'],
  ['Nissan', 'Qashqai'],
  ['Kia', 'Sportage'],
];

export const addDays = (iso, days) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const chunks = (items, size) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/**
 * Migrates and seeds the demo data, then grows the demo agency's fleet to VEHICLES with their
 * bookings, requests and periods over the quarter from `from`. Returns the agency's owner.
 */
export async function seedFleet(env, from) {
  const { buildApp } = await import(path.join(root, 'dist/node/server/app.js'));
  const { loadConfig } = await import(path.join(root, 'dist/node/server/config.js'));
  const { seedDemo, DEMO_PASSWORD } = await import(path.join(root, 'dist/node/server/seed/index.js'));
  const started = performance.now();
  const app = await buildApp({ config: loadConfig(env, root) });
  try {
    await seedDemo(app.deps);
    const { db } = app.deps;
    const owner = await db
      .selectFrom('users')
      .select(['agency_id'])
      .where('username', '=', 'agency')
      .executeTakeFirstOrThrow();
    const agencyId = owner.agency_id;
    const locations = await db.selectFrom('locations').select('id').where('agency_id', '=', agencyId).execute();
    const categories = await db
      .selectFrom('vehicle_categories')
      .select('id')
      .where('agency_id', '=', agencyId)
      .execute();
    const customers = await db.selectFrom('customers').select('id').orderBy('id').limit(50).execute();
    const have = await db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('agency_id', '=', agencyId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const added = [];
    for (let n = Number(have.n); n < VEHICLES; n += 1) {
      const [make, model] = MAKES[n % MAKES.length];
      added.push({
        agency_id: agencyId,
        make,
        model,
        color: 'Grey',
        manufacture_year: 2023,
        mileage: 10_000 + n,
        mileage_allowance: 200,
        ownership: 'company',
        price_per_day: 4_000 + (n % 10) * 500,
        deposit: 20_000,
        registration_number: `PL${String(n).padStart(4, '0')} BEN`,
        next_service_date: addDays(from, n % DAYS),
        category_id: categories.length > 0 ? categories[n % categories.length].id : null,
        created_at: now,
        updated_at: now,
      });
    }
    const vehicleIds = [];
    for (const chunk of chunks(added, 200)) {
      for (const row of await db.insertInto('vehicles').values(chunk).returning('id').execute())
        vehicleIds.push(row.id);
    }
    if (locations.length > 0) {
      const links = vehicleIds.map((id, index) => ({
        vehicle_id: id,
        location_id: locations[index % locations.length].id,
      }));
      for (const chunk of chunks(links, 500)) await db.insertInto('vehicle_locations').values(chunk).execute();
    }
    const bookings = [];
    const requests = [];
    const periods = [];
    vehicleIds.forEach((vehicleId, index) => {
      for (let day = index % BOOKING_EVERY; day < DAYS; day += BOOKING_EVERY) {
        const start = addDays(from, day);
        bookings.push({
          customer_id: customers[(index + day) % customers.length].id,
          vehicle_id: vehicleId,
          agency_id: agencyId,
          booking_request_id: null,
          start_date: start,
          end_date: addDays(start, (index + day) % LONGEST),
          pickup_time: '09:00',
          dropoff_time: '17:00',
          pickup_location: null,
          dropoff_location: null,
          booking_amount: 20_000,
          booking_deposit: 0,
          payment_method: 'cash',
          booking_status: day % 5 === 4 ? 'cancelled' : day < 20 ? 'completed' : 'confirmed',
          estimated_mileage: null,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: null,
          created_at: now,
        });
      }
      if (index % 4 === 0) {
        const start = addDays(from, (index % DAYS) + 1);
        requests.push({
          customer_id: customers[index % customers.length].id,
          vehicle_id: vehicleId,
          agency_id: agencyId,
          first_name: null,
          last_name: null,
          phone_number: null,
          email: null,
          start_date: start,
          end_date: addDays(start, 2),
          pickup_time: '09:00',
          dropoff_time: '17:00',
          pickup_location_id: null,
          dropoff_location_id: null,
          message: null,
          status: 'pending',
          staff_notes: null,
          is_reviewed: 0,
          reviewed_by: null,
          reviewed_at: null,
          created_at: now,
        });
      }
      if (index % 3 === 0) {
        const start = addDays(from, (index * 7) % DAYS);
        periods.push({
          vehicle_id: vehicleId,
          agency_id: agencyId,
          kind: 'maintenance',
          start_date: start,
          end_date: addDays(start, 1),
          reason: 'Service',
          created_by: null,
          created_at: now,
          updated_at: now,
        });
      }
    });
    for (const chunk of chunks(bookings, 500)) await db.insertInto('bookings').values(chunk).execute();
    for (const chunk of chunks(requests, 500)) await db.insertInto('booking_requests').values(chunk).execute();
    for (const chunk of chunks(periods, 500)) await db.insertInto('vehicle_unavailability').values(chunk).execute();
    console.log(
      `  seeded the demo data and ${vehicleIds.length} more vehicles (${bookings.length} bookings, ${requests.length} requests, ${periods.length} periods) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { username: 'agency', password: DEMO_PASSWORD };
  } finally {
    await app.close();
  }
}

/** Seeds one engine, starts the server on it, checks the planner once and measures it. */
async function measureEngine(engine, { quick }) {
  const folder = await temporaryDir(`fleet-bench-planner-${engine}-`);
  const cluster = engine === 'postgres' ? await startPostgres() : null;
  try {
    const env = { DATA_DIR: folder.dir, ...(cluster ? { DATABASE_URL: cluster.url } : {}) };
    const from = addDays(new Date().toISOString().slice(0, 10), -30);
    const account = await seedFleet(env, from);
    const api = await startCompiledServer(env);
    try {
      const session = await signIn(api.base, account);
      const url = `${api.base}/api/planner/?from=${from}&days=${DAYS}&limit=${VEHICLES}`;
      const headers = { cookie: session.cookie };
      const check = await fetch(url, { headers });
      const text = await check.text();
      if (check.status !== 200) throw new Error(`GET planner/ answered ${check.status}: ${text.slice(0, 300)}`);
      const window = JSON.parse(text);
      const bars = window.rows.reduce((sum, row) => sum + row.bars.length, 0);
      if (window.rows.length !== VEHICLES)
        throw new Error(`GET planner/ gave ${window.rows.length} rows, not ${VEHICLES}`);
      console.log(
        `  ${engine}: ${window.rows.length} rows, ${bars} bars, ${window.from} → ${window.to}, ${(text.length / 1024).toFixed(0)} KB`,
      );
      const time = durations(quick);
      const result = await measure(
        `GET planner/, ${engine}`,
        { url, headers, connections: 1 },
        { warmup: time.warmup, measured: time.measured * 2 },
      );
      console.log(`  ${engine}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(0)} requests/s`);
      return result;
    } finally {
      await api.stop();
    }
  } finally {
    cluster?.stop();
    await folder.remove();
  }
}

/** GET planner/ on both engines (or those named): a table and one verdict per engine, p99 ≤ 50 ms. */
export async function benchPlanner({ quick = false, engines = ['sqlite', 'postgres'] } = {}) {
  const results = [];
  for (const engine of engines) results.push(await measureEngine(engine, { quick }));
  console.log(`\none call at a time, ${VEHICLES} vehicles × ${DAYS} days a call\n`);
  printTable(results);
  console.log();
  const verdicts = results.map((result, i) =>
    verdict(
      result.p99 <= TARGET_P99_MS,
      `planner on ${engines[i]}, GET planner/ for ${VEHICLES} vehicles × ${DAYS} days, p99 (p50 ${result.p50} ms)`,
      `${result.p99} ms`,
      `p99 ≤ ${TARGET_P99_MS} ms`,
    ),
  );
  return { verdicts };
}

await runAlone(import.meta.url, benchPlanner);
