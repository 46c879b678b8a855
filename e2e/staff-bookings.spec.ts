import { expect, test, type Page } from '@playwright/test';
import {
  apiJson,
  goOffline,
  isoDay,
  PHONE,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { SHARED_DATA } from './support/shared-data.ts';
import { createCustomer, createVehicle } from './support/staff.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import { waitForSavedQuery } from './support/waits.ts';

/** Staff bookings as an agency uses them: add, find, view, edit; refused overlaps; other agencies kept out. */

async function chooseFrom(page: Page, label: string, search: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
}

const vehicleName = (vehicle: StaffVehicle) => `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
const british = (iso: string) => iso.split('-').reverse().join('/');

test.describe('on a tablet', () => {
  test.use(TABLET);

  test('add a booking for a customer → list, customer bookings, details, edit; overlaps refused', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const ada = await createCustomer(context.request, 'Ada', `Zed${suffix}`);
    const bea = await createCustomer(context.request, 'Bea', `Zed${suffix}`);
    const vehicle = await createVehicle(context.request, suffix);
    const start = isoDay(400);
    const end = isoDay(402);

    // Add Booking, the customer preselected from the link.
    await page.goto(`/add-booking?customerId=${ada.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Booking' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Ada Zed${suffix}`);
    await expect(page.getByLabel('Pickup time')).toHaveValue('09:00');
    await expect(page.getByLabel('Dropoff time')).toHaveValue('18:00');
    await expect(page.getByLabel('Payment method')).toHaveValue('cash');
    await expect(page.getByLabel('Booking status')).toHaveValue('pending');
    await expect(page.getByLabel('Discount amount')).toHaveValue('0.00');
    await expectAccessible(page);

    await chooseFrom(page, 'Vehicle', vehicle.registration_number, new RegExp(vehicle.registration_number));
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicleName(vehicle));
    await expect(page.getByLabel('Deposit')).toHaveValue('150.00');
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    // Three days at £45.00 and the demo agency's 20 % tax: the quote's total, charged while the
    // amount is left empty (issue 21).
    await expect(page.getByLabel('Booking amount')).toHaveValue('');
    await expect(page.getByText('Left empty: the booking is charged the quote’s total, £162.00.')).toBeVisible();
    // Places come from the agency's pickup locations; the dropoff follows the pickup until chosen.
    await expect(page.getByLabel('Other pickup place')).toHaveCount(0);
    await page.getByLabel('Pickup location').selectOption({ label: 'Leeds Station, Leeds' });
    await expect(page.getByLabel('Dropoff location')).toHaveValue('Leeds Station');
    // Free text only once Other is chosen.
    await page.getByLabel('Dropoff location').selectOption({ label: 'Other' });
    await page.getByLabel('Other dropoff place').fill('Hotel Majestic, Harrogate');
    await page.getByLabel('Estimated mileage').fill('250');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/bookings/'),
    );
    await page.getByRole('button', { name: 'Add Booking' }).click();
    // A double tap or a lost reply repeats the key, so the server makes one booking only.
    expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByText('Booking successfully created!')).toBeVisible();
    // A link to the booking just made.
    const created = page.getByRole('link', { name: /^View booking #\d+$/ });
    await expect(created).toBeVisible();
    const createdHref = (await created.getAttribute('href')) ?? '';
    expect(createdHref).toMatch(/^\/booking-details\/\d+$/);
    expect(await created.textContent()).toBe(`View booking #${createdHref.split('/').at(-1)}`);
    // The values stay for the next booking; customer and vehicle are cleared.
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue('');
    await expect(page.getByLabel('Start date')).toHaveValue(start);
    await expect(page.getByLabel('Pickup location')).toHaveValue('Leeds Station');
    await expect(page.getByLabel('Other dropoff place')).toHaveValue('Hotel Majestic, Harrogate');

    // The same vehicle on overlapping days is refused in plain words.
    // The customer chooser by keyboard alone: type, arrow to the match, Enter.
    const customerBox = page.getByRole('combobox', { name: 'Customer' });
    await customerBox.fill(`Bea Zed${suffix}`);
    await expect(page.getByRole('listbox', { name: 'Customer' }).getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: new RegExp(`Bea Zed${suffix}`) })).toBeVisible();
    await customerBox.press('ArrowDown');
    await expect(customerBox).toHaveAttribute('aria-activedescendant', /option/);
    await customerBox.press('Enter');
    await expect(customerBox).toHaveValue(`Bea Zed${suffix}`);
    await expect(customerBox).toHaveAttribute('aria-expanded', 'false');
    await chooseFrom(page, 'Vehicle', vehicle.registration_number, new RegExp(vehicle.registration_number));
    await page.getByRole('button', { name: 'Add Booking' }).click();
    await expect(
      page.getByText(
        `This vehicle is already booked from ${british(start)} to ${british(end)}. A vehicle cannot be booked twice for the same days`,
      ),
    ).toBeVisible();
    await expect(page.getByText('Failed to create booking. Please check your input.')).toBeVisible();

    // An end before the start is refused next to the field.
    await page.getByLabel('End date').fill(isoDay(398));
    await page.getByRole('button', { name: 'Add Booking' }).click();
    await expect(page.getByText('End date cannot be before start date.')).toBeVisible();
    await expect(page.getByText('Failed to create booking. Please check your input.')).toBeVisible();

    // Bea's booking on later days, made through the API, gives the list two rows to sort.
    await apiJson(context.request, 'POST', 'bookings/', {
      customer: bea.id,
      vehicle: vehicle.id,
      start_date: isoDay(410),
      end_date: isoDay(411),
    });

    // The list finds them by customer and sorts on the server.
    await page.goto('/bookings/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Booking' })).toBeVisible();
    await page.getByLabel('Search bookings').fill(`Zed${suffix}`);
    const rows = page.getByRole('table', { name: 'Bookings' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Customer' }).click();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`Ada Zed${suffix}`);
    await page.getByRole('button', { name: 'Customer' }).click();
    await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(`Bea Zed${suffix}`);
    await page.getByRole('button', { name: 'Vehicle' }).click();
    await expect(page.getByRole('columnheader', { name: 'Vehicle' })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'Date Added' }).click();
    await expect(page.getByRole('columnheader', { name: 'Date Added' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`Ada Zed${suffix}`);
    await expect(rows.first()).toContainText(vehicle.registration_number);
    await expect(rows.first()).toContainText('£162.00');
    await expectAccessible(page);
    await page.getByLabel('Search bookings').fill(`nothing-${suffix}`);
    await expect(page.getByText('No bookings found.')).toBeVisible();

    // Customer bookings, narrowed to the chosen customer.
    await page.goto('/customers/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Bookings' })).toBeVisible();
    await chooseFrom(page, 'Customer', `Ada Zed${suffix}`, new RegExp(`Ada Zed${suffix}`));
    const ofAda = page.getByRole('table', { name: `Bookings of Ada Zed${suffix}` }).locator('tbody tr');
    await expect(ofAda).toHaveCount(1);
    await expect(ofAda.first()).toContainText(british(start));
    await expectAccessible(page);
    // The choice lives in the address: a reload (or Back from a booking) keeps it.
    await expect(page).toHaveURL(new RegExp(`/customers/bookings\\?customerId=${ada.id}$`));
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Ada Zed${suffix}`);
    await expect(ofAda).toHaveCount(1);

    // View it through the row menu.
    await ofAda
      .first()
      .getByRole('button', { name: /Actions for the booking of Ada/ })
      .click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
    const bookingUrl = page.url();
    expect(new URL(bookingUrl).pathname).toBe(createdHref);
    await expect(page.getByRole('link', { name: `Ada Zed${suffix}` })).toHaveAttribute('href', `/details/${ada.id}`);
    await expect(page.getByText(vehicleName(vehicle))).toBeVisible();
    // Exact: the Rental agreement panel (loaded with its own chunk) has them after the dates too.
    await expect(page.getByText('Leeds Station', { exact: true })).toBeVisible();
    await expect(page.getByText('Hotel Majestic, Harrogate', { exact: true })).toBeVisible();
    await expect(page.getByText('250 km')).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Edit it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Booking' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Ada Zed${suffix}`);
    // The amount follows the stored quote, as it did when saved.
    await expect(page.getByLabel('Booking amount')).toHaveValue('');
    await expect(page.getByText('Left empty: the booking is charged the quote’s total, £162.00.')).toBeVisible();
    // A place that is no location's name opens under Other, as typed.
    await expect(page.getByLabel('Pickup location')).toHaveValue('Leeds Station');
    await expect(page.getByLabel('Other dropoff place')).toHaveValue('Hotel Majestic, Harrogate');
    await expectAccessible(page);
    await page.getByLabel('Booking status').selectOption('active');
    await page.getByLabel('Notes').fill('Child seat fitted.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Booking updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/booking-details\/\d+\?updated=true$/);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Child seat fitted.')).toBeVisible();

    // Another agency cannot open it.
    const other = await browser.newContext({ ...TABLET, baseURL });
    await signInContext(other, 'agency2');
    const otherPage = await other.newPage();
    await otherPage.goto(new URL(bookingUrl).pathname);
    await expect(otherPage.getByText('Booking not found.')).toBeVisible();
    await other.close();
  });
});

// The demo agency's count of bookings, read on the first page, is the one the second page gives.
test.describe('paging on a tablet', SHARED_DATA, () => {
  test.use(TABLET);

  test('Load more asks for the next page by cursor and continues the list without repeating a row', async ({
    page,
    context,
  }) => {
    await signInContext(context, 'staff');
    await page.goto('/bookings/list');
    const rows = page.getByRole('table', { name: 'Bookings' }).locator('tbody tr');
    const count = page.getByText(/^(Showing \d+ of \d+|\d+) bookings$/);
    await expect(count).toHaveText(/^Showing 25 of \d+ bookings$/);
    const total = Number(/of (\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(25);
    const firstPage = await rows.allTextContents();

    const nextPage = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/bookings/');
    await page.getByRole('button', { name: 'Load more' }).click();
    const asked = new URL((await nextPage).url()).searchParams;
    expect(asked.get('cursor')).toBeTruthy();
    expect(asked.has('offset')).toBe(false);
    // "N of M" only while fewer than the total are shown.
    await expect(count).toHaveText(total > 50 ? `Showing 50 of ${total} bookings` : `${total} bookings`);
    const shown = await rows.allTextContents();
    expect(shown.slice(0, 25)).toEqual(firstPage);
    expect(new Set(shown).size).toBe(shown.length);
  });
});

test.describe('offline on a tablet', () => {
  test.use(TABLET);

  test('the list reads from the cache; Add Booking says it needs a connection and keeps the form', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Di', `Offline${suffix}`);
    const vehicle = await createVehicle(context.request, `O${suffix}`);
    await apiJson(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(500),
      end_date: isoDay(501),
    });

    await page.goto('/bookings/list');
    await expect(page.getByRole('table', { name: 'Bookings' })).toContainText(`Di Offline${suffix}`);
    await waitForServiceWorker(page);
    // The cache is saved to IndexedDB at most once a second: this list's save must have happened.
    await waitForSavedQuery(page, { key: ['bookings'], shows: `Offline${suffix}` });
    await page.goto(`/add-booking?customerId=${customer.id}`);
    await chooseFrom(page, 'Vehicle', vehicle.registration_number, new RegExp(vehicle.registration_number));
    await goOffline(context, page);

    await page.getByLabel('Start date').fill(isoDay(520));
    await page.getByLabel('End date').fill(isoDay(521));
    await page.getByRole('button', { name: 'Add Booking' }).click();
    await expect(page.getByText('You are offline, so this booking was not created')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Di Offline${suffix}`);
    await expect(page.getByLabel('Start date')).toHaveValue(isoDay(520));

    await page.goto('/bookings/list');
    await expect(page.getByRole('table', { name: 'Bookings' })).toContainText(`Di Offline${suffix}`);
    await expect(page.getByText(/Last updated/)).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('search box, sort select and cards whose menus open View and Edit', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Cy', `Phone${suffix}`);
    const vehicle = await createVehicle(context.request, `P${suffix}`);
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(450),
      end_date: isoDay(451),
    });

    await page.goto('/bookings/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await page.getByLabel('Sort by').selectOption('customer');
    await page.getByLabel('Search bookings').fill(`Phone${suffix}`);
    const cards = page.getByRole('list', { name: 'Bookings' }).getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(vehicleName(vehicle));
    await expectAccessible(page);

    await cards
      .first()
      .getByRole('button', { name: /Actions for the booking of Cy/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking-details/${booking.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
    await expectAccessible(page);

    await page.goBack();
    await page.getByLabel('Search bookings').fill(`Phone${suffix}`);
    await cards
      .first()
      .getByRole('button', { name: /Actions for the booking of Cy/ })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-booking/${booking.id}$`));
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicleName(vehicle));
    await expectAccessible(page);
  });
});

test.describe('booking progress on a tablet', () => {
  test.use(TABLET);

  test('a booking that has not started is cancelled with a reason; picking up goes through the inspection', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Pat', `Progress${suffix}`);
    const vehicle = await createVehicle(context.request, `G${suffix}`);

    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(470),
      end_date: isoDay(471),
    });
    await page.goto(`/booking-details/${booking.id}`);
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByRole('button', { name: 'Mark picked up' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Inspections' }).getByRole('button', { name: 'Record pickup inspection' }),
    ).toBeVisible();
    await progress.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await cancel.getByLabel('Reason').fill('The customer cancelled by phone.');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Cancelled');
    await expectAccessible(page);
  });
});
