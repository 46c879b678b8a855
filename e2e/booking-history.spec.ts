import { expect, test, type Page } from '@playwright/test';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
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
import { createCustomer, createVehicle } from './support/staff.ts';

/**
 * Issue 11: /bookings/history as an agency uses it on a tablet and on a phone. Three bookings of
 * their own, years back so nothing of the demo data shares their dates: one returned (completed),
 * one cancelled, one never picked up (confirmed, but its end date has passed).
 */

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`filter the booking history by dates and status and open a booking (${name})`, async ({ browser }) => {
    const context = await browser.newContext(device);
    try {
      await signInContext(context, 'agency');
      const { request } = context;
      const suffix = uniqueSuffix();
      const customer = await createCustomer(request, 'Harper', `History${suffix}`);
      const vehicle = await createVehicle(request, suffix);
      const first = isoDay(name === 'tablet' ? -2400 : -2300);
      const day = (offset: number) => new Date(Date.parse(first) + offset * 86_400_000).toISOString().slice(0, 10);
      const book = (start: number, end: number, amount: string) =>
        apiJson<StaffBooking>(request, 'POST', 'bookings/', {
          customer: customer.id,
          vehicle: vehicle.id,
          start_date: day(start),
          end_date: day(end),
          booking_amount: amount,
          booking_status: 'confirmed',
        });
      const returned = await book(0, 1, '90.00');
      await apiJson(request, 'POST', `bookings/${returned.id}/pickup/`, {
        no_agreement_reason: 'Set up through the API.',
      });
      await apiJson(request, 'POST', `bookings/${returned.id}/return/`, { mileage: 1200 });
      const cancelled = await book(3, 4, '60.00');
      await apiJson(request, 'POST', `bookings/${cancelled.id}/cancel/`, { reason: 'Flight cancelled.' });
      await book(6, 6, '45.00');

      const page = await context.newPage();
      if (name === 'tablet') {
        // Reached from the staff sidebar's Bookings group.
        await page.goto('/staff/dashboard');
        await page.getByRole('link', { name: 'Booking History' }).click();
      } else {
        await page.goto('/bookings/history');
      }
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Booking History' })).toBeVisible();

      await main.getByLabel('From', { exact: true }).fill(day(0));
      await main.getByLabel('To', { exact: true }).fill(day(10));
      await expect(page).toHaveURL(new RegExp(`from=${day(0)}.*to=${day(10)}`));
      const totals = main.getByRole('region', { name: 'Totals' });
      await expect(totals).toContainText('Bookings3');
      await expect(totals).toContainText('£195.00');
      const rows = entries(page, name);
      await expect(rows).toHaveCount(3);
      for (const status of ['Completed', 'Cancelled', 'Confirmed']) {
        await expect(rows.getByText(status, { exact: true })).toHaveCount(1);
      }

      await main.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
      await expect(page).toHaveURL(/status=cancelled/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Cancelled');
      await expect(rows.first()).toContainText('£60.00');
      await expect(totals).toContainText('Bookings1');
      await expect(totals).toContainText('£60.00');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/booking-history-${name}.png`, fullPage: true });

      // The same filters read offline from the persisted cache after a reload.
      await waitForServiceWorker(page);
      await expect(rows).toHaveCount(1);
      await goOffline(context, page);
      await page.reload();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Cancelled');
      await context.setOffline(false);

      await rows.first().click();
      await expect(page).toHaveURL(new RegExp(`/booking-details/${cancelled.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

/** The history's rows as the screen shows them: table rows on a tablet, cards on a phone. */
function entries(page: Page, device: 'tablet' | 'phone') {
  const main = page.getByRole('main');
  return device === 'phone'
    ? main.getByRole('list', { name: 'Booking history' }).getByRole('listitem')
    : main.getByRole('table', { name: 'Booking history' }).locator('tbody tr');
}
