import { expect, request as playwrightRequest, test } from '@playwright/test';
import { apiJson, bookableVehicle, DESKTOP, isoDay, PHONE, PNG, signInApi, uniqueSuffix } from './support/api.ts';

/**
 * Issue 7's whole customer journey, through the screens only (staff's acceptance aside, which is
 * another issue's screen): register → login → browse → request → staff accepts → the three-step
 * confirmation with a real license upload → "Booking Confirmed!" → the booking in the list.
 */

interface OwnRequest {
  id: number;
  vehicle: number;
  start_date: string;
}

for (const [label, device, vehicleIndex, daysAhead] of [
  ['desktop', DESKTOP, 2, 700],
  ['phone', PHONE, 3, 720],
] as const) {
  test.describe(`on ${label}`, () => {
    test.use(device);

    test('register, sign in, request a vehicle, confirm it once accepted, find the booking', async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const suffix = uniqueSuffix();
      const user = {
        username: `journey-${suffix}`,
        email: `journey-${suffix}@example.com`,
        password: 'journey-pass-7',
      };
      const vehicle = await bookableVehicle(context.request, vehicleIndex);
      const vehicleName = `${vehicle.make} ${vehicle.model}`;
      const start = isoDay(daysAhead);
      const end = isoDay(daysAhead + 3);
      const main = page.getByRole('main');
      const openMenu = async () => {
        if (label === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      };

      // Register from the public sidebar.
      await page.goto('/');
      await openMenu();
      await page
        .getByRole('navigation', { name: 'Public' })
        .getByRole('link', { name: 'Register', exact: true })
        .click();
      await main.getByLabel('First name', { exact: true }).fill('Jo');
      await main.getByLabel('Last name', { exact: true }).fill('Journey');
      await main.getByLabel('Username', { exact: true }).fill(user.username);
      await main.getByLabel('E-mail', { exact: true }).fill(user.email);
      await main.getByLabel('Phone number', { exact: true }).fill('+44 20 7946 0777');
      await main.getByLabel('Password', { exact: true }).fill(user.password);
      await main.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('User registered successfully! Redirecting to login...')).toBeVisible();

      // The login screen follows by itself; sign in with the new account.
      await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
      await main.getByLabel('Username or email').fill(user.email);
      await main.getByLabel('Password').fill(user.password);
      await main.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jo!' })).toBeVisible();

      // Browse and request.
      await openMenu();
      await page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Book a Vehicle' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Vehicle' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search by make, model or color' }).fill(vehicle.model);
      await page
        .getByRole('link', { name: `Book Now: ${vehicleName}` })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Request a Booking' })).toBeVisible();
      await page.getByLabel('Start date').fill(start);
      await page.getByLabel('End date').fill(end);
      const location = vehicle.pickup_locations[0];
      if (!location) throw new Error('The vehicle has no pickup location.');
      await page.getByLabel('Pickup location').selectOption(String(location.id));
      await page.getByLabel('Dropoff location').selectOption(String(location.id));
      await page.getByRole('button', { name: 'Send Booking Request' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Booking request sent!' })).toBeVisible();
      await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 10_000 });

      // Staff accepts it (their review screen is another issue's).
      const own = await apiJson<OwnRequest[]>(context.request, 'GET', 'booking-requests/?limit=200');
      const mine = own.find((row) => row.vehicle === vehicle.id && row.start_date === start);
      if (!mine) throw new Error('The request did not reach the server.');
      const staff = await playwrightRequest.newContext({ baseURL });
      await signInApi(staff, 'staff');
      await apiJson(staff, 'PATCH', `staff-booking-requests/${mine.id}/`, { status: 'accepted' });
      await staff.dispose();

      // The request is accepted: confirm it in three steps.
      await openMenu();
      await page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Booking Requests' }).click();
      const card = page.getByRole('article', { name: `${vehicleName}, accepted` });
      await card.getByRole('link', { name: 'Confirm Booking' }).click();
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeDisabled();
      await page
        .getByLabel('Upload License')
        .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('License uploaded')).toBeVisible();
      // The license number is checked on this step, beside its field, before Next moves on.
      const licenseNumber = page.getByLabel('License number');
      await licenseNumber.fill('JN/445566');
      await next.click();
      await expect(licenseNumber).toHaveAccessibleDescription(
        /License number may only have letters, digits, spaces and hyphens\./,
      );
      await expect(licenseNumber).toBeFocused();
      await licenseNumber.fill('JONES 710104 JN9');
      await page.screenshot({ path: test.info().outputPath(`license-step-${label}.png`), fullPage: true });
      await next.click();
      await expect(page.getByRole('checkbox', { name: /Pay deposit to secure your vehicle/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Edit address' }).click();
      await page.getByLabel('National ID').fill('JN445566A');
      await page.getByLabel('Street address').fill('7 Station Road');
      await page.getByLabel('City').fill('York');
      await page.getByLabel('Country').fill('United Kingdom');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
      // Kept on the customer's record with the confirmation.
      const record = await apiJson<{ license_number: string | null }>(context.request, 'GET', 'customers/me/');
      expect(record.license_number).toBe('JONES 710104 JN9');

      // The booking is in the customer's list, and opens from there.
      await openMenu();
      await page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Bookings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
      await page.getByRole('link', { name: vehicleName }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
      await expect(main.getByText('Confirmed', { exact: true })).toBeVisible();
    });
  });
}
