// bench:api, first start: the compiled server on a fresh, empty data folder (as `npm start` on a
// fresh clone), timed from spawn to the first 200 of /api/health/; median of 3 runs. Right after
// that answer, the public list must already be the complete demo fleet: every vehicle with its
// pictures (each one fetched) and its agency's logo, and the same list the server gives once it
// has logged the end of seeding. Anything less is a half-seeded store, and fails the section.
import { setTimeout as sleep } from 'node:timers/promises';
import { median, verdict } from './load.mjs';
import { startCompiledServer, temporaryDir } from './processes.mjs';

const TARGET_MS = 1500;
/** The README promises "24+ vehicles" in the public list. */
const MIN_PUBLIC_VEHICLES = 24;
const SEEDED_LINE = /Seeded demo data/;

async function publicList(base) {
  const reply = await fetch(`${base}/api/public-vehicles/?limit=500`);
  const body = await reply.text();
  return { status: reply.status, total: reply.headers.get('x-total-count'), body };
}

/** What is missing from the list for it to be the complete demo fleet; empty when nothing is. */
async function missingFrom(base, list) {
  if (list.status !== 200) return [`the public list answered ${list.status}`];
  const vehicles = JSON.parse(list.body);
  const missing = [];
  if (vehicles.length < MIN_PUBLIC_VEHICLES)
    missing.push(`${vehicles.length} public vehicles, not ${MIN_PUBLIC_VEHICLES}+`);
  if (list.total !== String(vehicles.length)) missing.push(`X-Total-Count ${list.total} for ${vehicles.length} rows`);
  for (const vehicle of vehicles) {
    const name = `vehicle ${vehicle.id} (${vehicle.make} ${vehicle.model})`;
    if (vehicle.images.length < 2) missing.push(`${name} has ${vehicle.images.length} images`);
    if (!vehicle.main_image || vehicle.main_image !== vehicle.images[0]?.image)
      missing.push(`${name} has no main image`);
    if (!vehicle.agency_logo) missing.push(`${name}'s agency has no logo`);
    for (const url of vehicle.images.flatMap((image) => [image.image, image.thumbnail])) {
      const file = await fetch(`${base}${url}`);
      await file.arrayBuffer();
      if (file.status !== 200) missing.push(`${name}: ${url} answered ${file.status}`);
    }
  }
  return missing;
}

async function waitForOutput(server, pattern, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (performance.now() > deadline) throw new Error(`the server never printed ${pattern}:\n${server.output()}`);
    await sleep(20);
  }
}

async function firstStart() {
  const folder = await temporaryDir('fleet-first-start-');
  // LOG_LEVEL info: the end of seeding is logged, and this run waits for it before comparing.
  const server = await startCompiledServer({ DATA_DIR: folder.dir, LOG_LEVEL: 'info' });
  try {
    const first = await publicList(server.base);
    const listMs = performance.now() - server.spawnedAt;
    const problems = await missingFrom(server.base, first);
    await waitForOutput(server, SEEDED_LINE);
    const settled = await publicList(server.base);
    if (settled.body !== first.body) problems.push('the list right after health differs from the list once seeded');
    return { healthMs: server.healthMs, listMs, vehicles: JSON.parse(first.body).length, problems };
  } finally {
    await server.stop();
    await folder.remove();
  }
}

export async function benchFirstStart({ quick }) {
  const runs = [];
  for (let run = 1; run <= (quick ? 1 : 3); run++) {
    const result = await firstStart();
    runs.push(result);
    console.log(
      `run ${run}: /api/health/ after ${result.healthMs.toFixed(0)} ms; the complete list (${result.vehicles} vehicles) after ${result.listMs.toFixed(0)} ms`,
    );
    for (const problem of result.problems) console.log(`  HALF-SEEDED: ${problem}`);
  }
  const healthMs = median(runs.map((run) => run.healthMs));
  const problems = runs.flatMap((run) => run.problems).length;
  console.log();
  return {
    verdicts: [
      verdict(
        healthMs <= TARGET_MS,
        'first start, spawn → /api/health/ 200, median',
        `${healthMs.toFixed(0)} ms`,
        `≤ ${TARGET_MS} ms`,
      ),
      verdict(
        problems === 0,
        'first start, public list right after health is the complete demo fleet',
        problems ? `${problems} problems` : 'complete',
        'complete',
      ),
    ],
  };
}
