import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, PHONE, waitForServiceWorker } from './support/api.ts';
import { browserIdle } from './support/waits.ts';

/*
 * The reopened app: the service worker answers `/` with the landing as a visitor last saw it
 * inside the shell, and the app takes over from there without showing anything twice.
 */

const cards = (page: Page) => page.getByTestId('vehicle-card');

/** Waits until the visited landing has been kept for the next start. */
async function waitForKeptFirstScreen(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match('/', { cacheName: 'fleet-first-screen' }))), {
      timeout: 15_000,
    })
    .toBe(true);
}

/** The root element's markup as the worker sent it, before any script ran. */
function servedRoot(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</body>');
  return start < 0 || end < 0 ? '' : html.slice(start, end);
}

test.describe('the first screen of a reopened app', () => {
  test('offline, a new tab gets the vehicles in the HTML, then the app takes over with every card once', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(cards(page).first()).toBeVisible();
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(6);
    const firstName = await cards(page).first().getAttribute('aria-label');
    await waitForKeptFirstScreen(page);

    await context.setOffline(true);
    const reopened = await context.newPage();
    await page.close();
    const response = await reopened.goto('/');
    if (!response) throw new Error('no response for /');
    expect(response.fromServiceWorker()).toBe(true);
    const root = servedRoot(await response.text());
    // The first screen only (six cards), with the page's heading, and no script of its own.
    expect(root.match(/data-testid="vehicle-card"/g)).toHaveLength(6);
    expect(root).toContain(`aria-label="${firstName}"`);
    expect(root).toContain('Available Vehicles');
    expect(root).not.toContain('<script');

    // The app then draws the whole list over it: each card once, working links.
    await expect(cards(reopened)).toHaveCount(count);
    await expect(reopened.getByRole('heading', { name: 'Available Vehicles' })).toHaveCount(1);
    await reopened.getByRole('link', { name: 'About Us' }).click();
    await expect(reopened).toHaveURL(/\/about$/);
    await context.setOffline(false);
  });

  test('a signed-in user never reopens into the visitors’ page', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await waitForKeptFirstScreen(page);

    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Username or email').fill('customer');
    await main.getByLabel('Password').fill(DEMO_PASSWORD);
    await main.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    expect(await page.evaluate(() => caches.has('fleet-first-screen'))).toBe(false);

    const response = await page.goto('/');
    expect(servedRoot((await response?.text()) ?? '')).toMatch(/^<div id="root"><\/div>\s*$/);
    await expect(cards(page).first()).toBeVisible();
    // Seen signed in, the landing is not kept: not when the browser is next idle, when it would be taken.
    await browserIdle(page);
    expect(await page.evaluate(() => caches.has('fleet-first-screen'))).toBe(false);
  });

  test('a filtered list is not what the next start shows', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await waitForKeptFirstScreen(page);
    await page.evaluate(() => caches.delete('fleet-first-screen'));
    await page.getByRole('searchbox', { name: 'Search by make, model or color' }).fill('zzzz-no-such-vehicle');
    await expect(page.getByText('No vehicles found.')).toBeVisible();
    await browserIdle(page);
    expect(await page.evaluate(() => caches.has('fleet-first-screen'))).toBe(false);
    await context.close();
  });
});
