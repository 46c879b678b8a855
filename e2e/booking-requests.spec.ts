import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  anotherVisitor,
  apiJson,
  bookableVehicle,
  csrfHeaders,
  DEMO_PASSWORD,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  signInApi,
  signInContext,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';

/**
 * Booking requests as people make them: a visitor from the landing page's "Request to Book"
 * (online, offline, refused), and a customer from the browse's "Book Now" to the dashboard.
 * What the server stored is checked through the API.
 */

type Vehicle = Awaited<ReturnType<typeof bookableVehicle>>;

interface StaffRequestRow {
  id: number;
  vehicle: number;
  start_date: string;
  end_date: string;
  customer_details: { email: string };
}

interface OwnRequestRow {
  vehicle: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location: { id: number } | null;
  dropoff_location: { id: number } | null;
  message: string | null;
}

/** Each test its own week, far beyond the demo bookings (500 days ahead and on). */
function week(n: number): { start: string; end: string; days: number } {
  return { start: isoDay(500 + n * 7), end: isoDay(500 + n * 7 + 3), days: 4 };
}

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

/** Days × price, in pence as the app counts. */
/** The quote's total on the form (the deposit beside the form, or a line, may be the same amount). */
const estimate = (page: Page) =>
  page.getByRole('form', { name: 'Booking request' }).getByRole('row', { name: /^Total/ });

/** The quote's total outside the demo's seasons and tier: days × price per day, and 20 % tax on top. */
function total(vehicle: Vehicle, days: number): string {
  const rental = Math.round(Number(vehicle.price_per_day) * 100) * days;
  return money((rental + Math.round(rental / 5)) / 100);
}

function uniqueEmail(name: string): string {
  return `${name}-${uniqueSuffix()}@example.com`;
}

/** The server's rows for a visitor's e-mail, as staff sees them (on a separate API context). */
async function requestsOf(request: APIRequestContext, email: string): Promise<StaffRequestRow[]> {
  await signInApi(request, 'staff');
  const rows = await apiJson<StaffRequestRow[]>(request, 'GET', 'staff-booking-requests/?limit=200');
  return rows.filter((row) => row.customer_details.email.toLowerCase() === email.toLowerCase());
}

/** The Idempotency-Keys of the booking-request POSTs really sent by the browser. */
function recordPosts(context: BrowserContext): string[] {
  const keys: string[] = [];
  context.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/(rentals\/)?booking-requests\/$/.test(new URL(sent.url()).pathname)) {
      keys.push(sent.headers()['idempotency-key'] ?? 'none');
    }
  });
  return keys;
}

/** A new customer account, signed in on the browser context. */
async function freshCustomer(context: BrowserContext): Promise<{ firstName: string }> {
  const suffix = uniqueSuffix();
  const firstName = 'Robin';
  const username = `robin-${suffix}`;
  const reply = await context.request.post('/api/register/customer/', {
    headers: { ...(await csrfHeaders(context.request)), ...anotherVisitor() },
    data: {
      email: `${username}@example.com`,
      username,
      phone_number: '+44 20 7946 0958',
      first_name: firstName,
      last_name: 'Requester',
      password: DEMO_PASSWORD,
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  await signInContext(context, username);
  return { firstName };
}

function requestToBook(page: Page, vehicle: Vehicle) {
  return page
    .getByRole('link', { name: `Request to Book: ${vehicle.make} ${vehicle.model}` })
    .and(page.locator(`[href="/book-now/${vehicle.id}"]`));
}

function bookNow(page: Page, vehicle: Vehicle) {
  return page
    .getByRole('link', { name: `Book Now: ${vehicle.make} ${vehicle.model}` })
    .and(page.locator(`[href="/public-customers/book-vehicle/${vehicle.id}"]`));
}

async function fillVisitor(page: Page, email: string, when: { start: string; end: string }) {
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByLabel('Phone number').fill('+44 20 7946 0123');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Start date').fill(when.start);
  await page.getByLabel('End date').fill(when.end);
  await page.getByLabel('Message (optional)').fill('A child seat, please.');
}

/** The header's sync button: "Online" alone once nothing waits to be sent. */
async function expectNothingPending(page: Page) {
  await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible({ timeout: 20_000 });
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
});

for (const [device, options, n] of [
  ['desktop', DESKTOP, 0],
  ['phone', PHONE, 1],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('a visitor asks to book a vehicle from the landing page', async ({ page, request }) => {
      const vehicle = await bookableVehicle(request, n);
      const email = uniqueEmail(`visitor-${device}`);
      const when = week(n);

      await page.goto('/');
      await requestToBook(page, vehicle).click();
      await expect(page).toHaveURL(`/book-now/${vehicle.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Book Now' })).toBeVisible();
      const summary = page.getByRole('complementary', { name: 'Vehicle', exact: true });
      await expect(summary.getByRole('heading', { name: `${vehicle.make} ${vehicle.model}` })).toBeVisible();
      await expect(summary).toContainText(`${money(Number(vehicle.price_per_day))} / day`);
      await expect(page.getByText('Choose your dates to see the price.')).toBeVisible();

      await fillVisitor(page, email, when);
      await expect(estimate(page).getByText(total(vehicle, when.days), { exact: true })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(`^Base rate \\(${when.days} days\\)`) })).toBeVisible();

      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Booking request submitted successfully!' }),
      ).toBeVisible();
      await expect(page).toHaveURL('/', { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();

      const rows = await requestsOf(request, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ vehicle: vehicle.id, start_date: when.start, end_date: when.end });
    });

    test('a customer books from the browse and lands on the dashboard', async ({ page, context, request }) => {
      const vehicle = await bookableVehicle(request, n + 2);
      const when = week(n + 2);
      const { firstName } = await freshCustomer(context);

      await page.goto('/public-customers/book-vehicle');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Vehicle' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Available vehicles' }).getByTestId('vehicle-card');
      await expect(cards.first()).toBeVisible();
      // SPEC §2: the customer's cards carry Book Now, not the agency line.
      await expect(cards.first().getByText('No agency information')).toHaveCount(0);
      await expect(cards.first().getByRole('img', { name: / logo$/ })).toHaveCount(0);

      await bookNow(page, vehicle).click();
      await expect(page).toHaveURL(`/public-customers/book-vehicle/${vehicle.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Request a Booking' })).toBeVisible();
      const card = page.getByRole('complementary', { name: 'Vehicle', exact: true }).getByRole('article');
      await expect(card).toContainText(`${money(Number(vehicle.price_per_day))} / day`);
      await expect(page.getByLabel('Pickup time')).toHaveValue('09:00');
      await expect(page.getByLabel('Dropoff time')).toHaveValue('18:00');

      await page.getByLabel('Start date').fill(when.start);
      await page.getByLabel('End date').fill(isoDay(500 + (n + 2) * 7 + 1));
      await expect(estimate(page).getByText(total(vehicle, 2), { exact: true })).toBeVisible();
      await page.getByLabel('End date').fill(when.end);
      await expect(estimate(page).getByText(total(vehicle, when.days), { exact: true })).toBeVisible();

      const [pickup, dropoff = pickup] = vehicle.pickup_locations.slice(-2);
      if (!pickup) throw new Error('The vehicle has no pickup location.');
      await page.getByLabel('Pickup location').selectOption(String(pickup.id));
      await page.getByLabel('Dropoff location').selectOption(String(dropoff?.id ?? pickup.id));
      await page.getByLabel('Message (optional)').fill('Arriving by train.');
      await page.getByRole('button', { name: 'Send Booking Request' }).click();

      await expect(page.getByRole('status').filter({ hasText: 'Booking request sent!' })).toBeVisible();
      await expect(page).toHaveURL('/customer/dashboard', { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}!` })).toBeVisible();

      const own = await apiJson<OwnRequestRow[]>(context.request, 'GET', 'booking-requests/?limit=200');
      const mine = own.filter((row) => row.vehicle === vehicle.id && row.start_date === when.start);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        end_date: when.end,
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location: { id: pickup.id },
        dropoff_location: { id: dropoff?.id ?? pickup.id },
        message: 'Arriving by train.',
      });
    });
  });
}

test.describe('visitor', () => {
  test.use(DESKTOP);

  test('a request made offline is saved, then delivered once when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    const vehicle = await bookableVehicle(request, 4);
    const email = uniqueEmail('offline-visitor');
    const when = week(4);
    const posts = recordPosts(context);

    await page.goto('/');
    await expect(requestToBook(page, vehicle)).toBeVisible();
    await waitForServiceWorker(page);
    await goOffline(context, page);

    // The vehicle comes from the cached list: the form opens offline.
    await requestToBook(page, vehicle).click();
    await expect(page.getByRole('heading', { level: 2, name: `${vehicle.make} ${vehicle.model}` })).toBeVisible();
    await fillVisitor(page, email, when);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'your booking request is saved on this device' }),
    ).toContainText('It will be sent automatically when the connection returns.');
    await expect(page.getByRole('button', { name: /Offline.*1 pending/ })).toBeVisible();
    expect(posts).toEqual([]);

    await context.setOffline(false);
    await expectNothingPending(page);
    await expect.poll(async () => (await requestsOf(request, email)).length, { timeout: 20_000 }).toBe(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toBe('none');
  });

  test('dates the form or the server refuses show the messages', async ({ page, request }) => {
    const vehicle = await bookableVehicle(request, 5);
    const email = uniqueEmail('refused-visitor');
    const when = week(5);

    await page.goto(`/book-now/${vehicle.id}`);
    await fillVisitor(page, email, { start: when.end, end: when.start });
    await expect(page.getByText('Choose your dates to see the price.')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByLabel('End date')).toHaveAccessibleDescription('End date cannot be before start date.');

    // The vehicle is booked for that week: the server answers 409.
    await signInApi(request, 'staff');
    const [customer] = await apiJson<{ id: number }[]>(request, 'GET', 'customers/?limit=1');
    if (!customer) throw new Error('The demo data has no customer.');
    await apiJson(request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: when.start,
      end_date: when.end,
      booking_status: 'confirmed',
    });

    await page.getByLabel('Start date').fill(when.start);
    await page.getByLabel('End date').fill(when.end);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('There was an error submitting your request.');
    await expect(alert).toContainText('This vehicle is not available for those dates.');
    await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    // The refused entry is dropped: nothing waits in the header.
    await expectNothingPending(page);
    expect(await requestsOf(request, email)).toEqual([]);
  });

  test('an unknown vehicle says so and leads back to the vehicles', async ({ page }) => {
    await page.goto('/book-now/999999');
    await expect(page.getByText('Vehicle not found.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Available Vehicles' }).last().click();
    await expect(page).toHaveURL('/');
  });

  test('a signed-in customer on Book Now is offered the customer form', async ({ page, context, request }) => {
    const vehicle = await bookableVehicle(request, 0);
    await freshCustomer(context);
    await page.goto(`/book-now/${vehicle.id}`);
    await page.getByRole('link', { name: 'Book with your account' }).click();
    await expect(page).toHaveURL(`/public-customers/book-vehicle/${vehicle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Booking' })).toBeVisible();
  });
});

test.describe('customer', () => {
  test.use(DESKTOP);

  test('a request made offline is saved, shown as waiting on the dashboard, then sent', async ({
    page,
    context,
    request,
  }) => {
    const vehicle = await bookableVehicle(request, 6);
    const when = week(6);
    const posts = recordPosts(context);
    await freshCustomer(context);

    await page.goto('/public-customers/book-vehicle');
    await expect(bookNow(page, vehicle)).toBeVisible();
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await bookNow(page, vehicle).click();
    await page.getByLabel('Start date').fill(when.start);
    await page.getByLabel('End date').fill(when.end);
    const location = vehicle.pickup_locations[0];
    if (!location) throw new Error('The vehicle has no pickup location.');
    await page.getByLabel('Pickup location').selectOption(String(location.id));
    await page.getByLabel('Dropoff location').selectOption(String(location.id));
    await page.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page.getByText('your booking request is saved on this device')).toBeVisible();
    await expect(page).toHaveURL('/customer/dashboard', { timeout: 10_000 });
    await expect(page.getByText('1 booking request waiting to send.')).toBeVisible();
    expect(posts).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText('1 booking request waiting to send.')).toHaveCount(0, { timeout: 20_000 });
    const own = await apiJson<OwnRequestRow[]>(context.request, 'GET', 'booking-requests/?limit=200');
    expect(own.filter((row) => row.vehicle === vehicle.id && row.start_date === when.start)).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });

  test.describe('with the network answered by the test', () => {
    // page.route sees the outbox's POST only without the service worker in between.
    test.use({ serviceWorkers: 'block' });

    test('a server failure says so, keeps the request and sends it again, then reports it sent', async ({
      page,
      request,
    }) => {
      const vehicle = await bookableVehicle(request, 8);
      const when = week(12);
      const email = `retry-${uniqueSuffix()}@example.com`;
      let failures = 0;
      await page.route('**/api/rentals/booking-requests/', async (route) => {
        if (failures >= 1) return route.continue();
        failures += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable."}' });
      });

      await page.goto(`/book-now/${vehicle.id}`);
      await fillVisitor(page, email, when);
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'There was an error submitting your request.' }),
      ).toContainText('It is saved on this device and will be sent again automatically.');
      // The outbox tries again after its backoff; the screen then says the request went, and moves on.
      await expect(page.getByRole('status').filter({ hasText: 'Booking request submitted successfully!' })).toBeVisible(
        {
          timeout: 15_000,
        },
      );
      await expect(page).toHaveURL('/', { timeout: 10_000 });
      const rows = await requestsOf(request, email);
      expect(rows).toHaveLength(1);
    });

    test('a refusal shows "Failed to submit booking request." and the field messages', async ({
      page,
      context,
      request,
    }) => {
      const vehicle = await bookableVehicle(request, 7);
      const when = week(7);
      await freshCustomer(context);
      await page.route('**/api/booking-requests/', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                error: 'Choose a pickup location of this vehicle.',
                fields: {
                  pickup_location_id: ['Choose a pickup location of this vehicle.'],
                  vehicle_id: ['This vehicle is not available.'],
                },
              }),
            })
          : route.continue(),
      );

      await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
      await page.getByLabel('Start date').fill(when.start);
      await page.getByLabel('End date').fill(when.end);
      const location = vehicle.pickup_locations[0];
      if (!location) throw new Error('The vehicle has no pickup location.');
      await page.getByLabel('Pickup location').selectOption(String(location.id));
      await page.getByLabel('Dropoff location').selectOption(String(location.id));
      await page.getByRole('button', { name: 'Send Booking Request' }).click();

      await expect(page.getByRole('alert')).toContainText('Failed to submit booking request.');
      // Said once: under Pickup location, which takes the focus, not again beside the button.
      await expect(page.getByRole('alert')).not.toContainText('Choose a pickup location of this vehicle.');
      await expect(page.getByLabel('Pickup location')).toBeFocused();
      // A field the form does not have: its message joins the alert.
      await expect(page.getByRole('alert')).toContainText('This vehicle is not available.');
      await expect(page.getByLabel('Pickup location')).toHaveAccessibleDescription(
        'Choose a pickup location of this vehicle.',
      );
      await expect(page).toHaveURL(`/public-customers/book-vehicle/${vehicle.id}`);
      await expectNothingPending(page);
    });

    test('the form catches missing fields before anything is sent', async ({ page, context, request }) => {
      const vehicle = await bookableVehicle(request, 7);
      await freshCustomer(context);
      await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
      await page.getByRole('button', { name: 'Send Booking Request' }).click();
      await expect(page.getByLabel('Start date')).toHaveAccessibleDescription('Start date is required.');
      await expect(page.getByLabel('End date')).toHaveAccessibleDescription('End date is required.');
      if (vehicle.pickup_locations.length > 1) {
        await expect(page.getByLabel('Pickup location')).toHaveAccessibleDescription('Pickup location is required.');
      }
    });
  });
});

for (const [device, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`accessibility on a ${device}`, () => {
    test.use(options);

    test('no serious violations on the request screens and the dashboard', async ({ page, context, request }) => {
      const vehicle = await bookableVehicle(request, 3);
      await page.goto(`/book-now/${vehicle.id}`);
      await expect(page.getByLabel('First name')).toBeVisible();
      await expectNoSeriousViolations(page);

      await freshCustomer(context);
      await page.goto('/customer/dashboard');
      await expect(page.getByRole('link', { name: /My Booking Requests/ })).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/public-customers/book-vehicle');
      await expect(bookNow(page, vehicle)).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
      await expect(page.getByLabel('Start date')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
