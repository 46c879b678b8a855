// The staff booking list at 1,000,000 bookings, on SQLite and on PostgreSQL (a throwaway
// cluster), for the operator (every agency) and for an agency owner whose agency holds half the
// bookings: the first page (the same page again and again, as every tablet opening the list asks
// for it); the page at offset 100,000 again and again, as the issue measured it; and pages by
// cursor, as the app walks the list (its page size), 200 different pages in turn so that each is
// read cold rather than served as kept (see decision 023), near the top and 100,000 rows deep.
// Data is written with set-based SQL straight into a migrated database; the COMPILED server then
// runs as a child process (so autocannon and the server do not share an event loop) and is
// measured with 20 connections. Prints a table and PASS/FAIL lines against a p99 of 20 ms.
//
// `benchBookingLists({ quick })` is called by scripts/bench-api.mjs; `node
// scripts/bench/booking-lists.mjs [--quick] [sqlite|postgres]` runs it alone (after `npm run
// build:server`). Quick mode seeds 200,000 bookings, goes 50,000 deep and measures for shorter:
// for iterating only.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { startPostgres } from '../postgres-cluster.mjs';
import { freePort, HOST, root, runAlone, SERVER_ENTRY as serverEntry, signIn, waitFor200 } from './processes.mjs';

const CONNECTIONS = 20;
const TARGET_P99_MS = 20;
const DEEP_OFFSET = 100_000;
/** How many different deep pages a run asks for in turn: more than a server keeps rendered. */
const DEEP_PAGES = 200;
/** The page size the app asks for (src/app/features/bookings/api/list-staff-bookings.ts). */
const APP_PAGE_SIZE = 25;
/**
 * "≤ 20 ms, or a paging scheme that never needs it": a cursor page deep in the list passes when
 * it is no slower than one near the top, within this much noise — depth then costs nothing.
 */
const DEPTH_NOISE = 1.25;
const PASSWORD = 'bench-password-1';
const STAFF = 'bench-staff';
const AGENCY = 'bench-agency';
/** Half the fleet (and so half the bookings) belongs to the first agency, the rest to four others. */
const AGENCIES = 5;
const VEHICLES = 1_000;
const CUSTOMERS = 20_000;
/** One booking a minute, two at a time: equal created_at values are common, as they are for real. */
const SECONDS_PER_PAIR = 60;

const DAY_S = 86_400;
const MAKES = ['Ford Fiesta', 'Toyota Corolla', 'Volkswagen Golf', 'Nissan Qashqai', 'Kia Sportage'];

const dist = (file) => import(path.join(root, 'dist/node/server', file));

/** The SQL that turns a row number `n` into the booking's timestamps, per engine. */
function timeSql(dialect, start) {
  // Seconds since the epoch of booking n; the newest booking has the highest n (and id).
  const at = sql`(${sql.lit(start)} + (n / 2) * ${sql.lit(SECONDS_PER_PAIR)})`;
  if (dialect === 'sqlite') {
    return {
      createdAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, 'unixepoch')`,
      startDate: sql`date(${at} + ${sql.lit(5 * DAY_S)}, 'unixepoch')`,
      endDate: sql`date(${at} + ${sql.lit(5 * DAY_S)} + (n % 5) * ${sql.lit(DAY_S)}, 'unixepoch')`,
    };
  }
  const stamp = (seconds, format) => sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', ${sql.lit(format)})`;
  return {
    createdAt: stamp(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    startDate: stamp(sql`${at} + ${sql.lit(5 * DAY_S)}`, 'YYYY-MM-DD'),
    endDate: stamp(sql`${at} + ${sql.lit(5 * DAY_S)} + (n % 5) * ${sql.lit(DAY_S)}`, 'YYYY-MM-DD'),
  };
}

/** `n` from 1 to `count`: generate_series on PostgreSQL, a recursive CTE on SQLite. */
function numbers(dialect, count) {
  return dialect === 'sqlite'
    ? sql`with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${sql.lit(count)})`
    : sql`with numbers(n) as (select generate_series(1, ${sql.lit(count)}))`;
}

/**
 * Agencies, their users, vehicles and customers through the query builder, then `bookings`
 * bookings in one INSERT … SELECT. Returns nothing: the accounts are known by name.
 */
export async function seed(db, dialect, bookings) {
  const { hashPassword } = await dist('services/passwords.js');
  const stamp = new Date().toISOString();
  const passwordHash = await hashPassword(PASSWORD);
  const agencyIds = [];
  for (let i = 0; i < AGENCIES; i++) {
    const row = await db
      .insertInto('agencies')
      .values({
        name: `Bench Agency ${i + 1}`,
        status: 'approved',
        logo_key: null,
        contact_email: `agency${i + 1}@example.com`,
        phone_number: '+44 20 7946 0000',
        created_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agencyIds.push(row.id);
  }
  for (const [username, role, agencyId] of [
    [STAFF, 'staff', null],
    [AGENCY, 'agency', agencyIds[0]],
  ]) {
    await db
      .insertInto('users')
      .values({
        username,
        email: `${username}@example.com`,
        password_hash: passwordHash,
        role,
        first_name: 'Bench',
        last_name: role,
        phone_number: '+44 7700 900001',
        agency_id: agencyId,
        created_at: stamp,
      })
      .execute();
  }
  const vehicles = Array.from({ length: VEHICLES }, (_, i) => {
    const [make, model] = MAKES[i % MAKES.length].split(' ');
    return {
      // Every other vehicle is the big agency's, so its bookings interleave with the others' in time.
      agency_id: i % 2 === 0 ? agencyIds[0] : agencyIds[1 + ((i >> 1) % (AGENCIES - 1))],
      make,
      model,
      color: 'Silver',
      manufacture_year: 2020,
      mileage: 10_000 + i,
      mileage_allowance: 200,
      ownership: 'company',
      price_per_day: 4_500,
      deposit: 25_000,
      registration_number: `BN${String(i).padStart(4, '0')} BEN`,
      next_service_date: '2030-01-01',
      created_at: stamp,
      updated_at: stamp,
    };
  });
  for (let i = 0; i < vehicles.length; i += 250) {
    await db
      .insertInto('vehicles')
      .values(vehicles.slice(i, i + 250))
      .execute();
  }
  const first = async (table) =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
  const firstVehicle = await first('vehicles');

  await sql`${numbers(dialect, CUSTOMERS)}
    insert into customers (user_id, agency_id, title, first_name, last_name, phone_number, email, created_at, updated_at)
    select null, ${sql.lit(agencyIds[0])} + (n % ${sql.lit(AGENCIES)}), 'MR', 'Customer' || n, 'Bench',
      '+44 7700 900002', 'customer' || n || '@example.com', ${stamp}, ${stamp}
    from numbers`.execute(db);
  const firstCustomer = await first('customers');

  // Every vehicle gets every thousandth booking; the agency follows the vehicle.
  const start = Math.floor(Date.now() / 1000) - Math.ceil(bookings / 2) * SECONDS_PER_PAIR - 30 * DAY_S;
  const time = timeSql(dialect, start);
  await sql`${numbers(dialect, bookings)}
    insert into bookings (customer_id, vehicle_id, agency_id, booking_request_id, start_date, end_date,
      pickup_time, dropoff_time, pickup_location, dropoff_location, booking_amount, booking_deposit,
      payment_method, booking_status, estimated_mileage, discount_amount, discount_description, notes,
      created_by, created_at)
    select ${sql.lit(firstCustomer)} + (n * 7) % ${sql.lit(CUSTOMERS)}, v.id, v.agency_id, null,
      ${time.startDate}, ${time.endDate}, '09:00', '18:00', 'Bench Central', 'Bench Central',
      4500 * (1 + n % 5), 25000, 'cash', 'completed', 80, 0, null, null, null, ${time.createdAt}
    from numbers join vehicles v on v.id = ${sql.lit(firstVehicle)} + n % ${sql.lit(VEHICLES)}`.execute(db);
  // A PostgreSQL in service has been vacuumed and analysed by autovacuum; a fresh bulk load has not.
  // SQLite gets nothing: the app never runs ANALYZE, so its plans must be right without statistics.
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}

/**
 * The paths of DEEP_PAGES pages of the app's size by cursor, the first starting at row `offset`,
 * each one row after the one before (walked with limit=1 pages); fewer when the server gives no
 * cursor.
 */
async function cursorPaths(base, cookie, offset) {
  const paths = [];
  let url = `${base}/api/bookings/?offset=${offset - 1}&limit=1`;
  while (paths.length < DEEP_PAGES) {
    const reply = await fetch(url, { headers: { cookie } });
    if (!reply.ok) throw new Error(`GET ${url} answered ${reply.status}`);
    const cursor = reply.headers.get('x-next-cursor');
    if (!cursor) break;
    paths.push(`/api/bookings/?limit=${APP_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`);
    url = `${base}/api/bookings/?limit=1&cursor=${encodeURIComponent(cursor)}`;
  }
  return paths;
}

function autocannonRun(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Measures GETs of `paths`, in turn (one path: the same page again and again). */
async function measure(base, paths, cookie, timing) {
  let turn = 0;
  const options = {
    url: base,
    headers: { cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length] }) }],
  };
  await autocannonRun({ ...options, duration: timing.warmup });
  const result = await autocannonRun({ ...options, duration: timing.duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** Starts the compiled server on the prepared database, measures every list call, stops it. */
async function measureEngine(engine, env, deep, timing) {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor200(`${base}/api/health/`, child);
    const [staff, agency] = [
      await signIn(base, { username: STAFF, password: PASSWORD }),
      await signIn(base, { username: AGENCY, password: PASSWORD }),
    ];
    const cookies = { staff: staff.cookie, agency: agency.cookie };
    const results = [];
    for (const who of ['staff', 'agency']) {
      const cookie = cookies[who];
      const depth = deep.toLocaleString('en-GB');
      // Deep pages rotate through more pages than the server keeps rendered, so each is read cold.
      const offsets = Array.from({ length: DEEP_PAGES }, (_, i) => `/api/bookings/?offset=${deep + i}`);
      // A cursor page deep in the list is judged against the same near the top (see DEPTH_NOISE).
      // Judged calls take turns, twice, and each keeps its better run, so a passing load on the
      // shared machine weighs on no verdict alone.
      const top = `cursor near the top (${DEEP_PAGES} pages of ${APP_PAGE_SIZE}), ${who}`;
      const scenarios = [
        [`first page, ${who}`, ['/api/bookings/'], { target: true, rounds: 2 }],
        [`offset ${depth}, the same page, ${who}`, [`/api/bookings/?offset=${deep}`], { target: true, rounds: 2 }],
        [`offset ${depth} (${DEEP_PAGES} pages), ${who}`, offsets, { target: false }],
        [top, await cursorPaths(base, cookie, APP_PAGE_SIZE), { target: false, rounds: 2 }],
        [
          `cursor at ${depth} (${DEEP_PAGES} pages of ${APP_PAGE_SIZE}), ${who}`,
          await cursorPaths(base, cookie, deep),
          { target: true, orAsFastAs: top, rounds: 2 },
        ],
      ];
      const rounds = Math.max(...scenarios.map(([, , verdict]) => verdict.rounds ?? 1));
      const best = new Map();
      for (let round = 1; round <= rounds; round++) {
        for (const [name, paths, verdict] of scenarios) {
          if (round > (verdict.rounds ?? 1)) continue;
          process.stdout.write(`  ${engine}: ${name}${round > 1 ? `, round ${round}` : ''} …`);
          const result = paths.length === 0 ? null : await measure(base, paths, cookie, timing);
          if (!best.has(name) || (result && result.p99 < best.get(name).p99)) best.set(name, result);
          process.stdout.write(result ? ` p99 ${result.p99} ms\n` : ' no cursor from the server\n');
        }
      }
      for (const [name, , verdict] of scenarios) results.push({ engine, name, result: best.get(name), verdict });
    }
    return results;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if ((await Promise.race([exited, sleep(5_000).then(() => 'timeout')])) === 'timeout') child.kill('SIGKILL');
    }
  }
}

/** A migrated, seeded database of one engine; returns the server's environment for it. */
async function prepare(engine, dataDir, bookings, adminUrl) {
  const { connect } = await dist('db/connect.js');
  const { migrateToLatest } = await dist('db/migrate.js');
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/bench';
    env.DATABASE_URL = url.toString();
  }
  const handle = await connect({
    databaseUrl: env.DATABASE_URL ?? null,
    sqlitePath: path.join(dataDir, 'fleet.sqlite'),
  });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    await seed(handle.db, handle.dialect, bookings);
  } finally {
    await handle.destroy();
  }
  return env;
}

async function runEngine(engine, bookings, deep, timing) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `fleet-bench-lists-${engine}-`));
  // shared_buffers large enough to hold the data set, as a database server of this size would have.
  const cluster = engine === 'postgres' ? await startPostgres(['shared_buffers=1GB']) : null;
  // A cluster outlives this process: Ctrl-C stops it and removes the folders (the server child
  // gets the same signal), then ends the run unless the caller listens for the signal too.
  const interrupted = () => {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.listenerCount('SIGINT') === 0) process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const started = Date.now();
    process.stdout.write(`  ${engine}: seeding ${bookings.toLocaleString('en-GB')} bookings …`);
    const env = await prepare(engine, dataDir, bookings, cluster?.url);
    process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return await measureEngine(engine, env, deep, timing);
  } finally {
    process.removeListener('SIGINT', interrupted);
    cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printTable(results, timing) {
  const rows = results.map(({ engine, name, result }) =>
    result
      ? [engine, name, result.rps.toFixed(0), result.p50.toFixed(1), result.p99.toFixed(1), String(result.non2xx)]
      : [engine, name, '-', '-', '-', '-'],
  );
  const head = ['engine', 'GET /api/bookings/', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${timing.duration} s each after ${timing.warmup} s warm-up (judged calls: the better of two turns), ${os.cpus().length} cores\n`,
  );
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

/**
 * Runs the booking-list benchmark on both engines (or those named in `engines`) and prints its
 * table and verdicts; `verdicts` holds one boolean per judged call (all 2xx and p99 ≤ 20 ms): the
 * first pages, the deep page by offset, and the deep pages by cursor (which also pass when no
 * slower than near the top, see DEPTH_NOISE).
 */
export async function benchBookingLists({ quick = false, engines = ['sqlite', 'postgres'] } = {}) {
  if (!existsSync(serverEntry)) throw new Error('the compiled server is missing: run `npm run build:server` first');
  const bookings = quick ? 200_000 : 1_000_000;
  // The agency holds half the bookings: quick mode's deep pages start where it still has rows.
  const deep = quick ? 50_000 : DEEP_OFFSET;
  const timing = quick ? { warmup: 1, duration: 3 } : { warmup: 1, duration: 5 };
  console.log(`Booking lists at ${bookings.toLocaleString('en-GB')} bookings${quick ? ' (quick)' : ''}`);
  const results = [];
  for (const engine of engines) results.push(...(await runEngine(engine, bookings, deep, timing)));
  printTable(results, timing);
  const verdicts = [];
  const p99Of = (engine, name) => results.find((r) => r.engine === engine && r.name === name)?.result?.p99;
  for (const { engine, name, result, verdict } of results) {
    const figure = result ? `p99 ${result.p99} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}` : 'not measured';
    if (!verdict.target) {
      console.log(`INFO booking list ${engine}, ${name}: ${figure} (no verdict)`);
      continue;
    }
    const ok = result !== null && result.non2xx === 0;
    let pass = ok && result.p99 <= TARGET_P99_MS;
    let target = `target ≤ ${TARGET_P99_MS} ms`;
    if (verdict.orAsFastAs) {
      const top = p99Of(engine, verdict.orAsFastAs);
      const limit = top === undefined ? 0 : top * DEPTH_NOISE;
      pass ||= ok && result.p99 <= limit;
      target += `, or ≤ ${DEPTH_NOISE}× near the top (${top ?? '-'} ms): depth costs nothing`;
    }
    console.log(`${pass ? 'PASS' : 'FAIL'} booking list ${engine}, ${name}: ${figure} (${target})`);
    verdicts.push(pass);
  }
  return { verdicts };
}

await runAlone(import.meta.url, benchBookingLists);
