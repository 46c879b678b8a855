import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  anotherVisitor,
  apiJson,
  bookableVehicle,
  csrfHeaders,
  DEMO_PASSWORD,
  goOffline,
  isoDay,
  PHONE,
  signInApi,
  signInWithForm,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';

/**
 * Issue 19 §2: a write queued offline is closed out where the person is. Delivered, it is told on
 * the screen they are on and listed under "Recently sent"; refused (the dates were taken meanwhile),
 * the panel says so in the server's words and reopens the form with what was typed.
 */

type Vehicle = Awaited<ReturnType<typeof bookableVehicle>>;

async function signInNewCustomer(context: BrowserContext, page: Page): Promise<void> {
  const username = `closeout-${uniqueSuffix()}`;
  const reply = await context.request.post('/api/register/customer/', {
    headers: { ...(await csrfHeaders(context.request)), ...anotherVisitor() },
    data: {
      email: `${username}@example.com`,
      username,
      phone_number: '+44 20 7946 0958',
      first_name: 'Cleo',
      last_name: 'Closeout',
      password: DEMO_PASSWORD,
    },
  });
  expect(reply.ok()).toBe(true);
  await signInWithForm(page, username);
  await expect(page).toHaveURL('/customer/dashboard');
}

/** Sends a customer's request for `vehicle` from its form while offline. */
async function queueRequest(page: Page, vehicle: Vehicle, start: string, end: string): Promise<void> {
  await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  const location = vehicle.pickup_locations[0];
  if (!location) throw new Error('The vehicle has no pickup location.');
  await page.getByLabel('Pickup location').selectOption(String(location.id));
  await page.getByLabel('Dropoff location').selectOption(String(location.id));
  await page.getByLabel('Message (optional)').fill('Typed in the yard.');
  await page.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page).toHaveURL('/customer/dashboard', { timeout: 10_000 });
}

/** The notice on screen (the live region beside it says the same to a screen reader). */
const notice = (page: Page) => page.getByRole('paragraph').filter({ hasText: /^(Not sent|Sent): / });

/**
 * Days ahead for this attempt: a retry (or a repeat) books other dates, not the ones its first
 * attempt left taken on the same server.
 */
const attemptDay = (days: number) => {
  const { retry, repeatEachIndex } = test.info();
  return isoDay(days + 30 * (retry + 3 * repeatEachIndex));
};

/** dd/mm/yyyy, as the labels show dates. */
const british = (iso: string) => iso.split('-').reverse().join('/');

// Offline, a queued write, the connection back: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe('a customer on a phone', () => {
  test.use(PHONE);

  test('a request sent when the connection returns is told on screen and listed as recently sent', async ({
    page,
    context,
    request,
  }) => {
    const vehicle = await bookableVehicle(request, 11);
    await signInNewCustomer(context, page);
    await page.goto('/public-customers/book-vehicle');
    await waitForServiceWorker(page);
    await goOffline(context, page);
    const start = attemptDay(660);
    const end = attemptDay(662);
    await queueRequest(page, vehicle, start, end);
    const status = page.getByRole('button', { name: 'Offline, 1 pending' });
    await expect(status).toBeVisible();

    await context.setOffline(false);
    const label = `Booking request: ${vehicle.make} ${vehicle.model}, ${british(start)} – ${british(end)}`;
    await expect(notice(page)).toHaveText(`Sent: ${label}.`, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Online' })).toBeVisible();
    await page.getByRole('button', { name: 'Online' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    const recent = panel.getByRole('region', { name: 'Recently sent' });
    await expect(recent.getByText(label)).toBeVisible();
    await expect(recent.getByText('Sent', { exact: true })).toBeVisible();
  });
});

test.describe('a customer on a tablet', () => {
  test.use(TABLET);

  test('a request refused because the dates were taken says why and reopens its form to change the dates', async ({
    page,
    context,
    request,
  }) => {
    const vehicle = await bookableVehicle(request, 12);
    await signInNewCustomer(context, page);
    await page.goto('/public-customers/book-vehicle');
    await waitForServiceWorker(page);
    await goOffline(context, page);
    const taken = { start: attemptDay(670), end: attemptDay(673) };
    await queueRequest(page, vehicle, taken.start, taken.end);

    // Meanwhile the desk books the vehicle for those dates.
    await signInApi(request, 'staff');
    const [customer] = await apiJson<{ id: number }[]>(request, 'GET', 'customers/?limit=1');
    if (!customer) throw new Error('The demo data has no customer.');
    await apiJson(request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: taken.start,
      end_date: taken.end,
      booking_status: 'confirmed',
    });

    await context.setOffline(false);
    // Told on the screen they are on, in the server's words; the count says the same as the screen.
    await expect(notice(page)).toHaveText(/^Not sent: Booking request: .*not available for those dates/, {
      timeout: 30_000,
    });
    const status = page.getByRole('button', { name: 'Online, 1 pending, 1 needs attention' });
    await expect(status).toBeVisible();
    await expect(status).toContainText('1 pending');
    await expect(status).toContainText('1 needs attention');

    await page.getByRole('button', { name: 'Open sync status' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    // A 409: the data changed on the server since the request was typed.
    await expect(panel.getByText('Conflict', { exact: true })).toBeVisible();
    await expect(panel.getByText('This vehicle is not available for those dates.').first()).toBeVisible();
    await panel.getByRole('button', { name: 'Change the dates' }).click();

    // The form again, with what was typed, and why it was not sent.
    await expect(page).toHaveURL((url) => url.pathname === `/public-customers/book-vehicle/${vehicle.id}`);
    await expect(page.getByText('This request was not sent.')).toBeVisible();
    await expect(page.getByLabel('Start date')).toHaveValue(taken.start);
    await expect(page.getByLabel('End date')).toHaveValue(taken.end);
    await expect(page.getByLabel('Message (optional)')).toHaveValue('Typed in the yard.');
    await expect(page.getByLabel('Start date')).toBeFocused();

    const free = { start: attemptDay(680), end: attemptDay(683) };
    await page.getByLabel('Start date').fill(free.start);
    await page.getByLabel('End date').fill(free.end);
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page.getByText('Booking request sent!', { exact: false })).toBeVisible({ timeout: 15_000 });
    // The refused one is gone; the corrected one is on the server, once.
    await expect(page.getByRole('button', { name: 'Online' })).toBeVisible();
    const own = await apiJson<{ vehicle: number; start_date: string; message: string }[]>(
      context.request,
      'GET',
      'booking-requests/?limit=200',
    );
    const mine = own.filter((row) => row.vehicle === vehicle.id);
    expect(mine.map((row) => row.start_date)).toEqual([free.start]);
    expect(mine[0]?.message).toBe('Typed in the yard.');
  });
});
