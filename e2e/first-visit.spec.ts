import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, signInContext } from './support/api.ts';

/*
 * A first visit on a poor connection (issue 19 §4): index.html paints a loading shell before any
 * script runs, the app draws over it, and the landing's vehicle list does not wait for the session.
 */

/** Chromium DevTools' "Fast 3G", as bench:web emulates it. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

async function onFast3g(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
}

/**
 * Holds the app's entry script until the returned function is called, so that what the HTML alone
 * paints can be looked at however fast the rest arrives (a repeat visit has it all in its cache).
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const shell = (page: Page) => page.locator('#boot-shell');
const cards = (page: Page) => page.getByRole('list', { name: 'Available vehicles' }).getByTestId('vehicle-card');

test.describe('a first visit on a slow connection', () => {
  test.use({ serviceWorkers: 'block' });

  test('shows the branded shell with the vehicles’ placeholders before the app, then the cards', async ({
    page,
    context,
  }) => {
    await onFast3g(context, page);
    const started = new Map<string, number>();
    const answered = new Map<string, number>();
    const t0 = Date.now();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!started.has(pathname)) started.set(pathname, Date.now() - t0);
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!answered.has(pathname)) answered.set(pathname, Date.now() - t0);
    });

    const sessionAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me/');
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The HTML alone: the brand, the busy shell, its placeholders, and nothing of the app yet.
    await expect(shell(page)).toHaveAttribute('aria-busy', 'true');
    await expect(shell(page).locator('.boot-brand').filter({ visible: true })).toHaveText('Fleet Rental');
    await expect(shell(page).locator('.boot-card').first()).toBeVisible();
    await expect(page.locator('#root')).toBeEmpty();
    // Screen readers hear "Loading", once, and none of the placeholders.
    await expect(shell(page)).toMatchAriaSnapshot('- status: Loading');
    release();

    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();
    await expect(shell(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);

    // The list was asked for before the session check had its answer, not after it (the cards
    // may well be on screen before that answer).
    await sessionAnswer;
    const listStarted = started.get('/api/public-vehicles/');
    const sessionAnswered = answered.get('/api/auth/me/');
    expect(listStarted).toBeDefined();
    expect(sessionAnswered).toBeDefined();
    expect(listStarted ?? Infinity).toBeLessThan(sessionAnswered ?? 0);
  });

  test('asks for the vehicle list once, the app taking the preloaded answer', async ({ page, context }) => {
    await onFast3g(context, page);
    const lists: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/public-vehicles/') lists.push(request.url());
    });
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 });
    expect(lists).toHaveLength(1);
  });

  test('a deep link shows the frame without the landing’s placeholders', async ({ page, context }) => {
    await onFast3g(context, page);
    const release = await holdTheApp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(shell(page).locator('.boot-brand').filter({ visible: true })).toHaveText('Fleet Rental');
    await expect(shell(page).locator('.boot-card').first()).toBeHidden();
    await expect(shell(page).locator('.boot-title')).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 20_000 });
    await expect(shell(page)).toHaveCount(0);
  });
});

test.describe('a signed-in staff member opening /', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });

  test('never sees the visitors’ placeholders, and lands on the dashboard', async ({ page, context }) => {
    await signInContext(context, 'agent');
    // A visit of the app records who is signed in on the device (the persister's user).
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('fleet.cacheUser'))).not.toBeNull();

    await onFast3g(context, page);
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(shell(page).locator('.boot-brand').filter({ visible: true })).toHaveText('Fleet Rental');
    await expect(shell(page).locator('.boot-card').first()).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/staff\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('a first visit by someone signed in already', () => {
  test.use({ serviceWorkers: 'block' });

  test('staff reaching / with nothing kept on the device are sent to their dashboard once the session is known', async ({
    page,
    context,
  }) => {
    // Cookies from a sign-in elsewhere, but no persisted cache: the landing does not wait for auth/me/.
    await signInContext(context, 'agent');
    await page.goto('/');
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
