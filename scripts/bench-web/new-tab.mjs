// The reopened app as bench-web measures it: the old tab closed, a new tab with the CPU slowed
// down before it navigates, and the first vehicle card's paint time read from the browser's
// own Element Timing record once the page has loaded (nothing is injected while it loads).
import { setTimeout as sleep } from 'node:timers/promises';

export const CPU_SLOWDOWN = 4;
/** The `elementtiming` of the vehicle card's title (src/app/features/vehicles/components/vehicle-card.tsx). */
const CARD_TIMING = 'vehicle-card';
const POLL_MS = 50;
const TIMEOUT_MS = 30_000;

// Buffered entries are copied into the observer's own buffer by observe() itself, so
// takeRecords() returns them at once: each poll is one short synchronous evaluation.
const FIRST_CARD = `(() => {
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: 'element', buffered: true });
  const cards = observer.takeRecords().filter((entry) => entry.identifier === ${JSON.stringify(CARD_TIMING)});
  observer.disconnect();
  if (cards.length === 0) return null;
  const first = cards.reduce((a, b) => ((a.renderTime || a.loadTime) <= (b.renderTime || b.loadTime) ? a : b));
  return { ms: first.renderTime || first.loadTime, fromLoadTime: first.renderTime === 0 };
})()`;

/** Evaluates `expression` in the page's main world and returns its (awaited) value. */
export async function evaluate(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (exceptionDetails)
    throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}

/**
 * Milliseconds from navigation start to the first vehicle card painted, polled over CDP.
 * `fromLoadTime` says the entry had no renderTime (then its loadTime is used).
 */
export async function firstCardPaint(cdp, timeoutMs = TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const card = await evaluate(cdp, FIRST_CARD);
    if (card) return card;
    if (Date.now() > deadline) throw new Error(`no vehicle card painted within ${timeoutMs / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** The page's User Timing marks and measures (read after the first card, so they cost the page nothing before it). */
export const userTimings = (cdp) =>
  evaluate(
    cdp,
    `[...performance.getEntriesByType('mark'), ...performance.getEntriesByType('measure')]
      .map(({ name, startTime, duration }) => ({ name, startTime, duration }))`,
  );

/**
 * Stops the context's service workers and waits until they are stopped: Chromium stops an idle
 * worker after about 30 s, so an app reopened after being closed starts its worker again.
 */
async function stopServiceWorkers(cdp) {
  const running = new Map();
  const settled = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) running.set(version.versionId, version.runningStatus !== 'stopped');
      if ([...running.values()].every((isRunning) => !isRunning)) resolve();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await Promise.race([settled, sleep(5_000)]);
  await cdp.send('ServiceWorker.disable');
}

/**
 * Closes the context's tabs, opens a new one at `CPU_SLOWDOWN`× and navigates to `url`.
 * Returns the page, its CDP session and the first card's paint time.
 */
export async function visitInNewTab(context, url, { stopWorkers = false } = {}) {
  for (const open of context.pages()) await open.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (stopWorkers) await stopServiceWorkers(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
  const card = await firstCardPaint(cdp);
  return { page, cdp, ...card };
}
