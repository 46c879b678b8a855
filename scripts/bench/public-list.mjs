// bench:api, public vehicle list: 1,000 vehicles (scripts/bench-seed.mjs) in a temporary SQLite
// data folder, the compiled server in its own process, and beside it a bare node:http server in
// another (bench/bare-server.mjs) answering the very bytes and headers the API answered. The
// default page (100 vehicles) and ?limit=500 (what the app asks for) are measured on both, twice
// in turn, best of two each; the verdict is the API's share of the bare server's requests/s.
// Then, for information only, one vehicle and customers' booking requests (a write).
import http from 'node:http';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { durations, measure, printTable, verdict } from './load.mjs';
import { HOST, root, startChild, startCompiledServer, temporaryDir } from './processes.mjs';

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

/** Signs in like the app: CSRF cookie, then login; returns the cookie header and CSRF token. */
async function signIn(base, account) {
  const jar = new Map();
  const keep = (reply) => {
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${base}/api/csrf/`));
  const reply = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': jar.get('csrftoken'), cookie: header() },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  if (!reply.ok) throw new Error(`login of ${account.username} failed: ${reply.status} ${await reply.text()}`);
  keep(reply);
  // Signing in renews the CSRF token: the one to send from now on is the cookie's.
  return { cookie: header(), csrf: jar.get('csrftoken') };
}

async function seed(dataDir) {
  const { buildApp } = await import('../../dist/node/server/app.js');
  const { loadConfig } = await import('../../dist/node/server/config.js');
  const { seedBench, VEHICLES } = await import('../bench-seed.mjs');
  const started = performance.now();
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }, root) });
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

export async function benchPublicList({ quick }) {
  const folder = await temporaryDir('fleet-bench-');
  const seeded = await seed(folder.dir);
  const api = await startCompiledServer({ DATA_DIR: folder.dir });
  const fixture = await capturePages(api.base, seeded.vehicles);
  const bare = await startBareServer(fixture, folder.dir);
  const time = durations(quick);
  console.log();

  const results = [];
  const ratios = [];
  for (const page of PAGES) {
    const best = { api: null, bare: null };
    // Twice in turn, so a burst of other work on a shared machine does not land on one side only.
    for (const round of [0, 1]) {
      for (const [side, base] of [
        ['api', api.base],
        ['bare', bare.base],
      ]) {
        const name = `${side === 'api' ? 'API' : 'bare node:http'} ${page.name}`;
        const result = await measure(
          name,
          { url: `${base}${page.path}` },
          { ...time, warmup: round ? 0 : time.warmup },
        );
        if (!best[side] || result.rps > best[side].rps) best[side] = result;
      }
    }
    results.push(best.api, best.bare);
    ratios.push(best.api.rps / best.bare.rps);
  }

  const extra = [];
  if (!quick) {
    const { CUSTOMER } = await import('../bench-seed.mjs');
    const customer = await signIn(api.base, CUSTOMER);
    const nextBody = bookingRequestBodies(seeded);
    extra.push(
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

  console.log(`best of 2 rounds of ${time.measured} s, after ${time.warmup} s of warm-up\n`);
  printTable([...results, ...extra]);
  console.log();
  const verdicts = PAGES.map((page, i) =>
    verdict(
      ratios[i] >= TARGET_RATIO,
      `public list, ${page.name}, API / bare node:http`,
      `${ratios[i].toFixed(2)}×`,
      `≥ ${TARGET_RATIO}×`,
    ),
  );
  return { verdicts };
}
