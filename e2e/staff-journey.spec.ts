import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { isoDay, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { createVehicle } from './support/staff.ts';

/**
 * A desk's day on the tablet, through the screens only: a walk-in customer is added with their
 * license, their details are opened, a booking is made for them from there, and it shows in the
 * bookings list and in the customer's history, which opens the booking itself.
 */

test.use(TABLET);

const british = (iso: string) => iso.split('-').reverse().join('/');

async function licencePng(): Promise<Buffer> {
  return sharp({ create: { width: 160, height: 100, channels: 3, background: { r: 200, g: 180, b: 90 } } })
    .png()
    .toBuffer();
}

async function addCustomer(page: Page, first: string, last: string, suffix: string): Promise<void> {
  await page.goto('/customers/list');
  await page.getByRole('link', { name: 'Add Customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Customer' })).toBeVisible();
  const personal = page.getByRole('group', { name: 'Personal details' });
  await personal.getByLabel('First name').fill(first);
  await personal.getByLabel('Last name').fill(last);
  await personal.getByLabel('Phone number').fill('+44 7700 900456');
  await personal.getByLabel('E-mail').fill(`${first}.${suffix}@example.com`.toLowerCase());
  await personal.getByLabel('National ID').fill(`WALK-${suffix}`);
  const address = page.getByRole('group', { name: 'Address' });
  await address.getByLabel('Street address').fill('9 Canal Street');
  await address.getByLabel('City').fill('Manchester');
  await address.getByLabel('Country').fill('United Kingdom');
  await page
    .getByLabel('License image')
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: await licencePng() });
  await page.getByRole('form', { name: 'Add customer' }).getByRole('button', { name: 'Add Customer' }).click();
  await page.getByRole('dialog', { name: 'Customer Added!' }).getByRole('button', { name: 'Customers List' }).click();
}

test('a walk-in customer: added with a license, booked from their details, found in the list and their history', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  await signInContext(context, 'agency');
  const suffix = uniqueSuffix();
  const vehicle = await createVehicle(context.request, suffix);
  const name = `Wren Walkin${suffix}`;
  const start = isoDay(610);
  const end = isoDay(613);

  await addCustomer(page, 'Wren', `Walkin${suffix}`, suffix);
  await page.getByLabel('Search customers').fill(suffix);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'View' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Driver's license of ${name}` })).toBeVisible();
  await expect(page.getByText('No bookings found for this customer.')).toBeVisible();
  await page.getByRole('link', { name: 'Add Booking' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Add Booking' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(name);
  await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicle.registration_number);
  await page.getByRole('option', { name: new RegExp(vehicle.registration_number) }).click();
  await page.getByLabel('Start date').fill(start);
  await page.getByLabel('End date').fill(end);
  // Four days at £45.00 and the demo agency's 20 % tax: the quote's total while the amount is left empty.
  await expect(page.getByLabel('Booking amount')).toHaveValue('');
  await expect(page.getByText('Left empty: the booking is charged the quote’s total, £216.00.')).toBeVisible();
  await page.getByLabel('Booking status').selectOption('confirmed');
  await page.getByRole('button', { name: 'Add Booking' }).click();
  await expect(page.getByText('Booking successfully created!')).toBeVisible();

  // The bookings list, from the sidebar.
  await page
    .getByRole('navigation', { name: 'Staff' })
    .getByRole('list', { name: 'Bookings', exact: true })
    .getByRole('link', { name: 'Bookings' })
    .click();
  await page.getByLabel('Search bookings').fill(`Walkin${suffix}`);
  const row = page.getByRole('table', { name: 'Bookings' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(vehicle.registration_number);
  await expect(row).toContainText(british(start));
  await expect(row).toContainText('£216.00');

  // The customer's history and totals, then the booking itself from the history's menu.
  await page.goto('/customers/list');
  await page.getByLabel('Search customers').fill(suffix);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('cell')
    .nth(1)
    .click();
  const totals = page.getByRole('region', { name: 'Customer analytics' });
  await expect(totals).toContainText('£216.00');
  const history = page.getByRole('region', { name: 'Booking history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await history.getByRole('button', { name: /^Actions for booking #\d+$/ }).click();
  await page.getByRole('menuitem', { name: 'View Booking' }).click();
  await expect(page).toHaveURL(/\/booking-details\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
});
