// bench:web, the quote update (issue 21): on the visitor's request form (/book-now/{id}) at 4× CPU
// throttling (CDP `Emulation.setCPUThrottlingRate`), how long from a change — ticking an extra,
// moving the end date — to the QuotePanel showing the new total: the device's own estimate from
// the cached plan, not the server's confirmation (which follows ~300 ms after the choice stays
// still). The form is filled and priced first at full speed and left still as between changes
// (decision 057); then each change is made by
// Playwright as a person would (a click on the checkbox, the date typed into the field) and timed
// in the page: from the change's event (`event.timeStamp` of the first click or input seen, in a
// capturing listener) to the first frame painted after the Total cell's text changed (a
// MutationObserver on the panel, then requestAnimationFrame and a message posted from it: the
// task after that frame's paint). The listener and the observer are added once the form is up,
// and nothing else runs in the page between changes.
import { chromium } from '@playwright/test';
import { CPU_SLOWDOWN } from './new-tab.mjs';

const DAY_MS = 86_400_000;
const RENTAL_DAYS = 10;
/** Quiet time after each change: the server's confirmation comes and goes before the next one. */
const SETTLE_MS = 900;

const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A public vehicle with a per-day extra to tick (one of at most one unit), two pickup locations and a season ahead. */
async function pickVehicle(base) {
  const vehicles = await (await fetch(`${base}/api/public-vehicles/?limit=500`)).json();
  const earliest = new Date(Date.now() + (RENTAL_DAYS + 2) * DAY_MS).toISOString().slice(0, 10);
  for (const vehicle of vehicles) {
    if (vehicle.pickup_locations.length < 2) continue;
    const plan = await (await fetch(`${base}/api/public-vehicles/${vehicle.id}/rate-plan/`)).json();
    const extra = plan.extras.find((candidate) => candidate.max_quantity <= 1 && candidate.stock === null);
    const season = plan.seasons.find((candidate) => candidate.start_date > earliest);
    if (!extra || !season) continue;
    const start = addDays(season.start_date, -5);
    return {
      vehicle,
      extra: extra.name,
      start,
      end: addDays(start, RENTAL_DAYS - 1),
      pickup: vehicle.pickup_locations[0].id,
      dropoff: vehicle.pickup_locations[1].id,
    };
  }
  throw new Error('no demo vehicle has two pickup locations, a per-rental choice of extra and a season ahead');
}

/** Installed once the form is up: the listener, the observer and `arm()` for the next change. */
const PROBE = `(() => {
  const state = { armed: false, t0: null, before: null, seen: null, result: null };
  const panel = document.querySelector('section.quote');
  const total = () => panel.querySelector('.quote__total td')?.textContent ?? null;
  const mark = (event) => {
    if (state.armed && state.t0 === null) state.t0 = event.timeStamp;
  };
  for (const type of ['click', 'input', 'change']) document.addEventListener(type, mark, true);
  new MutationObserver(() => {
    if (!state.armed || state.t0 === null || state.seen !== null) return;
    const now = total();
    if (now === state.before) return;
    state.seen = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.result = { total: now, shownMs: state.seen - state.t0, paintedMs: performance.now() - state.t0 };
        state.armed = false;
      };
      channel.port2.postMessage(null);
    });
  }).observe(panel, { subtree: true, childList: true, characterData: true });
  window.__quoteUpdate = {
    arm() {
      Object.assign(state, { armed: true, t0: null, before: total(), seen: null, result: null });
      return state.before;
    },
    result: () => state.result,
  };
  return total();
})()`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Opens the form, fills it, then makes `changes` changes at 4× CPU (ticking and unticking an
 * extra, moving the end date a day on and back, in turn) and returns each one's time.
 */
export async function measureQuoteUpdate(base, { changes = 12, chromiumOptions }) {
  const choice = await pickVehicle(base);
  const browser = await chromium.launch(chromiumOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/book-now/${choice.vehicle.id}`);
    const form = page.getByRole('form', { name: 'Booking request' });
    await form.getByLabel('Start date').fill(choice.start);
    await form.getByLabel('End date').fill(choice.end);
    await form.getByLabel('Pickup location').selectOption(String(choice.pickup));
    await form.getByLabel('Dropoff location').selectOption(String(choice.dropoff));
    await form.getByLabel("Driver's age").fill('22');
    const panel = page.getByRole('region', { name: 'Price' });
    await panel.getByRole('heading', { name: 'Your quote' }).waitFor();
    const checkbox = form
      .getByRole('group', { name: 'Extras' })
      .getByRole('checkbox', { name: new RegExp(choice.extra) });
    const endDate = form.getByLabel('End date');
    await page.evaluate(PROBE);
    // Filling the form was a change too: its confirmation comes and goes first, as between changes
    // (decision 057).
    await page.waitForTimeout(SETTLE_MS);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const runs = [];
    try {
      for (let change = 0; change < changes; change += 1) {
        const before = await page.evaluate(() => globalThis.__quoteUpdate.arm());
        const what =
          change % 2 === 0
            ? `${change % 4 === 0 ? 'tick' : 'untick'} ${choice.extra}`
            : `end date ${change % 4 === 1 ? '+1 day' : 'back'}`;
        if (change % 2 === 0) await checkbox.click();
        else await endDate.fill(change % 4 === 1 ? addDays(choice.end, 1) : choice.end);
        const handle = await page.waitForFunction(() => globalThis.__quoteUpdate.result(), null, { polling: 100 });
        const result = await handle.jsonValue();
        runs.push({ what, before, ...result });
        await page.waitForTimeout(SETTLE_MS);
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    return { vehicle: choice.vehicle, runs };
  } finally {
    await browser.close();
  }
}

/** Prints every change and the median and worst; returns them. */
export function printQuoteUpdate({ vehicle, runs }) {
  console.log(
    `quote update on /book-now/${vehicle.id} (${vehicle.make} ${vehicle.model}), ${CPU_SLOWDOWN}× CPU, change → new total painted (ms):`,
  );
  for (const run of runs) {
    console.log(
      `  ${run.what.padEnd(30)} ${run.before} → ${run.total}: shown ${run.shownMs.toFixed(1)}, painted ${run.paintedMs.toFixed(1)}`,
    );
  }
  const painted = runs.map((run) => run.paintedMs);
  const summary = { median: median(painted), worst: Math.max(...painted), count: runs.length };
  console.log(`  median ${summary.median.toFixed(1)}, worst ${summary.worst.toFixed(1)} of ${summary.count} changes`);
  console.log('');
  return summary;
}
