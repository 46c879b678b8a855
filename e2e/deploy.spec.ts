import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  apiJson,
  bookableVehicle,
  DESKTOP,
  isoDay,
  signInContext,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { startDeployServer, type DeployServer } from './support/deploy.ts';

/**
 * A deploy under a running tab: the server's build is replaced by one whose chunks have other
 * names, and the tab, still on the old code, opens a screen it has not loaded yet. It must never
 * go blank: it reloads into the new version, or, holding unsaved work, says so and keeps it.
 */

/** What these tests read and set on the page's window. */
type DeployWindow = Window & {
  /** Set on the running document: still there means the page was not reloaded. */
  __beforeDeploy?: boolean;
  /** The outbox's test hook, with the e2e flag (src/app/offline/outbox.ts). */
  __fleetOutbox?: {
    enqueue(request: Record<string, unknown>): Promise<unknown>;
    entries(): Promise<{ state: string }[]>;
  };
};

let server: DeployServer;

test.beforeAll(async () => {
  server = await startDeployServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function staffContext(browser: Browser, serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: server.url, serviceWorkers });
  await signInContext(context, 'staff');
  return context;
}

/** The build a page runs: its entry script's name changes with every build. */
function entryScript(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);
}

function markDocument(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as DeployWindow).__beforeDeploy = true;
  });
}

function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as DeployWindow).__beforeDeploy === true);
}

/** Whether a service-worker cache holds a URL ending with `path`. */
function isPrecached(page: Page, path: string | null): Promise<boolean> {
  return page.evaluate(async (suffix) => {
    if (!suffix) return false;
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      if (requests.some((request) => new URL(request.url).pathname === suffix)) return true;
    }
    return false;
  }, path);
}

/** Scripts and styles the page could not load (a 404, or refused for its type). */
function failedAssets(page: Page): string[] {
  const failed: string[] = [];
  const note = (url: string) => {
    if (new URL(url).pathname.startsWith('/assets/')) failed.push(url);
  };
  page.on('requestfailed', (request) => note(request.url()));
  page.on('response', (response) => {
    if (!response.ok()) note(response.url());
  });
  return failed;
}

test.describe('a deploy under a running tab', () => {
  test('without a service worker, a screen not loaded yet reloads into the new version', async ({ browser }) => {
    const context = await staffContext(browser, 'block');
    try {
      const page = await context.newPage();
      const failed = failedAssets(page);
      await page.goto('/staff/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      const before = await entryScript(page);
      await markDocument(page);

      await server.deploy();
      await page.getByRole('link', { name: 'Customer List', exact: true }).click();

      await expect(page.getByRole('heading', { name: 'Customer List', level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/customers\/list$/);
      expect(await isSameDocument(page)).toBe(false);
      expect(await entryScript(page)).not.toBe(before);
      // What failed were the old build's files, each a plain 404 (never HTML).
      expect(failed.length).toBeGreaterThan(0);
      for (const url of new Set(failed)) {
        const answer = await context.request.get(url);
        expect(answer.status(), url).toBe(404);
        expect(answer.headers()['content-type'], url).toBe('text/plain; charset=utf-8');
      }
    } finally {
      await context.close();
    }
  });

  test('a screen whose code is only a component reloads too, and once only', async ({ browser }) => {
    const context = await staffContext(browser, 'block');
    try {
      const page = await context.newPage();
      await page.goto('/staff/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      const before = await entryScript(page);
      await markDocument(page);

      await server.deploy();
      // Unavailability's route has only a component (no loader, no search to read).
      await page.getByRole('link', { name: 'Unavailability', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Unavailability', level: 1 })).toBeVisible();
      expect(await isSameDocument(page)).toBe(false);
      const after = await entryScript(page);
      expect(after).not.toBe(before);

      // Another deploy within the minute: no second automatic reload (neither ours nor the router's
      // own), the user is asked instead.
      await markDocument(page);
      await server.deploy();
      await page.getByRole('link', { name: 'Payments', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'The app has been updated' });
      await expect(alert).toContainText('Reload to try again');
      expect(await isSameDocument(page)).toBe(true);
      await expect(page.getByRole('main')).toContainText('This screen needs the new version of the app.');

      await alert.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
      expect(await entryScript(page)).toBe(before);
    } finally {
      await context.close();
    }
  });

  test('with unsaved changes, the form stays with what was typed, and Reload is the user’s choice', async ({
    browser,
  }) => {
    const context = await staffContext(browser, 'block');
    try {
      const page = await context.newPage();
      await page.goto('/add-customer');
      const person = page.getByRole('group', { name: 'Personal details' });
      await person.getByLabel('First name').fill('Dana');
      await person.getByLabel('Last name').fill('Deploy');
      const before = await entryScript(page);
      await markDocument(page);

      await server.deploy();
      await page.getByRole('link', { name: 'Vehicles', exact: true }).click();

      const alert = page.getByRole('alert').filter({ hasText: 'The app has been updated' });
      await expect(alert).toContainText('Save your changes first');
      await expect(page).toHaveURL(/\/add-customer$/);
      await expect(person.getByLabel('First name')).toHaveValue('Dana');
      await expect(person.getByLabel('Last name')).toHaveValue('Deploy');
      expect(await isSameDocument(page)).toBe(true);

      // From the keyboard; the browser asks before it discards the form.
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      const reload = alert.getByRole('button', { name: 'Reload' });
      await reload.focus();
      await expect(reload).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Add Customer', level: 1 })).toBeVisible();
      await expect.poll(() => entryScript(page)).not.toBe(before);
      expect(dialogs).toEqual(['beforeunload']);
    } finally {
      await context.close();
    }
  });

  test('with a write being sent, the reload waits for it, then happens', async ({ browser }) => {
    const context = await staffContext(browser, 'block');
    try {
      // The app's outbox test hook (see e2e/outbox.spec.ts).
      await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
      const page = await context.newPage();
      await page.goto('/staff/dashboard');
      await page.waitForFunction(() => (window as DeployWindow).__fleetOutbox !== undefined);
      const before = await entryScript(page);
      await markDocument(page);

      // A visitor's booking request whose answer is held on the way: the write is in flight.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/rentals/booking-requests/', async (route) => {
        await held;
        await route.continue();
      });
      const email = `deploy-${uniqueSuffix()}@example.com`;
      const vehicle = await bookableVehicle(context.request);
      await page.evaluate(
        ({ vehicleId, email: address, start, end }) =>
          (window as DeployWindow).__fleetOutbox?.enqueue({
            kind: 'anonymous-booking-request',
            target: `visitor:${address}`,
            method: 'POST',
            url: 'rentals/booking-requests/',
            json: {
              vehicle_id: vehicleId,
              first_name: 'Dee',
              last_name: 'Ploy',
              phone_number: '+44 20 7946 0958',
              email: address,
              start_date: start,
              end_date: end,
            },
            invalidate: [],
            label: `Booking request of ${address}`,
          }),
        { vehicleId: vehicle.id, email, start: isoDay(700), end: isoDay(703) },
      );
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (window as DeployWindow).__fleetOutbox?.entries())?.map((entry) => entry.state),
          ),
        )
        .toEqual(['sending']);

      await server.deploy();
      await page.getByRole('link', { name: 'Customer List', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'The app has been updated' });
      await expect(alert).toContainText('It reloads once your changes have been sent.');
      expect(await isSameDocument(page)).toBe(true);

      release();
      await expect(page.getByRole('heading', { name: 'Customer List', level: 1 })).toBeVisible();
      expect(await isSameDocument(page)).toBe(false);
      expect(await entryScript(page)).not.toBe(before);
      await expect
        .poll(() => page.evaluate(async () => (await (window as DeployWindow).__fleetOutbox?.entries())?.length))
        .toBe(0);
      const rows = await apiJson<{ customer_details: { email: string } }[]>(
        context.request,
        'GET',
        'staff-booking-requests/?limit=200',
      );
      expect(rows.filter((row) => row.customer_details.email === email)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  test('offline, a screen whose code cannot be fetched says so, and the page is not reloaded', async ({ browser }) => {
    const context = await staffContext(browser, 'block');
    try {
      const page = await context.newPage();
      await page.goto('/staff/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await markDocument(page);

      await context.setOffline(true);
      await page.getByRole('link', { name: 'Customer List', exact: true }).click();
      await expect(page.getByRole('main')).toContainText(
        'This screen could not be loaded. Check your connection, then try again.',
      );
      expect(await isSameDocument(page)).toBe(true);

      await context.setOffline(false);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Customer List', level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('with a service worker: the old precache serves the old version until the new worker takes over, then the tab reloads into it', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await staffContext(browser, 'allow');
    try {
      const page = await context.newPage();
      await page.goto('/staff/dashboard');
      await waitForServiceWorker(page);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      const before = await entryScript(page);
      expect(await isPrecached(page, before)).toBe(true);
      await markDocument(page);
      await page.evaluate(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () =>
          document.body.setAttribute('data-sw-changed', ''),
        );
      });

      await server.deploy();
      // Still the old worker: the old chunks come from its precache, and nothing reloads.
      await page.getByRole('link', { name: 'Customer List', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Customer List', level: 1 })).toBeVisible();
      expect(await isSameDocument(page)).toBe(true);

      // The new worker installs beside it and waits for the user.
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({
        timeout: 15_000,
      });

      // The user takes the update in another tab: the new worker activates and controls this one too.
      const other = await context.newPage();
      await other.goto('/staff/dashboard');
      const otherReloaded = other.waitForEvent('load');
      await other.getByRole('status').filter({ hasText: 'A new version is available' }).getByRole('button').click();
      await otherReloaded;
      expect(await entryScript(other)).not.toBe(before);
      await expect(page.locator('body[data-sw-changed]')).toBeAttached();

      // This tab still runs the old code, whose chunks the new worker's precache no longer has.
      await expect.poll(() => isPrecached(page, before)).toBe(false);
      // The old worker's install also left them in the browser's HTTP cache, where they may last a
      // while; cleared here, as an eviction would, so that the old code is truly gone.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/fleet\/vehicles$/);
      expect(await isSameDocument(page)).toBe(false);
      expect(await entryScript(page)).toBe(await entryScript(other));
    } finally {
      await context.close();
    }
  });
});
