// A first visit on a poor connection: a fresh profile (a new browser context: no HTTP cache, no
// service worker, no IndexedDB), the network throttled over CDP before the page navigates, and
// two times from navigation start read from the browser's own records once they exist — the
// first contentful paint (Paint Timing) and the first vehicle card painted (Element Timing, as
// new-tab.mjs reads it). The CPU is not slowed down: this is about the bytes and round trips.
import { evaluate, firstCardPaint } from './new-tab.mjs';

/** Chromium DevTools' presets, as `Network.emulateNetworkConditions` takes them (bytes/s, ms). */
export const NETWORKS = {
  'Fast 3G': {
    label: 'Fast 3G (1.6 Mb/s down, 750 kb/s up, 562 ms round trip)',
    latency: 562.5,
    downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((750 * 1000) / 8) * 0.9,
  },
  'Slow 3G': {
    label: 'Slow 3G (500 kb/s down and up, 2,000 ms round trip)',
    latency: 2000,
    downloadThroughput: ((500 * 1000) / 8) * 0.9,
    uploadThroughput: ((500 * 1000) / 8) * 0.9,
  },
};

const TIMEOUT_MS = 90_000;

const FIRST_CONTENTFUL_PAINT = `(() => {
  const observer = new PerformanceObserver(() => {});
  observer.observe({ type: 'paint', buffered: true });
  const entry = observer.takeRecords().find((paint) => paint.name === 'first-contentful-paint');
  observer.disconnect();
  return entry ? entry.startTime : null;
})()`;

/**
 * Opens `url` in a fresh context of `browser` on the `network` preset and returns the first
 * contentful paint and the first vehicle card painted, in ms from navigation start.
 */
export async function coldVisit(browser, url, network) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const { latency, downloadThroughput, uploadThroughput } = NETWORKS[network];
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput,
      uploadThroughput,
    });
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const card = await firstCardPaint(cdp, TIMEOUT_MS);
    const fcpMs = await evaluate(cdp, FIRST_CONTENTFUL_PAINT);
    if (fcpMs === null) throw new Error('no first contentful paint recorded');
    return { fcpMs, cardMs: card.ms, fromLoadTime: card.fromLoadTime };
  } finally {
    await context.close();
  }
}
