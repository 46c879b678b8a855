import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StaffBookingDetail } from '../src/domain/api/bookings.ts';
import { apiJson, isoDay, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

/**
 * Staff Add/Edit Booking priced by the quote (issue 21): the itemised lines on the form, a line
 * overridden with a reason, the stored booking with exactly those lines, and Edit quoting again
 * when the dates change with the override kept. The demo agency adds 20 % tax on top; the days
 * chosen are outside its seasons and shorter than its 7-day tier.
 */

const price = (page: Page) => page.getByRole('region', { name: 'Price' });
const priceLines = (page: Page) => page.getByRole('table', { name: 'Price lines' });

/** Each shown line as [label, amount] (the override's "quoted £X" and reason stay out). */
async function shownLines(table: Locator): Promise<[string, string][]> {
  const rows = table.locator('tbody tr.quote__line');
  const count = await rows.count();
  const lines: [string, string][] = [];
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const label = await row.locator('th').evaluate((cell) => cell.firstChild?.textContent ?? '');
    const amount = await row.locator('td').evaluate((cell) => cell.firstChild?.textContent ?? '');
    lines.push([label.trim(), amount.trim()]);
  }
  return lines;
}

test.describe('on a tablet', () => {
  test.use(TABLET);

  test('an agent adds a booking with an extra, overrides a line with a reason, and edits its dates', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agent');
    const suffix = uniqueSuffix();
    const ada = await createCustomer(context.request, 'Ada', `Quote${suffix}`);
    const vehicle = await createVehicle(context.request, suffix);
    const start = isoDay(430);
    const end = isoDay(432);

    await page.goto(`/add-booking?customerId=${ada.id}`);
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Ada Quote${suffix}`);
    await expect(price(page)).toContainText('Choose the vehicle and the dates to see the price.');
    await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicle.registration_number);
    await page.getByRole('option', { name: new RegExp(vehicle.registration_number) }).click();
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await page.getByRole('checkbox', { name: /Additional driver/ }).check();

    // The lines at once, then confirmed by the server: 3 days at £45.00, the driver, 20 % tax.
    await expect(price(page).getByRole('heading', { name: 'Quote' })).toBeVisible();
    expect(await shownLines(priceLines(page))).toEqual([
      ['Base rate (3 days)', '£135.00'],
      ['Additional driver', '£25.00'],
      ['Tax (20 %)', '£32.00'],
    ]);
    await expect(priceLines(page).locator('tfoot')).toContainText('£192.00');
    // Left empty, the amount is the quote's total.
    await expect(page.getByLabel('Booking amount')).toHaveValue('');
    await expect(page.getByText('Left empty: the booking is charged the quote’s total, £192.00.')).toBeVisible();
    // The tax line follows the others: no Override of its own.
    await expect(page.getByRole('button', { name: /^Override Tax/ })).toHaveCount(0);

    // Override the driver: a reason is required, said beside the field with the focus there.
    await page.getByRole('button', { name: 'Override Additional driver' }).click();
    const editor = page.getByRole('group', { name: 'Override Additional driver' });
    await expect(editor.getByLabel('New amount')).toBeFocused();
    await expect(editor.getByLabel('New amount')).toHaveValue('25.00');
    await editor.getByLabel('New amount').fill('-5');
    await editor.getByRole('button', { name: 'Apply override' }).click();
    await expect(editor.getByText('Additional driver: only a discount or a tier line may be negative.')).toBeVisible();
    await expect(editor.getByText('Reason is required.')).toBeVisible();
    await expect(editor.getByLabel('New amount')).toBeFocused();
    await editor.getByLabel('New amount').fill('10.00');
    await editor.getByLabel('Reason').fill('Regular customer');
    // Enter applies the override, not the booking form.
    await editor.getByLabel('Reason').press('Enter');
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change override of Additional driver' })).toBeFocused();
    await expect(page.getByText('Booking successfully created!')).toHaveCount(0);
    expect(await shownLines(priceLines(page))).toEqual([
      ['Base rate (3 days)', '£135.00'],
      ['Additional driver', '£10.00'],
      ['Tax (20 %)', '£29.00'],
    ]);
    await expect(priceLines(page)).toContainText('quoted £25.00');
    await expect(priceLines(page)).toContainText('Reason: Regular customer');
    await expect(priceLines(page).locator('tfoot')).toContainText('£174.00');
    await expect(page.getByText('Left empty: the booking is charged the quote’s total, £174.00.')).toBeVisible();
    // A typed amount replaces the quote's total, and can be given back.
    await page.getByLabel('Booking amount').fill('170.00');
    await expect(page.getByText('The typed amount replaces the quote’s total (£174.00).')).toBeVisible();
    await page.getByRole('button', { name: 'Use the quote’s total' }).click();
    await expect(page.getByLabel('Booking amount')).toHaveValue('');
    await expectAccessible(page);
    // The form with the override, at a tablet's and a phone's size (the quote in the middle of the screen).
    const centre = () => price(page).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await centre();
    await page.screenshot({ path: testInfo.outputPath('booking-override-1024x768.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar has slid away: the phone's layout, not the tablet's mid-way.
    await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
    await centre();
    await page.screenshot({ path: testInfo.outputPath('booking-override-390x844.png') });
    await page.setViewportSize(TABLET.viewport);

    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/bookings/'),
    );
    await page.getByRole('button', { name: 'Add Booking' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body.line_overrides).toEqual([
      { code: expect.stringMatching(/^extra:\d+$/), amount: '10.00', reason: 'Regular customer' },
    ]);
    expect(body.booking_amount).toBe('');
    await expect(page.getByText('Booking successfully created!')).toBeVisible();
    const link = page.getByRole('link', { name: /^View booking #\d+$/ });
    const id = Number(((await link.getAttribute('href')) ?? '').split('/').at(-1));

    // The stored booking has exactly the lines shown.
    const stored = await apiJson<StaffBookingDetail>(context.request, 'GET', `bookings/${id}/`);
    expect(stored.booking_amount).toBe('174.00');
    expect(stored.quote?.lines.map((line) => [line.label, line.amount, line.quoted_amount ?? null])).toEqual([
      ['Base rate (3 days)', '135.00', null],
      ['Additional driver', '10.00', '25.00'],
      ['Tax (20 %)', '29.00', '32.00'],
    ]);
    expect(stored.quote?.lines[1]?.override_reason).toBe('Regular customer');
    expect(stored.quote?.extras.map((extra) => extra.name)).toEqual(['Additional driver']);

    // The details show the stored lines, the override and its reason.
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Price' });
    expect(await shownLines(details.getByRole('table', { name: 'Price lines' }))).toEqual([
      ['Base rate (3 days)', '£135.00'],
      ['Additional driver', '£10.00'],
      ['Tax (20 %)', '£29.00'],
    ]);
    await expect(details).toContainText('quoted £25.00');
    await expect(details).toContainText('Reason: Regular customer');
    await expect(details).toContainText('Extras: Additional driver × 1');
    await expectAccessible(page);

    // Edit opens with the stored lines and the override; a status change alone keeps them.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Booking' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Additional driver/ })).toBeChecked();
    await expect(page.getByLabel('Booking amount')).toHaveValue('');
    await expect(price(page).getByRole('heading', { name: 'Quote as stored' })).toBeVisible();
    await expect(priceLines(page)).toContainText('Reason: Regular customer');
    await expect(priceLines(page).locator('tfoot')).toContainText('£174.00');

    // A day longer: quoted again, the override kept on its line.
    await page.getByLabel('End date').fill(isoDay(433));
    await expect(page.getByText(/^Dates changed — the price was quoted again\. Your overrides are kept/)).toBeVisible();
    await expect(price(page).getByRole('heading', { name: 'Quote' })).toBeVisible();
    expect(await shownLines(priceLines(page))).toEqual([
      ['Base rate (4 days)', '£180.00'],
      ['Additional driver', '£10.00'],
      ['Tax (20 %)', '£38.00'],
    ]);
    await expect(priceLines(page)).toContainText('Reason: Regular customer');
    await expect(priceLines(page).locator('tfoot')).toContainText('£228.00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Booking updated successfully.')).toBeVisible();

    const edited = await apiJson<StaffBookingDetail>(context.request, 'GET', `bookings/${id}/`);
    expect(edited.booking_amount).toBe('228.00');
    expect(edited.quote?.lines.map((line) => [line.label, line.amount, line.override_reason ?? null])).toEqual([
      ['Base rate (4 days)', '180.00', null],
      ['Additional driver', '10.00', 'Regular customer'],
      ['Tax (20 %)', '38.00', 'Tax on the overridden lines.'],
    ]);

    // Undo the override: the quoted amount comes back, and so does the tax on it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Undo override of Additional driver' }).click();
    await expect(page.getByRole('button', { name: 'Override Additional driver' })).toBeFocused();
    await expect(priceLines(page)).not.toContainText('Regular customer');
    await expect(priceLines(page).locator('tfoot')).toContainText('£246.00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Booking updated successfully.')).toBeVisible();
    const undone = await apiJson<StaffBookingDetail>(context.request, 'GET', `bookings/${id}/`);
    expect(undone.booking_amount).toBe('246.00');
    expect(undone.quote?.lines.every((line) => (line.quoted_amount ?? null) === null)).toBe(true);
  });

  test('the operator, who has no agency, quotes with the vehicle’s agency’s plan and may override', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // The agency's vehicle, made by its owner.
    const agency = await browser.newContext({ ...TABLET, baseURL });
    await signInContext(agency, 'agency');
    const suffix = uniqueSuffix();
    const vehicle = await createVehicle(agency.request, `O${suffix}`);
    await agency.close();

    await signInContext(context, 'staff');
    await page.goto('/add-booking');
    await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicle.registration_number);
    await page.getByRole('option', { name: new RegExp(vehicle.registration_number) }).click();
    await page.getByLabel('Start date').fill(isoDay(440));
    await page.getByLabel('End date').fill(isoDay(441));
    await page.getByLabel('Discount amount').fill('10.00');
    await expect(price(page).getByRole('heading', { name: 'Quote' })).toBeVisible();
    // Staff's discount is a line of the quote; the tax is on what is left.
    expect(await shownLines(priceLines(page))).toEqual([
      ['Base rate (2 days)', '£90.00'],
      ['Discount', '−£10.00'],
      ['Tax (20 %)', '£16.00'],
    ]);
    await expect(priceLines(page).locator('tfoot')).toContainText('£96.00');
    await expect(page.getByRole('button', { name: 'Override Discount' })).toBeEnabled();
  });
});
