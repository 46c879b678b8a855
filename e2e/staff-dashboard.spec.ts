import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DeskSummary } from '../src/domain/api/desk.ts';
import {
  apiJson,
  goOffline,
  isoDay,
  persistedQueryKeys,
  PHONE,
  signInApi,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { SHARED_DATA } from './support/shared-data.ts';
import { waitForSavedQuery } from './support/waits.ts';

/**
 * The staff dashboard (the desk's day at a glance, the pending-agency notice) and Logout on a
 * shared tablet: unsent writes are the user's own, waited for or discarded, and nothing the app
 * kept for the user stays on the device.
 */

const TOUCH_TABLET = { ...TABLET, hasTouch: true } as const;

/** The browser's own today, as the dashboard counts it. */
const localToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

// The demo agency's figures for today, read through the API, then on the screen.
test.describe('tablet', SHARED_DATA, () => {
  test.use(TOUCH_TABLET);

  test('the desk sees its day: requests to review, pickups, returns and vehicles out, with links', async ({
    context,
    page,
  }) => {
    await signInContext(context, 'agency');
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back, Tom.')).toBeVisible();

    const summary = await apiJson<DeskSummary>(
      context.request,
      'GET',
      `staff-dashboard/?date=${await localToday(page)}`,
    );
    const figures = page.getByRole('list', { name: 'Today at a glance' });
    for (const [label, value] of [
      ['Requests to review', summary.pending_requests],
      ['Pickups today', summary.pickups_total],
      ['Returns today', summary.returns_total],
      ['Vehicles out today', summary.vehicles_out],
    ] as const) {
      await expect(figures.getByRole('listitem').filter({ hasText: label })).toContainText(String(value));
    }
    await expect(figures).toContainText(`of ${summary.fleet_size} in the fleet`);

    const pickups = page.getByRole('region', { name: "Today's pickups" });
    if (summary.pickups.length === 0) await expect(pickups.getByText('No pickups today.')).toBeVisible();
    else await expect(pickups.getByRole('listitem')).toHaveCount(summary.pickups.length);
    await expectAccessible(page);

    await figures.getByRole('link', { name: 'Review requests: Requests to review' }).click();
    await expect(page).toHaveURL(/\/bookings\/requests$/);
  });

  test('Logout with a change not sent yet: stay, or log out once it has been sent', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
    const requestId = await newRequestForAgency(context.request);
    await signInContext(context, 'agency');
    await page.goto('/staff/dashboard');
    await waitForServiceWorker(page);
    await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);

    await goOffline(context, page);
    const label = `Review of request ${requestId}`;
    await page.evaluate((body) => (window as HookWindow).__fleetOutbox?.enqueue(body), reviewWrite(requestId, label));

    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(dialog).toContainText('1 change you made on this device has not reached the server yet.');
    await expect(dialog.getByRole('listitem')).toHaveText(label);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Log out once sent' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Waiting for the connection to send them...');
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });

    // The review reached the server once, under the agency's own session, before the sign-out.
    await signInApi(context.request, 'agency');
    const reviewed = await apiJson<{ status: string; staff_notes: string }>(
      context.request,
      'GET',
      `staff-booking-requests/${requestId}/`,
    );
    expect(reviewed).toMatchObject({ status: 'declined', staff_notes: label });
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('an agency still waiting for approval is told so, with what it can already do', async ({ context, page }) => {
    await signInContext(context, 'freshfleet');
    await page.goto('/staff/dashboard');
    const notice = page.getByText('Fresh Fleet Motors is waiting for approval.');
    await expect(notice).toBeVisible();
    await expect(page.getByRole('link', { name: 'add vehicles' })).toHaveAttribute('href', '/add-vehicle');
    await expect(page.getByRole('link', { name: 'record bookings' })).toHaveAttribute('href', '/add-booking');
    await expectAccessible(page);
  });

  test('Discard and log out leaves nothing of the user on the device', async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
    const requestId = await newRequestForAgency(context.request);
    await signInContext(context, 'agency');
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('list', { name: 'Today at a glance' })).toBeVisible();
    await waitForServiceWorker(page);
    await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
    // A staff list answered through the service worker lands in its per-user cache.
    await page.evaluate(() => fetch('/api/staff-vehicles/?limit=5', { credentials: 'include' }));
    expect(await page.evaluate(() => caches.has('fleet-staff-vehicles'))).toBe(true);
    // The persister writes at most once a second: the dashboard reaches IndexedDB.
    await waitForSavedQuery(page, { key: ['staff-dashboard'] });

    await goOffline(context, page);
    await page.evaluate(
      (body) => (window as HookWindow).__fleetOutbox?.enqueue(body),
      reviewWrite(requestId, `Review ${uniqueSuffix()}`),
    );
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page
      .getByRole('dialog', { name: 'Changes not sent yet' })
      .getByRole('button', { name: 'Discard and log out' })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    expect(await page.evaluate(() => (window as HookWindow).__fleetOutbox?.entries())).toEqual([]);
    expect(await page.evaluate(() => caches.has('fleet-staff-vehicles'))).toBe(false);
    await expect
      .poll(async () => (await persistedQueryKeys(page)).filter((key) => key[0] !== 'session' && key[0] !== 'settings'))
      .toEqual([]);

    // Offline, the next person finds the sign-in, not the previous user's dashboard.
    await page.goto('/staff/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await context.setOffline(false);
    // Back online, the sign-out made offline reaches the server when the page next asks for the
    // session. It must land before the sign-in below, which shares the page's cookies, or it would
    // sign that one out instead.
    await page.goto('/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('fleet:pending-logout'))).toBeNull();
    await signInApi(context.request, 'agency');
    const request = await apiJson<{ status: string }>(context.request, 'GET', `staff-booking-requests/${requestId}/`);
    expect(request.status).toBe('pending');
  });
});

interface HookRequest {
  kind: 'request-review';
  target: string;
  method: 'PATCH';
  url: string;
  json: unknown;
  invalidate: unknown[][];
  label: string;
}

type HookWindow = Window & {
  __fleetOutbox?: { enqueue(request: HookRequest): Promise<unknown>; entries(): Promise<unknown[]> };
};

function reviewWrite(requestId: number, label: string): HookRequest {
  return {
    kind: 'request-review',
    target: `booking-request:${requestId}`,
    method: 'PATCH',
    url: `staff-booking-requests/${requestId}/`,
    json: { status: 'declined', staff_notes: label },
    invalidate: [],
    label,
  };
}

/** A fresh customer's request for a vehicle of the demo agency (Northern Wheels), far ahead. */
async function newRequestForAgency(request: APIRequestContext): Promise<number> {
  const vehicles = (await (await request.get('/api/public-vehicles/?limit=500')).json()) as {
    id: number;
    agency_name: string;
    pickup_locations: { id: number }[];
  }[];
  const vehicle = vehicles.find((item) => item.agency_name === 'Northern Wheels' && item.pickup_locations.length > 0);
  if (!vehicle) throw new Error('No vehicle of Northern Wheels with a pickup location in the demo data.');
  const location = vehicle.pickup_locations[0]?.id;
  const suffix = uniqueSuffix();
  await apiJson(request, 'POST', 'register/customer/', {
    email: `desk-${suffix}@example.com`,
    username: `desk${suffix}`,
    phone_number: '+44 7700 900123',
    first_name: 'Dana',
    last_name: 'Desk',
    password: 'a-long-password',
  });
  await signInApi(request, `desk${suffix}`, 'a-long-password');
  const start = 900 + Math.floor(Math.random() * 300);
  const created = await apiJson<{ id: number }>(request, 'POST', 'booking-requests/', {
    vehicle_id: vehicle.id,
    start_date: isoDay(start),
    end_date: isoDay(start + 1),
    pickup_time: '09:00',
    dropoff_time: '18:00',
    pickup_location_id: location,
    dropoff_location_id: location,
  });
  await apiJson(request, 'POST', 'logout/');
  return created.id;
}
