#!/usr/bin/env node
// Takes the install screenshots named in the manifest from the real landing page: builds nothing
// (run `npm run build` first), starts the built server on a free port with a fresh data folder,
// opens / at 390×844 and 1280×800, waits for the vehicle cards and their images, and writes
// public/screenshots/narrow.png and wide.png. Rebuild afterwards so dist/app holds them too.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, serveBuild } from './serve-build.mjs';

/* global document, window */
const SHOTS = [
  { file: 'narrow.png', width: 390, height: 844 },
  { file: 'wide.png', width: 1280, height: 800 },
];
const CARD = '[data-testid="vehicle-card"]';

const outDir = path.join(root, 'public/screenshots');
await mkdir(outDir, { recursive: true });
const server = await serveBuild();
const browser = await chromium.launch(chromiumOptions);
try {
  for (const shot of SHOTS) {
    // No worker: a screenshot must show the page, not an update prompt or a cached copy.
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(server.base);
    await page.locator(CARD).first().waitFor({ timeout: 30_000 });
    // Every image inside the viewport has arrived, so that no card shows a placeholder.
    await page.waitForFunction(
      () =>
        [...document.images]
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
          .every((image) => image.complete && image.naturalWidth > 0),
      null,
      { timeout: 30_000 },
    );
    await page.evaluate(() => document.fonts.ready);
    const file = path.join(outDir, shot.file);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    console.log(`wrote ${path.relative(root, file)} (${shot.width}×${shot.height})`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
