import { expect, test, type Page } from '@playwright/test';

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  theme_color: string;
  start_url: string;
  display: string;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
}

const cards = (page: Page) => page.getByTestId('vehicle-card');

/** A PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
}

/** Every URL stored in the page's Cache Storage, whichever cache holds it. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

async function firstCardImageSrc(page: Page): Promise<string> {
  const image = cards(page).first().locator('img').first();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const src = await image.getAttribute('src');
  if (!src) throw new Error('The first vehicle card has no image.');
  return src;
}

test.describe('installable PWA', () => {
  test('the manifest is linked and complete: names, colours, icons with a maskable one, screenshots', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const reply = await request.get(href ?? '');
    expect(reply.ok()).toBe(true);
    expect(reply.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await reply.json()) as WebManifest;

    expect(manifest).toMatchObject({
      name: 'Fleet Rental',
      short_name: 'Fleet',
      theme_color: '#0f4c5c',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.description.length).toBeGreaterThan(10);
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

    // Each image exists, is a PNG, and has the size the manifest claims.
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const file = await request.get(image.src);
      expect(file.ok(), image.src).toBe(true);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body()), image.src).toBe(image.sizes);
    }

    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/icon-192.png');
  });

  test('the service worker controls the page and Chromium reports no installability errors', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    // Chromium never offers installation in an off-the-record profile, which is what ordinary
    // Playwright contexts are: this check needs a real (temporary) profile.
    const context = await playwright.chromium.launchPersistentContext(test.info().outputPath('profile'), {
      ...launchOptions,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const scriptUrl = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(scriptUrl).toMatch(/\/sw\.js$/);

      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 10_000 })
        .toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a new version waits for the user: "A new version is available — Reload" activates it', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await expect(cards(page).first()).toBeVisible();

    // The next build, as far as the browser can tell: another worker script for the same scope.
    // (Playwright cannot intercept the worker's own script to change its bytes.)
    await page.evaluate(() =>
      navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' }).then(() => undefined),
    );

    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Nothing changes until the user chooses to reload.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(
      true,
    );

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(cards(page).first()).toBeVisible();
    // (The reloaded page registers /sw.js again, which this test's stand-in for a new build is
    // not, so no more is asserted about what comes next.)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('next-build');
  });

  test('after one online visit, an offline reload shows the vehicles and their images', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await expect(cards(page).first()).toBeVisible();
    const src = await firstCardImageSrc(page);
    // The first visit loads the images before the worker controls the page; it is handed them
    // afterwards, so wait until they are stored.
    await expect.poll(() => page.evaluate((url) => caches.match(url).then(Boolean), src)).toBe(true);
    const count = await cards(page).count();

    await context.setOffline(true);
    await page.reload();
    await expect(cards(page)).toHaveCount(count);
    expect(await firstCardImageSrc(page)).toBe(src);
    await context.setOffline(false);
  });

  test('offline, API calls fail as API calls: never answered with the app shell', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    const outcome = await page.evaluate(async () => {
      try {
        const reply = await fetch('/api/health/');
        return { status: reply.status, type: reply.headers.get('content-type') ?? '' };
      } catch {
        return { status: 0, type: 'network error' };
      }
    });
    expect(outcome.status).not.toBe(200);
    expect(outcome.type).not.toContain('text/html');
    await context.setOffline(false);
  });

  test('a driver’s license never lands in the service worker caches', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    // Through the controlled page, as the app would: sign in as staff, upload a license for a
    // customer, then read it back twice (fetch and <img>).
    const licenseUrl = await page.evaluate(async () => {
      const csrf = async () => {
        await fetch('/api/csrf/');
        return /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      };
      const login = await fetch('/api/login/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': await csrf() },
        body: JSON.stringify({ username: 'staff', password: 'fleet-demo' }),
      });
      if (!login.ok) throw new Error(`login answered ${login.status}`);
      const customers = (await (await fetch('/api/customers/')).json()) as { id: number }[];
      const customer = customers[0];
      if (!customer) throw new Error('no customer in the demo data');

      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 40;
      const context = canvas.getContext('2d');
      if (context) context.fillRect(0, 0, 64, 40);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('the canvas gave no image');
      const form = new FormData();
      form.append('drivers_license', blob, 'license.png');
      const saved = await fetch(`/api/customers/${customer.id}/`, {
        method: 'PATCH',
        headers: { 'X-CSRFToken': await csrf() },
        body: form,
      });
      if (!saved.ok) throw new Error(`the license upload answered ${saved.status}`);
      const { drivers_license: url } = (await saved.json()) as { drivers_license: string | null };
      if (!url) throw new Error('the customer has no license URL after the upload');

      const read = await fetch(url);
      if (!read.ok) throw new Error(`the license answered ${read.status}`);
      await read.blob();
      const image = new Image();
      image.src = url;
      await image.decode();
      return url;
    });
    expect(licenseUrl).toContain('drivers_license');

    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => url.includes('drivers_license'))).toEqual([]);
    expect(urls.filter((url) => url.includes('/api/') && !url.includes('-vehicles/'))).toEqual([]);
  });
});
