import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import {
  apiJson,
  bookableVehicle,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  PNG,
  signInApi,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';

/**
 * A customer's booking requests, the three-step confirmation with a real license upload, the
 * confirmation and booking pages and the customer's bookings list, as a person uses them.
 */

/** A small one-page PDF (the server rebuilds PDF licenses from their pages, so it needs one). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

interface QueuedRequest {
  kind: 'booking-request';
  target: string;
  method: 'POST';
  url: string;
  json: unknown;
  invalidate: string[][];
  label: string;
}

/** The outbox test hook the app exposes when localStorage 'fleet.e2e' is '1' (see e2e/outbox.spec.ts). */
type HookWindow = Window & { __fleetOutbox?: { enqueue(request: QueuedRequest): Promise<unknown> } };

interface Customer {
  username: string;
  password: string;
}

interface CreatedRequest {
  id: number;
  vehicle_details: { make: string; model: string };
}

/** A new customer account, signed in in the browser context. */
async function freshCustomer(request: APIRequestContext): Promise<Customer> {
  const suffix = uniqueSuffix();
  const customer = { username: `cb-${suffix}`, password: 'journey-pass-1' };
  await apiJson(request, 'POST', 'register/customer/', {
    email: `cb-${suffix}@example.com`,
    username: customer.username,
    phone_number: '+44 20 7946 0958',
    first_name: 'Robin',
    last_name: 'Booker',
    password: customer.password,
  });
  await signInApi(request, customer.username, customer.password);
  return customer;
}

/** A booking request of the signed-in customer (through the API), for dates `daysAhead` from today. */
async function bookingRequest(
  request: APIRequestContext,
  vehicleIndex: number,
  daysAhead: number,
): Promise<CreatedRequest> {
  const vehicle = await bookableVehicle(request, vehicleIndex);
  const location = vehicle.pickup_locations[0]?.id;
  return apiJson<CreatedRequest>(request, 'POST', 'booking-requests/', {
    vehicle_id: vehicle.id,
    start_date: isoDay(daysAhead),
    end_date: isoDay(daysAhead + 2),
    pickup_time: '09:00',
    dropoff_time: '18:00',
    pickup_location_id: location,
    dropoff_location_id: location,
    message: 'Booked by the e2e journey.',
  });
}

/** Staff accepts the request, signed in in a request context of its own. */
async function staffAccepts(baseURL: string | undefined, requestId: number): Promise<void> {
  const staff = await playwrightRequest.newContext({ baseURL });
  await signInApi(staff, 'staff');
  await apiJson(staff, 'PATCH', `staff-booking-requests/${requestId}/`, { status: 'accepted' });
  await staff.dispose();
}

const name = (request: CreatedRequest) => `${request.vehicle_details.make} ${request.vehicle_details.model}`;

for (const [label, device, vehicleIndex, daysAhead] of [
  ['desktop', DESKTOP, 0, 600],
  ['phone', PHONE, 1, 620],
] as const) {
  test.describe(`on ${label}`, () => {
    test.use(device);

    test('request accepted by staff → three-step confirmation → booking details and list', async ({
      page,
      context,
      baseURL,
    }) => {
      // The whole journey, with an accessibility scan of every screen on the way.
      test.setTimeout(90_000);
      await freshCustomer(context.request);
      const created = await bookingRequest(context.request, vehicleIndex, daysAhead);
      await staffAccepts(baseURL, created.id);

      await page.goto('/customer/booking-requests');
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Requests' })).toBeVisible();
      const card = page.getByRole('article', { name: `${name(created)}, accepted` });
      await expect(card.getByRole('heading', { name: name(created) })).toBeVisible();
      await expect(card.getByText('accepted', { exact: true })).toBeVisible();
      await expect(card.getByText('Deposit')).toBeVisible();
      await expect(page.getByText('1 booking request', { exact: true })).toBeVisible();
      await expectAccessible(page);

      await card.getByRole('link', { name: 'Confirm Booking' }).click();
      await expect(page).toHaveURL(new RegExp(`/customer/booking-requests/${created.id}/confirm$`));
      const progress = page.getByRole('list', { name: 'Progress' });
      await expect(progress.locator('[aria-current="step"]')).toContainText('Upload ID');
      await expect(page.getByText("No driver's license uploaded yet.")).toBeVisible();
      // The summary gives the request's quoted total beside the deposit.
      await expect(page.getByText(/^Total £[\d,]+\.\d\d · Deposit £[\d,]+\.\d\d$/)).toBeVisible();
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeDisabled();
      await expectAccessible(page);

      // Step 1: a real PNG, then (on desktop) replaced by a PDF.
      await page
        .getByLabel('Upload License')
        .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('License uploaded')).toBeVisible();
      await expect(page.getByRole('img', { name: "Your driver's license" })).toBeVisible();
      if (label === 'desktop') {
        await page.getByLabel('Replace License').setInputFiles({
          name: 'license.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        });
        await expect(page.getByRole('link', { name: 'View your license (PDF)' })).toBeVisible();
        await expect
          .poll(
            async () =>
              (await apiJson<{ drivers_license_type: string }>(context.request, 'GET', 'customers/me/'))
                .drivers_license_type,
          )
          .toBe('application/pdf');
      }
      await expect
        .poll(
          async () =>
            (await apiJson<{ drivers_license: string | null }>(context.request, 'GET', 'customers/me/'))
              .drivers_license,
        )
        .not.toBeNull();
      await expect(next).toBeEnabled();
      await next.click();

      // Step 2: the one payment option, ticked by default.
      await expect(progress.locator('[aria-current="step"]')).toContainText('Make Payment');
      await expect(page.getByRole('checkbox', { name: /Pay deposit to secure your vehicle/ })).toBeChecked();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 3: read-only details with Edit toggles.
      await expect(progress.locator('[aria-current="step"]')).toContainText('Confirm Details');
      await expect(page.getByText('Not provided').first()).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Edit address' }).click();
      await page.getByLabel('National ID').fill('AB123456C');
      await page.getByLabel('Street address').fill('12 Harbour Road');
      await page.getByLabel('City').fill('Leeds');
      await page.getByLabel('Country').fill('United Kingdom');
      await page.getByRole('button', { name: 'Edit next of kin' }).click();
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Phone').fill('+44 20 7946 0000');
      await page.getByRole('button', { name: 'Done editing address' }).click();
      await expect(page.getByText('12 Harbour Road')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm Booking' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
      await expect(page).toHaveURL(/\/customer\/bookings\/\d+\/confirmation$/);
      const bookingId = Number(/bookings\/(\d+)\//.exec(page.url())?.[1]);
      await expect(page.getByRole('heading', { name: name(created) })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'View Booking Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/customer/bookings/${bookingId}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: name(created) })).toBeVisible();
      await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(page.getByText('Debit card')).toBeVisible();
      await expectAccessible(page);

      await page.goto('/bookings/list');
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
      const link = page.getByRole('link', { name: name(created) });
      await expect(link).toBeVisible();
      // A table where there is room, cards on a phone.
      await expect(page.getByRole('table')).toHaveCount(label === 'desktop' ? 1 : 0);
      await expectAccessible(page);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/customer/bookings/${bookingId}$`));

      // The request now leads to the booking, through /customer/booking-requests/{id}/confirmation.
      await page.goto('/customer/booking-requests');
      await page.getByRole('link', { name: 'View Booking Details' }).click();
      await expect(page).toHaveURL(new RegExp(`/customer/bookings/${bookingId}/confirmation$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
    });
  });
}

test.describe('errors and empty states', () => {
  test.use(DESKTOP);

  test.describe('with the network answered by the test', () => {
    // page.route does not see requests a service worker handles: these tests do without one.
    test.use({ serviceWorkers: 'block' });

    test('upload failure, missing details and a refused confirmation are reported', async ({
      page,
      context,
      baseURL,
    }) => {
      await freshCustomer(context.request);
      const created = await bookingRequest(context.request, 2, 660);
      await staffAccepts(baseURL, created.id);

      await page.goto(`/customer/booking-requests/${created.id}/confirm`);
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeDisabled();

      // A refusal (4xx is final; the outbox would retry a 5xx) marks the step invalid.
      await page.route('**/api/customers/me/', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 415,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'The license must be an image (JPG, PNG, etc.) or a PDF.' }),
            })
          : route.fallback(),
      );
      const input = page.getByLabel('Upload License');
      await input.setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('Upload failed. Please try again.')).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('list', { name: 'Progress' }).getByText('(needs attention)')).toBeAttached();
      await expect(next).toBeDisabled();
      // Nothing lingers in the sync panel: the screen said what went wrong.
      await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible();
      await page.unroute('**/api/customers/me/');

      await input.setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('License uploaded')).toBeVisible();
      await next.click();
      await page.getByRole('button', { name: 'Next' }).click();

      // Required details missing: the group opens and the messages sit next to the fields.
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('National ID is required.')).toBeVisible();
      await expect(page.getByLabel('National ID')).toBeFocused();
      await page.getByLabel('National ID').fill('ZX998877A');
      await page.getByLabel('Street address').fill('1 Quay Street');
      await page.getByLabel('City').fill('Bristol');
      await page.getByLabel('Country').fill('United Kingdom');

      await page.route('**/api/booking-request/*/finalize/', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'This vehicle is already booked from 01/01/2030 to 03/01/2030.' }),
        }),
      );
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Failed to confirm booking.')).toBeVisible();
      await expect(page.getByText('This vehicle is already booked from 01/01/2030 to 03/01/2030.')).toBeVisible();
      await expectAccessible(page);
      await page.unroute('**/api/booking-request/*/finalize/');

      // Back and forth keeps what was typed.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('1 Quay Street')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

      // The wizard of a request already booked says so and leads to the booking.
      await page.goto(`/customer/booking-requests/${created.id}/confirm`);
      await expect(page.getByText('This booking request is already confirmed.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'View Booking Details' })).toBeVisible();
    });
  });

  test('unknown ids, a pending request and a customer with nothing yet', async ({ page, context, browser }) => {
    await freshCustomer(context.request);

    await page.goto('/bookings/list');
    await expect(page.getByText('No bookings found.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/customer/booking-requests');
    await expect(page.getByText('You have no booking requests yet.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Book a Vehicle' }).first()).toBeVisible();
    await expectAccessible(page);

    await page.goto('/customer/booking-requests/999999/confirm');
    await expect(page.getByText('Booking request not found.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Booking Requests' }).click();
    await expect(page).toHaveURL(/\/customer\/booking-requests$/);
    await page.goto('/customer/booking-requests/999999/confirmation');
    await expect(page.getByText('Booking request not found.')).toBeVisible();
    await page.goto('/customer/bookings/999999');
    await expect(page.getByText('Booking not found.')).toBeVisible();

    const created = await bookingRequest(context.request, 3, 680);
    await page.goto(`/customer/booking-requests/${created.id}/confirm`);
    await expect(page.getByText('This booking request has not been accepted yet.', { exact: false })).toBeVisible();

    // Another customer's request is as unknown as a missing one.
    const other = await browser.newContext(DESKTOP);
    await freshCustomer(other.request);
    const otherPage = await other.newPage();
    await otherPage.goto(`/customer/booking-requests/${created.id}/confirm`);
    await expect(otherPage.getByText('Booking request not found.')).toBeVisible();
    await other.close();
  });

  test('a request waiting in the outbox shows as "Waiting to send", then arrives', async ({ page, context }) => {
    await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
    await freshCustomer(context.request);
    const vehicle = await bookableVehicle(context.request, 4);
    const location = vehicle.pickup_locations[0]?.id;

    await page.goto('/customer/booking-requests');
    await expect(page.getByText('You have no booking requests yet.')).toBeVisible();
    await waitForServiceWorker(page);
    await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
    await goOffline(context, page);

    const label = `Booking request: ${vehicle.make} ${vehicle.model}`;
    const request: QueuedRequest = {
      kind: 'booking-request',
      target: `vehicle:${vehicle.id}`,
      method: 'POST',
      url: 'booking-requests/',
      json: {
        vehicle_id: vehicle.id,
        start_date: isoDay(700),
        end_date: isoDay(702),
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location_id: location,
        dropoff_location_id: location,
      },
      invalidate: [['booking-requests']],
      label,
    };
    await page.evaluate((body) => (window as HookWindow).__fleetOutbox?.enqueue(body), request);
    const queued = page.getByRole('article').filter({ hasText: label });
    await expect(queued).toBeVisible();
    await expect(queued.getByText('Waiting to send')).toBeVisible();
    await expect(page.getByText('You have no booking requests yet.')).toBeHidden();
    await expectAccessible(page);

    await context.setOffline(false);
    await expect(page.getByRole('article', { name: `${vehicle.make} ${vehicle.model}, pending` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(queued).toBeHidden();
    expect(await apiJson<unknown[]>(context.request, 'GET', 'booking-requests/')).toHaveLength(1);
  });
});
