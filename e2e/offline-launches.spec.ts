import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import type { MaintenanceRecord } from '../src/domain/api/maintenance.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import {
  anotherVisitor,
  apiJson,
  bookableVehicle,
  csrfHeaders,
  DEMO_PASSWORD,
  goOffline,
  signInWithForm,
  isoDay,
  PHONE,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { waitForCacheSavedAfter, waitForSavedQuery } from './support/waits.ts';

/**
 * Issue 19 §1: a signed-in user stays signed in through any number of offline launches — reloads
 * and new tabs — with the screens already seen, and what they queued offline is sent once when the
 * connection returns. Only the server's definite answer signs someone out.
 */

const OFFLINE_RELOADS = 5;
const NEW_TABS = 2;
// Seven launches, each settled, then the reconnection.
test.describe.configure({ timeout: 120_000 });

/** The app's next check of the session with the server (`auth/me/`), once it has ended either way. */
function nextSessionCheck(page: Page): Promise<Request> {
  return new Promise((resolve) => {
    const ended = (request: Request) => {
      if (new URL(request.url()).pathname !== '/api/auth/me/') return;
      page.off('requestfailed', ended);
      page.off('requestfinished', ended);
      resolve(request);
    };
    page.on('requestfailed', ended);
    page.on('requestfinished', ended);
  });
}

/**
 * Launches the app (`launch` opens or reloads `page`) and waits until the launch has settled as a
 * person's would before the next: after an offline start the app checks the session with the
 * server (it fails), and the cache is saved (at most once a second) with what followed.
 */
async function settledLaunch(page: Page, launch: () => Promise<unknown>): Promise<void> {
  const check = nextSessionCheck(page);
  await launch();
  await waitForCacheSavedAfter(page, (await check).timing().startTime);
}

/** Opens `path` in a fresh tab of the same (offline) browser and checks the user is still in. */
async function expectSignedInNewTab(context: BrowserContext, path: string, heading: RegExp): Promise<void> {
  const tab = await context.newPage();
  await settledLaunch(tab, () => tab.goto(path));
  await expect(tab).toHaveURL((url) => url.pathname === new URL(path, 'http://x').pathname);
  await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await tab.close();
}

async function registerCustomer(context: BrowserContext): Promise<string> {
  const username = `offline-${uniqueSuffix()}`;
  const reply = await context.request.post('/api/register/customer/', {
    headers: { ...(await csrfHeaders(context.request)), ...anotherVisitor() },
    data: {
      email: `${username}@example.com`,
      username,
      phone_number: '+44 20 7946 0958',
      first_name: 'Odile',
      last_name: 'Offline',
      password: DEMO_PASSWORD,
    },
  });
  expect(reply.ok()).toBe(true);
  return username;
}

test.describe('an agent on a tablet', () => {
  test.use(TABLET);

  test('stays signed in through five offline reloads and two new tabs; the queued record is sent once', async ({
    page,
    context,
  }) => {
    await signInWithForm(page, 'agent');
    await expect(page).toHaveURL('/staff/dashboard');
    const [vehicle] = await apiJson<StaffVehicle[]>(context.request, 'GET', 'staff-vehicles/?limit=1');
    if (!vehicle) throw new Error('The demo agency has no vehicle.');
    const before = await apiJson<MaintenanceRecord[]>(context.request, 'GET', `maintenance/?vehicle=${vehicle.id}`);
    const maintenance = `/fleet/maintenance?vehicle=${vehicle.id}`;
    await page.goto(maintenance);
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Records' })).toBeVisible();
    await waitForServiceWorker(page);
    await goOffline(context, page);

    const notes = `Queued through offline launches ${uniqueSuffix()}`;
    await page.getByRole('button', { name: '+ Add Record' }).click();
    const form = page.getByRole('form', { name: 'Add record' });
    await form.getByLabel('Mileage').fill(String(vehicle.mileage + 10));
    await form.getByLabel('Cost').fill('80');
    await form.getByLabel('Notes').fill(notes);
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(page.getByText(/the record is saved on this device/)).toBeVisible();
    await waitForSavedQuery(page, { key: ['session'], shows: '"agent"' });

    for (let launch = 1; launch <= OFFLINE_RELOADS; launch += 1) {
      await settledLaunch(page, () => page.reload());
      await expect(page, `offline reload ${launch}`).toHaveURL(maintenance);
      await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Records' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Offline.*1 pending/ })).toBeVisible();
    }
    for (let tab = 1; tab <= NEW_TABS; tab += 1) {
      await expectSignedInNewTab(
        context,
        tab === 1 ? '/staff/dashboard' : maintenance,
        /^(Dashboard|Maintenance Records)$/,
      );
    }

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(maintenance);
    const after = await apiJson<MaintenanceRecord[]>(context.request, 'GET', `maintenance/?vehicle=${vehicle.id}`);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((record) => record.notes === notes)).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Records' })).toBeVisible();
  });

  test('an access token that expired during a long offline spell is renewed on reconnection', async ({
    page,
    context,
  }) => {
    await signInWithForm(page, 'agent');
    await page.goto('/fleet/vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    await waitForServiceWorker(page);
    await waitForSavedQuery(page, { key: ['staff-vehicles'] });
    await goOffline(context, page);
    await settledLaunch(page, () => page.reload());
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    // The 10-minute access cookie is gone by the time the signal returns; the refresh cookie is not.
    await context.clearCookies({ name: 'access_token' });
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/token/refresh/') refreshes.push(response.status());
    });

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page).toHaveURL('/fleet/vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    await expect.poll(() => refreshes).toContain(200);
  });

  test('signing out is still the server’s word: a refused refresh online goes to /login', async ({ page, context }) => {
    await signInWithForm(page, 'agent');
    await page.goto('/fleet/vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    // The page's own calls are answered first: a reply still on its way when the cookies go would
    // set them again (seen on a loaded machine: the reload then found a session and stayed).
    await page.waitForLoadState('networkidle');
    // The session ended elsewhere (no cookie left): the server's 401s are a definite answer.
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL('/login', { timeout: 15_000 });
  });
});

test.describe('a customer on a phone', () => {
  test.use(PHONE);

  test('stays signed in through five offline reloads and two new tabs; the queued request is sent once', async ({
    page,
    context,
    request,
  }) => {
    const vehicle = await bookableVehicle(request, 9);
    const username = await registerCustomer(context);
    await signInWithForm(page, username);
    await expect(page).toHaveURL('/customer/dashboard');
    await page.goto('/public-customers/book-vehicle');
    const bookNow = page.getByRole('link', { name: `Book Now: ${vehicle.make} ${vehicle.model}` }).first();
    await expect(bookNow).toBeVisible();
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await bookNow.click();
    const start = isoDay(640);
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(isoDay(643));
    const location = vehicle.pickup_locations[0];
    if (!location) throw new Error('The vehicle has no pickup location.');
    await page.getByLabel('Pickup location').selectOption(String(location.id));
    await page.getByLabel('Dropoff location').selectOption(String(location.id));
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page).toHaveURL('/customer/dashboard', { timeout: 10_000 });
    await expect(page.getByText('1 booking request waiting to send.')).toBeVisible();
    await waitForSavedQuery(page, { key: ['session'], shows: `"${username}"` });

    for (let launch = 1; launch <= OFFLINE_RELOADS; launch += 1) {
      await settledLaunch(page, () => page.reload());
      await expect(page, `offline reload ${launch}`).toHaveURL('/customer/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
      await expect(page.getByText('1 booking request waiting to send.')).toBeVisible();
    }
    for (let tab = 1; tab <= NEW_TABS; tab += 1) {
      await expectSignedInNewTab(context, '/customer/dashboard', /^Welcome/);
    }

    await context.setOffline(false);
    await expect(page.getByText('1 booking request waiting to send.')).toHaveCount(0, { timeout: 30_000 });
    await expect(page).toHaveURL('/customer/dashboard');
    const own = await apiJson<{ vehicle: number; start_date: string }[]>(
      context.request,
      'GET',
      'booking-requests/?limit=200',
    );
    expect(own.filter((row) => row.vehicle === vehicle.id && row.start_date === start)).toHaveLength(1);
  });
});

for (const [role, device, size] of [
  ['agency', PHONE, 'phone'],
  ['staff', TABLET, 'tablet'],
] as const) {
  test(`the ${role} role on a ${size} stays signed in through offline reloads and a new tab`, async ({ browser }) => {
    const context = await browser.newContext(device);
    const page = await context.newPage();
    await signInWithForm(page, role);
    await page.goto('/fleet/vehicles');
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    await waitForServiceWorker(page);
    await waitForSavedQuery(page, { key: ['staff-vehicles'] });
    await goOffline(context, page);
    for (let launch = 1; launch <= 3; launch += 1) {
      await settledLaunch(page, () => page.reload());
      await expect(page, `offline reload ${launch}`).toHaveURL('/fleet/vehicles');
      await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    }
    await expectSignedInNewTab(context, '/staff/dashboard', /^Dashboard$/);
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL('/fleet/vehicles');
    await context.close();
  });
}
