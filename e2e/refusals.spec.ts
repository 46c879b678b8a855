import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  anotherVisitor,
  apiJson,
  csrfHeaders,
  DEMO_PASSWORD,
  DESKTOP,
  isoDay,
  PHONE,
  PNG,
  signInApi,
  signInContext,
  TABLET,
  uniqueSuffix,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

/**
 * Issue 19 §5: a refusal is said next to the control that caused it, and the focus moves there,
 * so a person on a phone sees it where they pressed. Each refusal here is the server's own (a
 * wrong password, a taken e-mail, an expired link, dates taken, a declined request, a file that
 * is not an image), not a mocked one.
 */

const LOGIN_FAILED = 'Login failed. Please check your username and password.';

/** The refusal sits just above `control` (within a line or two), or on its row. */
async function expectBeside(refusal: Locator, control: Locator): Promise<void> {
  const said = await refusal.boundingBox();
  const pressed = await control.boundingBox();
  if (!said || !pressed) throw new Error('The refusal or its control is not on screen.');
  const gap = pressed.y - (said.y + said.height);
  expect(gap, 'the refusal ends just above its control').toBeGreaterThanOrEqual(-pressed.height);
  expect(gap, 'the refusal ends just above its control').toBeLessThan(48);
}

/** Said, focused and in sight: what a person who just pressed the button needs. */
async function expectSaidHere(refusal: Locator, control: Locator): Promise<void> {
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expectBeside(refusal, control);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

interface Account {
  username: string;
  email: string;
}

/** A new customer account through the real sign-up, from a visitor's address of its own. */
async function registeredCustomer(request: APIRequestContext, prefix: string): Promise<Account> {
  const suffix = uniqueSuffix();
  const account = { username: `${prefix}_${suffix}`, email: `${prefix}.${suffix}@example.com` };
  await apiJson(request, 'POST', 'register/customer/', {
    ...account,
    password: DEMO_PASSWORD,
    first_name: 'Rosa',
    last_name: 'Refused',
    phone_number: '+44 7700 900701',
  });
  return account;
}

for (const [size, device] of [
  ['phone', PHONE],
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`sign-in and accounts (${size})`, () => {
    test.use({ ...device, serviceWorkers: 'block' });

    test('a wrong password is said beside Login, focused; the name stays and the password is emptied', async ({
      page,
      request,
    }) => {
      const account = await registeredCustomer(request, 'wrongpw');
      await page.goto('/login');
      const main = page.getByRole('main');
      await main.getByLabel('Username or email').fill(account.username);
      await main.getByLabel('Password').fill('not-the-password');
      const login = main.getByRole('button', { name: 'Login' });
      await login.click();

      const refusal = main.getByRole('alert');
      await expect(refusal).toHaveText(LOGIN_FAILED);
      await expectSaidHere(refusal, login);
      await expect(main.getByLabel('Username or email')).toHaveValue(account.username);
      await expect(main.getByLabel('Password')).toHaveValue('');
      await shot(page, `login-refused-${size}`);
      await expectAccessible(page);

      // The next Tab leaves the refusal for Login; the right password then signs in.
      await main.getByLabel('Password').fill(DEMO_PASSWORD);
      await login.click();
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
    });

    test('an expired or unknown reset link is refused beside Reset password, with the way to a new one', async ({
      page,
    }) => {
      await page.goto(`/password-reset/expired-${uniqueSuffix()}`);
      const main = page.getByRole('main');
      await main.getByLabel('New password').fill('a-new-password');
      await main.getByLabel('Confirm password').fill('a-new-password');
      const reset = main.getByRole('button', { name: 'Reset password' });
      await reset.click();

      const refusal = main.getByRole('alert');
      await expect(refusal).toHaveText('Invalid or expired reset token.');
      await expectSaidHere(refusal, reset);
      await expect(main.getByRole('link', { name: 'Request a new link' })).toBeInViewport();
      await shot(page, `reset-refused-${size}`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ ...PHONE, serviceWorkers: 'block' });

  test('a taken e-mail is said once, under E-mail, which takes the focus', async ({ page, request }) => {
    // Sign-ups are limited per address: in a full run this page comes from an address of its own.
    await page.context().setExtraHTTPHeaders(anotherVisitor());
    const taken = await registeredCustomer(request, 'takenmail');
    await page.goto('/register-customer');
    const main = page.getByRole('main');
    const suffix = uniqueSuffix();
    await main.getByLabel('First name', { exact: true }).fill('Rosa');
    await main.getByLabel('Last name', { exact: true }).fill('Second');
    await main.getByLabel('Username', { exact: true }).fill(`second_${suffix}`);
    await main.getByLabel('E-mail', { exact: true }).fill(taken.email);
    await main.getByLabel('Phone number', { exact: true }).fill('+44 7700 900702');
    await main.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await main.getByRole('button', { name: 'Register' }).click();

    const email = main.getByLabel('E-mail', { exact: true });
    await expect(email).toHaveAccessibleDescription('A user with that e-mail address already exists.');
    await expect(email).toBeFocused();
    await expect(email).toBeInViewport();
    // Not repeated beside the button or above the form.
    await expect(main.getByText('A user with that e-mail address already exists.')).toHaveCount(1);
    await expect(main.getByRole('alert')).toHaveCount(0);
    await shot(page, 'register-taken-email-phone');
  });

  test('Become a Partner: a taken username is said under Username, which takes the focus', async ({ page }) => {
    await page.context().setExtraHTTPHeaders(anotherVisitor());
    await page.goto('/agent-signup');
    const main = page.getByRole('main');
    const suffix = uniqueSuffix();
    await main.getByLabel('Agency name').fill(`Taken Motors ${suffix}`);
    await main.getByLabel('First name').fill('Morgan');
    await main.getByLabel('Last name').fill('Owner');
    await main.getByLabel('E-mail').fill(`taken.${suffix}@example.com`);
    await main.getByLabel('Phone number').fill('+44 7700 900800');
    await main.getByLabel('Username').fill('agency');
    await main.getByLabel('Password').fill(DEMO_PASSWORD);
    await main.getByRole('button', { name: 'Register agency' }).click();

    const username = main.getByLabel('Username');
    await expect(username).toHaveAccessibleDescription(/A user with that username already exists\./);
    await expect(username).toBeFocused();
    await expect(username).toBeInViewport();
    await expect(main.getByText('A user with that username already exists.')).toHaveCount(1);
  });

  test('the confirmation wizard: a refused upload beside Upload License, a refused confirmation beside Confirm Booking', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // A vehicle of the demo agency, asked for by a new customer, accepted by staff.
    const staff = await playwrightRequest.newContext({ baseURL });
    await signInApi(staff, 'agency');
    const suffix = uniqueSuffix();
    const locations = await apiJson<{ id: number }[]>(staff, 'GET', 'locations/');
    const place = locations[0]?.id;
    if (place === undefined) throw new Error('The agency has no pickup location.');
    const vehicle = await createVehicle(staff, suffix, { pickup_locations: String(place) });
    const account = await registeredCustomer(context.request, 'wizard');
    await signInContext(context, account.username);
    const asked = await apiJson<{ id: number }>(context.request, 'POST', 'booking-requests/', {
      vehicle_id: vehicle.id,
      start_date: isoDay(720),
      end_date: isoDay(722),
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location_id: place,
      dropoff_location_id: place,
    });
    await apiJson(staff, 'PATCH', `staff-booking-requests/${asked.id}/`, { status: 'accepted' });

    await page.goto(`/customer/booking-requests/${asked.id}/confirm`);
    // A file called an image that is not one: the server refuses it.
    const input = page.getByLabel('Upload License');
    await input.setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    const uploadRefusal = page.getByRole('alert');
    await expect(uploadRefusal).toContainText('Upload failed. Please try again.');
    await expect(uploadRefusal).toBeFocused();
    await expect(uploadRefusal).toBeInViewport();
    await expectBeside(page.getByText('Image (JPG, PNG, etc.) or PDF, up to 5MB.'), uploadRefusal);
    await expect(input).toHaveAccessibleDescription(/Upload failed\. Please try again\./);
    await shot(page, 'wizard-upload-refused-phone');

    await input.setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('License uploaded')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByLabel('National ID').fill('ZX998877A');
    await page.getByLabel('Street address').fill('1 Quay Street');
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Country').fill('United Kingdom');

    // Meanwhile the agency declines the request: the server refuses the confirmation.
    await apiJson(staff, 'PATCH', `staff-booking-requests/${asked.id}/`, { status: 'declined' });
    await staff.dispose();
    const confirm = page.getByRole('button', { name: 'Confirm Booking' });
    await confirm.click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('Failed to confirm booking. This booking request has not been accepted.');
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    await expectBeside(refusal, confirm);
    await shot(page, 'wizard-confirm-refused-phone');
    await expectAccessible(page);
    await refusal.getByRole('link', { name: 'Booking Requests' }).click();
    await expect(page).toHaveURL(/\/customer\/booking-requests$/);
  });

  test('a review refused because the dates were booked meanwhile is said beside Save Review, with the clashes', async ({
    page,
    context,
  }) => {
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const vehicle = await createVehicle(context.request, suffix);
    const start = isoDay(730);
    const end = isoDay(732);
    const visitor = await context.request.post('/api/rentals/booking-requests/', {
      headers: { ...(await csrfHeaders(context.request)), ...anotherVisitor() },
      data: {
        vehicle_id: vehicle.id,
        first_name: 'Jane',
        last_name: `Review${suffix}`,
        phone_number: '+44 20 7946 0123',
        email: `jane.review.${suffix}@example.com`,
        start_date: start,
        end_date: end,
      },
    });
    expect(visitor.status(), await visitor.text()).toBe(201);
    const requestId = ((await visitor.json()) as { id: number }).id;

    await page.goto(`/booking-requests/${requestId}`);
    const review = page.getByRole('form', { name: 'Review' });
    await expect(page.getByText('No other requests or bookings for these dates.')).toBeVisible();

    // The desk books the vehicle for those days while the review screen is open.
    const walkIn = await createCustomer(context.request, 'Walk', `In${suffix}`);
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: walkIn.id,
      vehicle: vehicle.id,
      start_date: start,
      end_date: end,
      booking_status: 'confirmed',
    });

    await review.getByLabel('Status').selectOption({ label: 'Accept' });
    const save = review.getByRole('button', { name: 'Save Review' });
    await save.click();
    const refusal = review.getByRole('alert');
    await expect(refusal).toContainText('The review could not be saved.');
    await expect(refusal).toContainText(
      /This vehicle is already booked from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}\./,
    );
    await expectSaidHere(refusal, save);
    await expect(page).toHaveURL(new RegExp(`/booking-requests/${requestId}$`));
    await shot(page, 'review-refused-phone');
    await expectAccessible(page);

    // The way forward: the clashes, asked again, now list the booking.
    await refusal.getByRole('button', { name: 'Show clashes' }).click();
    const clashes = page.getByRole('region', { name: 'Other requests and bookings for these dates' });
    await expect(clashes).toBeFocused();
    await expect(clashes.getByRole('link', { name: `Booking #${booking.id}` })).toBeInViewport();
  });

  test("a visitor's request for dates taken is refused beside Submit Request", async ({ page, context }) => {
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const vehicle = await createVehicle(context.request, suffix);
    const walkIn = await createCustomer(context.request, 'Walk', `Taken${suffix}`);
    const start = isoDay(740);
    const end = isoDay(742);
    await apiJson(context.request, 'POST', 'bookings/', {
      customer: walkIn.id,
      vehicle: vehicle.id,
      start_date: start,
      end_date: end,
      booking_status: 'confirmed',
    });
    await context.clearCookies();

    await page.goto(`/book-now/${vehicle.id}`);
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Phone number').fill('+44 20 7946 0456');
    await page.getByLabel('E-mail').fill(`vera.${suffix}@example.com`);
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    const submit = page.getByRole('button', { name: 'Submit Request' });
    await submit.click();

    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('There was an error submitting your request.');
    await expect(refusal).toContainText('This vehicle is not available for those dates.');
    await expectSaidHere(refusal, submit);
    await shot(page, 'visitor-request-refused-phone');
  });
});
