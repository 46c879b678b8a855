#!/usr/bin/env node
// `npm run bench:web` (after the build): the web budgets of issue 3, each with a verdict line.
//  1. Initial JavaScript for `/`, gzip: the entry chunk and the chunks it preloads, read from
//     dist/app/index.html; and what Chromium really fetched to show the vehicles (lazy route
//     chunks included). The verdict uses the larger. Target ≤ 130 KB.
//  2. Precache: the entries of the manifest injected into dist/app/sw.js, gzip, and no vehicle
//     images or other media among them. Target ≤ 400 KB.
//  3. Repeat visit offline: one online visit, then 5 offline reloads with 4× CPU throttling,
//     from navigation start to the first vehicle card on screen; the median. Target ≤ 1000 ms.
// Loopback only; the server child and its temporary data folder are removed at the end.
/* global document, window, MutationObserver, requestAnimationFrame */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, serveBuild } from './serve-build.mjs';

const appDir = path.join(root, 'dist/app');
const KB = 1024;
const BUDGET = { initialJsKb: 130, precacheKb: 400, offlineMs: 1000 };
const RUNS = 5;
const CPU_SLOWDOWN = 4;
/** The landing page's cards; the role-based form is the fallback if the test id changes. */
const CARD = '[data-testid="vehicle-card"], [aria-label="Available vehicles"] article';

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const verdicts = [];

function verdict(name, ok, figure, target) {
  verdicts.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure} (target ${target})`);
}

async function staticInitialJs() {
  const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(src);
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(href);
  let total = 0;
  for (const url of urls) total += gzipSize(await readFile(path.join(appDir, url.replace(/^\//, ''))));
  return { files: urls.size, gzip: total };
}

async function precache() {
  const sw = await readFile(path.join(appDir, 'sw.js'), 'utf8');
  const urls = new Set(
    [
      ...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g),
      ...sw.matchAll(/\{"url":"([^"]+)","revision"/g),
    ].map(([, url]) => url),
  );
  if (urls.size === 0) throw new Error('no precache manifest found in dist/app/sw.js');
  let total = 0;
  for (const url of urls) total += gzipSize(await readFile(path.join(appDir, url)));
  const media = [...urls].filter((url) => /(^|\/)media\/|screenshots\/|\.(webp|jpe?g|avif)$/i.test(url));
  return { count: urls.size, gzip: total, media };
}

async function browserRuns(base) {
  const browser = await chromium.launch(chromiumOptions);
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    // Set before any app script runs: the moment the first card is painted, in the page's own
    // clock (0 = navigation start).
    await page.addInitScript((selector) => {
      const found = () => {
        const card = document.querySelector(selector);
        return card !== null && card.getBoundingClientRect().height > 0;
      };
      const observer = new MutationObserver(() => {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__firstCardMs = performance.now();
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    }, CARD);

    const scripts = new Map();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== base || !url.pathname.endsWith('.js') || response.status() !== 200) return;
      try {
        scripts.set(url.pathname, gzipSize(await response.body()));
      } catch {
        // a redirected or aborted response has no body to measure
      }
    });

    await page.goto(base);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
    await page.locator(CARD).first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0));
    const loadedJs = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const loadedFiles = scripts.size;
    // The persisted query cache is written shortly after the data arrives.
    await page.waitForTimeout(2_000);

    const cdp = await context.newCDPSession(page);
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      await context.setOffline(true);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(() => typeof window.__firstCardMs === 'number', null, { timeout: 30_000 });
      times.push(await page.evaluate(() => window.__firstCardMs));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await context.setOffline(false);
    return { loadedJs, loadedFiles, times };
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const initial = await staticInitialJs();
console.log(`initial JS, entry + preloaded chunks: ${initial.files} files, ${kb(initial.gzip)} gzip`);
const cache = await precache();
console.log(`precache: ${cache.count} entries, ${kb(cache.gzip)} gzip`);

const server = await serveBuild();
let runs;
try {
  runs = await browserRuns(server.base);
} finally {
  await server.stop();
}
console.log(`initial JS, fetched by Chromium to show /: ${runs.loadedFiles} files, ${kb(runs.loadedJs)} gzip`);
console.log(
  `offline repeat visit, ${CPU_SLOWDOWN}x CPU throttling: ${runs.times.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
);
console.log('');

const initialJs = Math.max(initial.gzip, runs.loadedJs);
verdict(
  'initial JavaScript for /',
  initialJs <= BUDGET.initialJsKb * KB,
  `${kb(initialJs)} gzip`,
  `≤ ${BUDGET.initialJsKb} KB`,
);
verdict(
  'precache',
  cache.gzip <= BUDGET.precacheKb * KB,
  `${kb(cache.gzip)} gzip, ${cache.count} entries`,
  `≤ ${BUDGET.precacheKb} KB`,
);
verdict(
  'no media in the precache',
  cache.media.length === 0,
  cache.media.length === 0 ? 'none' : cache.media.join(', '),
  'none',
);
const offline = median(runs.times);
verdict(
  'repeat visit offline, first vehicles visible',
  offline <= BUDGET.offlineMs,
  `median ${Math.round(offline)} ms of ${RUNS}`,
  `≤ ${BUDGET.offlineMs} ms`,
);
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
