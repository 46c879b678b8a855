import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  apiJson,
  csrfHeaders,
  goOffline,
  isoDay,
  PHONE,
  signInApi,
  signInContext,
  TABLET,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { receivedMails, waitForMail } from './support/mail.ts';

/**
 * Staff booking requests as an agency uses them on a tablet or a phone: the list, the review made
 * offline and sent once when the connection returns, the customer seeing it accepted and getting
 * exactly one e-mail (read from the test SMTP server), and the review screen's loading and
 * not-found states.
 */

const CUSTOMER_EMAIL = 'customer@example.com';
/** The agency of the `agency` demo login. */
const NORTH = 'Northern Wheels';

interface PublicVehicle {
  id: number;
  make: string;
  model: string;
  agency_name: string;
  pickup_locations: { id: number }[];
}

interface CreatedRequest {
  id: number;
  start_date: string;
  end_date: string;
  vehicle: string;
}

const britishDate = (iso: string) => iso.split('-').reverse().join('/');

/** A request of the demo customer for a vehicle of Northern Wheels, on dates no other test uses. */
async function customerRequest(request: APIRequestContext, notes: string): Promise<CreatedRequest> {
  const vehicles = (await (await request.get('/api/public-vehicles/?limit=500')).json()) as PublicVehicle[];
  const vehicle = vehicles.find((candidate) => candidate.agency_name === NORTH && candidate.pickup_locations[0]);
  const place = vehicle?.pickup_locations[0];
  if (!vehicle || !place) throw new Error(`The demo data has no bookable vehicle of ${NORTH}.`);
  await signInApi(request, 'customer');
  // Other specs book, hold and block this vehicle on dates of their own: a taken pick is drawn again.
  for (let attempt = 1; ; attempt += 1) {
    const offset = 600 + Math.floor(Math.random() * 2000);
    const reply = await request.post('/api/booking-requests/', {
      headers: await csrfHeaders(request),
      data: {
        vehicle_id: vehicle.id,
        start_date: isoDay(offset),
        end_date: isoDay(offset + 2),
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location_id: place.id,
        dropoff_location_id: place.id,
        message: `Please have it ready early. (${notes})`,
      },
    });
    if (reply.status() === 409 && attempt < 5) continue;
    expect(reply.status(), await reply.text()).toBe(201);
    const created = (await reply.json()) as { id: number; start_date: string; end_date: string };
    return { ...created, vehicle: `${vehicle.make} ${vehicle.model}` };
  }
}

/** The list's entry for one request: its table row, or its card on a phone (found by its dates). */
function listEntry(page: Page, created: CreatedRequest, phone: boolean) {
  const dates = `${britishDate(created.start_date)} → ${britishDate(created.end_date)}`;
  return phone
    ? page.getByRole('list', { name: 'Booking requests' }).getByRole('listitem').filter({ hasText: dates })
    : page.getByRole('row').filter({ hasText: dates });
}

/** The demo customer, signed in in a browser of their own, sees the request as accepted. */
async function customerSeesAccepted(browser: Browser, created: CreatedRequest, phone: boolean) {
  const context = await browser.newContext(phone ? PHONE : TABLET);
  try {
    await signInContext(context, 'customer');
    const page = await context.newPage();
    await page.goto('/customer/booking-requests');
    const card = page
      .getByRole('article')
      .filter({ hasText: `${britishDate(created.start_date)} – ${britishDate(created.end_date)}` });
    await expect(card).toHaveAccessibleName(`${created.vehicle}, accepted`);
    await expect(card.getByRole('link', { name: 'Confirm Booking' })).toBeVisible();
  } finally {
    await context.close();
  }
}

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`staff booking requests on a ${name}`, () => {
    test.use(device);
    const phone = name === 'phone';

    test('a review made offline is sent once when back online; the customer sees it and gets one e-mail', async ({
      page,
      context,
      request,
      browser,
    }) => {
      const notes = `License checked at the desk (${name} ${Date.now()}).`;
      const created = await customerRequest(request, name);
      const since = new Date();
      const reviews: number[] = [];
      context.on('response', (response) => {
        if (
          response.request().method() === 'PATCH' &&
          response.url().includes(`/api/staff-booking-requests/${created.id}/`)
        ) {
          reviews.push(response.status());
        }
      });

      await signInContext(context, 'agency');
      await page.goto('/bookings/requests');
      await waitForServiceWorker(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Booking Requests' })).toBeVisible();
      const entry = listEntry(page, created, phone);
      await expect(entry).toContainText('Jamie Taylor');
      await expect(entry).toContainText(created.vehicle);
      await expect(entry).toContainText('Pending');
      await expectAccessible(page);

      await entry.getByRole('link', { name: /^Review/ }).click();
      await expect(page).toHaveURL(new RegExp(`/booking-requests/${created.id}$`));
      await expect(main.getByRole('heading', { level: 1, name: 'Review Booking Request' })).toBeVisible();
      await expect(main.getByRole('heading', { level: 2, name: created.vehicle })).toBeVisible();
      await expect(main.getByText(britishDate(created.start_date), { exact: true })).toBeVisible();
      await expect(main.getByText(CUSTOMER_EMAIL)).toBeVisible();
      await expect(main.getByText(`Please have it ready early. (${name})`)).toBeVisible();
      await expect(main.getByLabel('Status')).toHaveValue('pending');
      await expectAccessible(page);

      await goOffline(context, page);
      await main.getByLabel('Status').selectOption({ label: 'Accept' });
      await main.getByLabel('Staff Notes').fill(notes);
      await main.getByRole('button', { name: 'Save Review' }).click();

      await expect(page).toHaveURL(/\/bookings\/requests$/);
      await expect(main.getByRole('status').filter({ hasText: 'the review is saved on this device' })).toBeVisible();
      await expect(entry).toContainText('Review waiting to send');
      const waiting = await apiJson<{ status: string }>(request, 'GET', `booking-requests/${created.id}/`);
      expect(waiting.status).toBe('pending');
      expect(reviews).toEqual([]);

      await context.setOffline(false);
      await expect(entry).not.toContainText('Review waiting to send', { timeout: 20_000 });
      await expect(
        main.getByRole('status').filter({ hasText: 'The review saved on this device has been sent.' }),
      ).toBeVisible();
      await expect(entry).toContainText('Reviewed');
      await expect(entry).toContainText('Accepted');
      expect(reviews).toEqual([200]);
      const stored = await apiJson<{ status: string }>(request, 'GET', `booking-requests/${created.id}/`);
      expect(stored.status).toBe('accepted');

      await customerSeesAccepted(browser, created, phone);

      const confirmLink = new RegExp(`https?://\\S+/customer/booking-requests/${created.id}/confirm`);
      const mail = await waitForMail(CUSTOMER_EMAIL, since, confirmLink);
      expect(mail.subject).toBe(`Your booking request for the ${created.vehicle} was accepted`);
      expect(mail.text).toContain(notes);
      expect(mail.text).toMatch(confirmLink);
      // Nothing is left on the device to send again: the review went once, and so did its mail.
      await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible();
      const aboutThis = (await receivedMails(CUSTOMER_EMAIL, since)).filter((received) =>
        confirmLink.test(received.text),
      );
      expect(aboutThis).toHaveLength(1);
      expect(reviews).toEqual([200]);
    });

    test.describe('without the service worker, so the test can hold the answer', () => {
      // page.route does not see requests a service worker makes.
      test.use({ serviceWorkers: 'block' });

      test('the review screen says "Loading..." and "Booking request not found."', async ({
        page,
        context,
        request,
        browser,
      }) => {
        await signInContext(context, 'agency');
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/api\/staff-booking-requests\/999999\//, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto('/booking-requests/999999');
        const main = page.getByRole('main');
        await expect(main.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
        release();
        await expect(main.getByRole('alert')).toHaveText(/Booking request not found\./);
        await main.getByRole('link', { name: 'Back to Booking Requests' }).click();
        await expect(page).toHaveURL(/\/bookings\/requests$/);

        // Another agency's request is not found either: the server answers 404, the screen says so.
        const created = await customerRequest(request, `${name} other agency`);
        const other = await browser.newContext({ ...device, serviceWorkers: 'block' });
        try {
          await signInContext(other, 'agency2');
          const otherPage = await other.newPage();
          await otherPage.goto(`/booking-requests/${created.id}`);
          const otherMain = otherPage.getByRole('main');
          await expect(otherMain.getByRole('alert')).toHaveText(/Booking request not found\./);
          await expect(otherMain.getByLabel('Staff Notes')).toHaveCount(0);
          await expectAccessible(otherPage);
        } finally {
          await other.close();
        }
      });
    });
  });
}

test('the status filter asks the server for one status', async ({ page, context }) => {
  await page.setViewportSize(TABLET.viewport);
  await signInContext(context, 'agency');
  await page.goto('/bookings/requests');
  const main = page.getByRole('main');
  await main.getByLabel('Status').selectOption({ label: 'Declined' });
  await expect(page).toHaveURL(/status=declined/);
  const rows = main.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // Only the header row lacks the decision.
  await expect(rows.filter({ hasNotText: 'Declined' })).toHaveCount(1);
  await expect(main.getByText(/^(Showing \d+ of \d+ booking requests|\d+ booking requests?)$/)).toBeVisible();
});

test('an agency without requests sees the empty list', async ({ page, context }) => {
  await page.setViewportSize(TABLET.viewport);
  await signInContext(context, 'freshfleet');
  await page.goto('/bookings/requests');
  await expect(page.getByRole('main').getByText('No booking requests found.')).toBeVisible();
  await expectAccessible(page);
});
