// bench:api, public vehicle list: 1,000 vehicles (scripts/bench-seed.mjs) in a temporary SQLite
// data folder, the compiled server in its own process, and beside it a bare node:http server in
// another (bench/bare-server.mjs) answering the very bytes and headers the API answered. The
// default page (100 vehicles) and ?limit=500 (what the app asks for) are measured on both in
// pairs of runs back to back; the verdict is the API's share of the bare server's requests/s, the
// median over the pairs. Then, for information only, one vehicle and customers' booking requests.
import http from 'node:http';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { CONNECTIONS, durations, measure, median, printTable, verdict } from './load.mjs';
import { HOST, root, signIn, startChild, startCompiledServer, temporaryDir } from './processes.mjs';

const TARGET_RATIO = 0.8;
const PAGES = [
  { name: 'default page', path: '/api/public-vehicles/', rows: 100 },
  { name: '?limit=500', path: '/api/public-vehicles/?limit=500', rows: 500 },
];
/** Set by Node itself on every reply; the bare server's own are as good. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET with node:http: status, headers as sent and the body's exact bytes. */
function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function seed(env) {
  const { buildApp } = await import('../../dist/node/server/app.js');
  const { loadConfig } = await import('../../dist/node/server/config.js');
  const { seedBench, VEHICLES } = await import('../bench-seed.mjs');
  const started = performance.now();
  const app = await buildApp({ config: loadConfig(env, root) });
  try {
    const seeded = await seedBench(app);
    console.log(
      `Seeded ${VEHICLES.toLocaleString('en-GB')} vehicles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { ...seeded, vehicles: VEHICLES };
  } finally {
    await app.close();
  }
}

/** The API's reply to each page, checked for its rows; the fixture the bare server serves. */
async function capturePages(base, vehicles) {
  const fixture = {};
  for (const page of PAGES) {
    const reply = await get(`${base}${page.path}`);
    if (reply.status !== 200) throw new Error(`GET ${page.path} answered ${reply.status}`);
    const rows = JSON.parse(reply.body.toString('utf8'));
    if (rows.length !== page.rows || reply.headers['x-total-count'] !== String(vehicles)) {
      throw new Error(
        `GET ${page.path}: ${rows.length} rows of ${reply.headers['x-total-count']}, not ${page.rows} of ${vehicles}`,
      );
    }
    const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !PER_CONNECTION.has(name)));
    fixture[page.path] = { headers, body: reply.body.toString('base64') };
    console.log(
      `${page.name}: ${page.rows} vehicles, ${reply.body.length.toLocaleString('en-GB')} bytes, ${Object.keys(headers).length} headers`,
    );
  }
  return fixture;
}

async function startBareServer(fixture, folder) {
  const file = path.join(folder, 'bare-fixture.json');
  await writeFile(file, JSON.stringify(fixture));
  const bare = startChild([path.join(root, 'scripts/bench/bare-server.mjs'), file], process.env);
  for (let waited = 0; waited < 10_000; waited += 20) {
    const port = /listening (\d+)/.exec(bare.output())?.[1];
    if (port) return { ...bare, base: `http://${HOST}:${port}` };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await bare.stop();
  throw new Error(`the bare server did not start:\n${bare.output()}`);
}

/** Customers' booking requests for other dates and vehicles each time, all after the seeded past bookings. */
function bookingRequestBodies(seeded) {
  let counter = 0;
  const today = Date.now();
  const day = (offset) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
  return () => {
    const n = counter++;
    return JSON.stringify({
      vehicle_id: seeded.vehicleIds[n % seeded.vehicleIds.length],
      start_date: day(30 + (n % 700)),
      end_date: day(30 + (n % 700) + (n % 5)),
      pickup_time: '10:00',
      dropoff_time: '17:00',
      pickup_location_id: seeded.locationId,
      dropoff_location_id: seeded.locationId,
      message: 'Benchmark request',
    });
  };
}

/** An empty database of its own in the PostgreSQL cluster at TEST_PG_URL (scripts/with-postgres.mjs). */
async function postgresDatabase() {
  const { default: pg } = await import('pg');
  const name = `bench_public_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Seeds a store (SQLite in a temporary data folder, or the PostgreSQL database at `databaseUrl`)
 * and measures both pages on the API and on the bare server; with `extra`, also one vehicle and
 * booking requests. Returns the ratio of each page.
 */
async function measureStore({ quick, databaseUrl = null, extra = false }) {
  const folder = await temporaryDir('fleet-bench-');
  const env = { DATA_DIR: folder.dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const seeded = await seed(env);
  const api = await startCompiledServer(env);
  const fixture = await capturePages(api.base, seeded.vehicles);
  const bare = await startBareServer(fixture, folder.dir);
  const time = durations(quick);

  const results = [];
  const ratios = [];
  for (const page of PAGES) {
    const url = { api: `${api.base}${page.path}`, bare: `${bare.base}${page.path}` };
    const name = { api: `API ${page.name}`, bare: `bare node:http ${page.name}` };
    for (const side of ['api', 'bare'])
      await measure(name[side], { url: url[side] }, { warmup: time.warmup, measured: 0 });
    const best = {};
    const rounds = [];
    // Pairs of runs back to back, in turn A-B then B-A: each pair shares the machine's state of
    // the moment, and the median of the pairs' ratios ignores a pair a burst of other work spoiled.
    for (let round = 0; round < time.rounds; round++) {
      const order = round % 2 ? ['bare', 'api'] : ['api', 'bare'];
      const pair = {};
      for (const side of order) {
        pair[side] = await measure(name[side], { url: url[side] }, { warmup: 0, measured: time.measured });
        if (!best[side] || pair[side].rps > best[side].rps) best[side] = pair[side];
      }
      rounds.push(pair.api.rps / pair.bare.rps);
    }
    results.push(best.api, best.bare);
    ratios.push(median(rounds));
  }

  if (extra) {
    const { CUSTOMER } = await import('../bench-seed.mjs');
    const customer = await signIn(api.base, CUSTOMER);
    const nextBody = bookingRequestBodies(seeded);
    results.push(
      await measure(
        'GET one public vehicle',
        { url: `${api.base}/api/public-vehicles/${seeded.vehicleIds[0]}/` },
        time,
      ),
      await measure(
        'POST booking request (customer)',
        {
          url: `${api.base}/api/booking-requests/`,
          method: 'POST',
          headers: { cookie: customer.cookie, 'x-csrftoken': customer.csrf, 'content-type': 'application/json' },
          requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
        },
        time,
      ),
    );
  }
  await bare.stop();
  await api.stop();
  await folder.remove();
  console.log(
    `\n${CONNECTIONS} connections; requests/s: best of ${time.rounds} runs of ${time.measured} s each (after ${time.warmup} s of warm-up); ratio: median of the ${time.rounds} pairs\n`,
  );
  printTable(results);
  console.log();
  return ratios;
}

const ratioLine = (ratio) => `${ratio.toFixed(2)}×`;

/**
 * The verdicts are on SQLite, the store of `npm start`. Run under scripts/with-postgres.mjs
 * (TEST_PG_URL set), the same is measured on PostgreSQL too, for information: there every
 * request also reads the list's version from the database (decision 020), and the database
 * shares the machine's cores with both servers.
 */
export async function benchPublicList({ quick }) {
  console.log('SQLite');
  const ratios = await measureStore({ quick, extra: !quick });
  const verdicts = PAGES.map((page, i) =>
    verdict(
      ratios[i] >= TARGET_RATIO,
      `public list, ${page.name}, API / bare node:http`,
      ratioLine(ratios[i]),
      `≥ ${TARGET_RATIO}×`,
    ),
  );
  if (process.env.TEST_PG_URL) {
    console.log('\nPostgreSQL (for information)');
    const onPostgres = await measureStore({ quick, databaseUrl: await postgresDatabase() });
    PAGES.forEach((page, i) =>
      console.log(`info  public list on PostgreSQL, ${page.name}, API / bare node:http: ${ratioLine(onPostgres[i])}`),
    );
  }
  return { verdicts };
}
