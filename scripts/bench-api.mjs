#!/usr/bin/env node
// `npm run bench:api` (after `npm run build:server`): seeds 1,000 vehicles and 100,000 bookings
// into a temporary data folder, starts the COMPILED server as a child process (so the load
// generator and the server do not share an event loop), and measures with autocannon on
// loopback: the public vehicle list, one vehicle, the staff booking list, creating booking
// requests, and the same vehicle-list JSON served as a static file. Prints a table and the ratio
// of the public list to the static file (target: at least 0.5). Fixed durations; the child and
// the folder are removed at the end, also on failure or Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/node/server/main.js');
if (!existsSync(serverEntry)) {
  console.error('The compiled server is missing: run `npm run build:server` first (npm run bench:api does).');
  process.exit(1);
}
const { buildApp } = await import('../dist/node/server/app.js');
const { loadConfig } = await import('../dist/node/server/config.js');
const { BOOKINGS, CUSTOMER, seedBench, STAFF, VEHICLES } = await import('./bench-seed.mjs');

const HOST = '127.0.0.1';
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 8;
const TARGET_RATIO = 0.5;
const STATIC_NAME = 'bench-public-vehicles.json';

let child = null;
let dataDir = null;

async function cleanUp() {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timeout = sleep(5_000).then(() => 'timeout');
    if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
  }
  child = null;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
}

process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const reply = await fetch(`${base}/api/health/`);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health/ within 30 s');
}

/** Signs in like the app does: CSRF cookie first, then login; returns the cookie header. */
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

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** A short warm-up (JIT, caches, connection setup), then the measured run. */
async function measure(name, options) {
  await run({ ...options, duration: WARMUP_SECONDS });
  const result = await run({ ...options, duration: DURATION_SECONDS });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

async function main() {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, HOST, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  console.log(`Seeding ${VEHICLES.toLocaleString('en-GB')} vehicles and ${BOOKINGS.toLocaleString('en-GB')} bookings…`);
  let started = Date.now();
  const app = await buildApp({ config: loadConfig(env, root) });
  let seeded;
  try {
    seeded = await seedBench(app);
  } finally {
    await app.close();
  }
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started = Date.now();
  await waitForHealth(base);
  console.log(`Server (pid ${child.pid}) up at ${base} in ${Date.now() - started} ms\n`);

  const staff = await signIn(base, STAFF);
  const customer = await signIn(base, CUSTOMER);

  // The static twin of the public list: the very bytes the API answers, served by @fastify/static.
  const list = await fetch(`${base}/api/public-vehicles/`);
  if (!list.ok) throw new Error(`GET /api/public-vehicles/ answered ${list.status}`);
  const listBody = await list.text();
  await writeFile(path.join(dataDir, 'media', STATIC_NAME), listBody);
  console.log(`Public list: ${JSON.parse(listBody).length} vehicles per page, ${listBody.length} bytes\n`);

  // Every request asks for other dates and another vehicle; all bookings are in the past, so
  // none conflicts (requests never conflict with each other, only with bookings).
  let counter = 0;
  const today = Date.now();
  const requestBody = () => {
    const n = counter++;
    const start = new Date(today + (30 + (n % 700)) * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(today + (30 + (n % 700) + (n % 5)) * 86_400_000).toISOString().slice(0, 10);
    return JSON.stringify({
      vehicle_id: seeded.vehicleIds[n % seeded.vehicleIds.length],
      start_date: start,
      end_date: end,
      pickup_time: '10:00',
      dropoff_time: '17:00',
      pickup_location_id: seeded.locationId,
      dropoff_location_id: seeded.locationId,
      message: 'Benchmark request',
    });
  };

  const results = [];
  const scenarios = [
    ['GET /api/public-vehicles/', { url: `${base}/api/public-vehicles/` }],
    ['GET /api/public-vehicles/1/', { url: `${base}/api/public-vehicles/${seeded.vehicleIds[0]}/` }],
    ['GET /api/bookings/ (staff)', { url: `${base}/api/bookings/`, headers: { cookie: staff.cookie } }],
    [
      'POST /api/booking-requests/',
      {
        url: `${base}/api/booking-requests/`,
        method: 'POST',
        headers: { cookie: customer.cookie, 'x-csrftoken': customer.csrf, 'content-type': 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, body: requestBody() }) }],
      },
    ],
    [`GET /media/${STATIC_NAME}`, { url: `${base}/media/${STATIC_NAME}` }],
  ];
  // `node scripts/bench-api.mjs public-vehicles/` measures only the calls whose name has that text
  // (and the static file, for the ratio): a quicker before/after of one call.
  const only = process.argv[2];
  const chosen = scenarios.filter(([name], i) => !only || name.includes(only) || i === scenarios.length - 1);
  for (const [name, options] of chosen) {
    process.stdout.write(`  ${name} …`);
    const result = await measure(name, options);
    results.push(result);
    process.stdout.write(` ${Math.round(result.rps)} req/s\n`);
  }

  const rows = results.map((r) => [r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.non2xx)]);
  const head = ['call', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx'];
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARMUP_SECONDS} s warm-up, server on ${os.cpus().length} cores\n`,
  );
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));

  if (results[0].name !== scenarios[0][0]) return;
  const ratio = results[0].rps / results[results.length - 1].rps;
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'does NOT meet';
  console.log(`\nPublic list / static file: ${ratio.toFixed(2)} (${verdict} the target of at least ${TARGET_RATIO})`);
}

try {
  await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
