// The booking history (GET bookings/history/ and its totals) at 1,000,000 bookings, on SQLite and
// on PostgreSQL (a throwaway cluster): the repository calls the two routes make, timed in process
// on the COMPILED server code, for the operator (every agency) and for an agency owner whose
// agency holds half the bookings, without filters and with each filter. One booking in ten is
// cancelled, the rest completed, every one in the past: the whole table is history, the worst case.
// Prints median and p95 per call and a PASS/FAIL line per engine: the first page (25 rows, the
// app's page size) within 20 ms at p95, so the list shows at once; the totals are printed only,
// since they add up every matching row and the screen shows the list while they load.
//
// `benchBookingHistory({ quick })` is called by scripts/bench-api.mjs; `node
// scripts/bench/booking-history.mjs [--quick] [sqlite|postgres]` runs it alone (after `npm run
// build:server`). Quick mode seeds 200,000 bookings and repeats each call fewer times.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { startPostgres } from '../postgres-cluster.mjs';
import { seed } from './booking-lists.mjs';
import { root } from './processes.mjs';

const TARGET_P95_MS = 20;
const PAGE = { limit: 25, offset: 0 };
const dist = (file) => import(path.join(root, 'dist/node/server', file));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function time(runs, call) {
  await call();
  const took = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { median: percentile(took, 50), p95: percentile(took, 95) };
}

async function measure(db, runs) {
  const { listBookingHistory, bookingHistoryTotals } = await dist('repositories/booking-history.js');
  const agency = (
    await db
      .selectFrom('agencies')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirstOrThrow()
  ).id;
  const vehicle = await db
    .selectFrom('vehicles')
    .select('id')
    .where('agency_id', '=', agency)
    .executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('bookings')
    .select('customer_id')
    .where('agency_id', '=', agency)
    .executeTakeFirstOrThrow();
  const latest = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.max('end_date').as('end'))
    .executeTakeFirstOrThrow();
  const monthAgo = new Date(Date.parse(latest.end) - 30 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const cases = [
    ['operator, no filter', { agencyId: null }],
    ['agency, no filter', { agencyId: agency }],
    ['agency, status cancelled', { agencyId: agency, status: 'cancelled' }],
    ['agency, status none has', { agencyId: agency, status: 'active' }],
    ['agency, vehicle, cancelled', { agencyId: agency, vehicleId: vehicle.id, status: 'cancelled' }],
    ['agency, last 30 days', { agencyId: agency, from: monthAgo, to: latest.end }],
    ['agency, one vehicle', { agencyId: agency, vehicleId: vehicle.id }],
    ['agency, one customer', { agencyId: agency, customerId: customer.customer_id }],
  ];
  const results = [];
  for (const [name, filter] of cases) {
    const withDay = { today, ...filter };
    const page = await time(runs, () => listBookingHistory(db, withDay, PAGE));
    const totals = await time(Math.max(3, Math.floor(runs / 5)), () => bookingHistoryTotals(db, withDay));
    results.push({ name, page, totals });
  }
  return results;
}

async function runEngine(engine, bookings, runs) {
  const { connect } = await dist('db/connect.js');
  const { migrateToLatest } = await dist('db/migrate.js');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `fleet-bench-history-${engine}-`));
  const cluster = engine === 'postgres' ? await startPostgres(['shared_buffers=1GB']) : null;
  try {
    let databaseUrl = null;
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('create database bench');
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = '/bench';
      databaseUrl = url.toString();
    }
    const handle = await connect({ databaseUrl, sqlitePath: path.join(dataDir, 'fleet.sqlite') });
    try {
      const started = Date.now();
      process.stdout.write(`  ${engine}: seeding ${bookings.toLocaleString('en-GB')} bookings …`);
      await migrateToLatest(handle.db, handle.dialect);
      await seed(handle.db, handle.dialect, bookings);
      await sql`update bookings set booking_status = 'cancelled' where id % 10 = 0`.execute(handle.db);
      if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(handle.db);
      process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      return await measure(handle.db, runs);
    } finally {
      await handle.destroy();
    }
  } finally {
    cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchBookingHistory({ quick = false, engines = ['sqlite', 'postgres'] } = {}) {
  const bookings = quick ? 200_000 : 1_000_000;
  const runs = quick ? 20 : 100;
  const verdicts = [];
  for (const engine of engines) {
    const results = await runEngine(engine, bookings, runs);
    console.log(`\n  ${engine}, ${bookings.toLocaleString('en-GB')} bookings (ms, median / p95)`);
    console.log(`  ${'call'.padEnd(28)} ${'first page'.padStart(16)} ${'totals'.padStart(18)}`);
    for (const { name, page, totals } of results) {
      const cell = (t) => `${t.median.toFixed(1)} / ${t.p95.toFixed(1)}`;
      console.log(`  ${name.padEnd(28)} ${cell(page).padStart(16)} ${cell(totals).padStart(18)}`);
    }
    const slowest = Math.max(...results.map((result) => result.page.p95));
    const pass = slowest <= TARGET_P95_MS;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${engine}: first page p95 ${slowest.toFixed(1)} ms (≤ ${TARGET_P95_MS} ms)`,
    );
    verdicts.push(pass);
  }
  return { verdicts };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const engines = process.argv.filter((arg) => arg === 'sqlite' || arg === 'postgres');
  const { verdicts } = await benchBookingHistory({
    quick: process.argv.includes('--quick'),
    engines: engines.length > 0 ? engines : undefined,
  });
  process.exit(verdicts.every(Boolean) ? 0 : 1);
}
