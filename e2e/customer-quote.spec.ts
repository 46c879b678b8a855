import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CustomerBooking, CustomerBookingRequest } from '../src/domain/api/bookings.ts';
import { expectAccessible } from './support/a11y.ts';
import {
  apiJson,
  bookableVehicle,
  csrfHeaders,
  goOffline,
  isoDay,
  PHONE,
  PNG,
  signInApi,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { waitForSavedQuery } from './support/waits.ts';

/**
 * Issue 21: a customer's request made offline shows the device's estimate, then the agency's quote
 * once sent (and says when they differ); the confirmation wizard re-quotes a change of extras and,
 * when the agency's rates change before the customer confirms, shows the new price to confirm again.
 */

const money = (amount: string | number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(Number(amount));

/** A new customer account, signed in in the browser context. */
async function freshCustomer(request: APIRequestContext): Promise<void> {
  const suffix = uniqueSuffix();
  const customer = { username: `cq-${suffix}`, password: 'journey-pass-1' };
  await apiJson(request, 'POST', 'register/customer/', {
    email: `cq-${suffix}@example.com`,
    username: customer.username,
    phone_number: '+44 20 7946 0958',
    first_name: 'Quinn',
    last_name: 'Quote',
    password: customer.password,
  });
  await signInApi(request, customer.username, customer.password);
}

/** The operator changes the vehicle's day rate: every new quote for it changes, stored ones do not. */
async function setDayRate(staff: APIRequestContext, vehicleId: number, pricePerDay: string): Promise<void> {
  const response = await staff.fetch(`/api/staff-vehicles/${vehicleId}/`, {
    method: 'PATCH',
    headers: await csrfHeaders(staff),
    multipart: { price_per_day: pricePerDay },
  });
  expect(response.ok(), `PATCH staff-vehicles/${vehicleId}/: ${response.status()} ${await response.text()}`).toBe(true);
}

/** The total a price region shows, as the screen writes it. */
async function shownTotal(page: Page): Promise<string> {
  const row = page.getByRole('region', { name: 'Price' }).getByRole('row', { name: /^Total/ });
  return ((await row.getByRole('cell').textContent()) ?? '').trim();
}

test.describe('a customer on a phone', () => {
  test.use(PHONE);

  test('requests offline with an extra, sees the estimate, then the agency quote; confirms a changed price', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    await freshCustomer(context.request);
    const vehicle = await bookableVehicle(context.request, 5);
    const name = `${vehicle.make} ${vehicle.model}`;
    const staff = await playwrightRequest.newContext({ baseURL });
    await signInApi(staff, 'staff');
    const original = vehicle.price_per_day;
    const start = 880 + Math.floor(Math.random() * 60);
    try {
      // Seen once online, the form and the agency's prices are kept on the device.
      await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
      await expect(page.getByRole('group', { name: 'Extras' })).toBeVisible();
      await waitForServiceWorker(page);
      await waitForSavedQuery(page, { key: ['rate-plan', vehicle.id] });
      await goOffline(context, page);

      const form = page.getByRole('form', { name: 'Booking request' });
      await form.getByLabel('Start date').fill(isoDay(start));
      await form.getByLabel('End date').fill(isoDay(start + 2));
      const pickup = String(vehicle.pickup_locations[0]?.id);
      await form.getByLabel('Pickup location').selectOption(pickup);
      await form.getByLabel('Dropoff location').selectOption(pickup);
      await form
        .getByRole('group', { name: 'Extras' })
        .getByRole('checkbox', { name: /Additional driver/ })
        .check();
      const panel = page.getByRole('region', { name: 'Price' });
      await expect(panel.getByRole('heading', { name: 'Estimate — confirmed when sent' })).toBeVisible();
      await expect(panel.getByRole('row', { name: /Additional driver/ })).toBeVisible();
      const estimate = await shownTotal(page);
      await form.getByRole('button', { name: 'Send Booking Request' }).click();
      await expect(page.getByText(/saved on this device/).first()).toBeVisible();

      // The queued card shows the device's estimate.
      await page.goto('/customer/booking-requests');
      const queued = page.getByRole('article').filter({ hasText: 'Waiting to send' });
      await expect(queued).toContainText(`Estimate — confirmed when sent${estimate}`);
      await page.screenshot({ path: testInfo.outputPath('request-card-queued-390x844.png'), fullPage: true });

      // The agency raises the day rate meanwhile; back online the request is sent and priced by the server.
      await setDayRate(staff, vehicle.id, (Number(original) + 10).toFixed(2));
      await context.setOffline(false);
      const card = page.getByRole('article', { name: `${name}, pending` });
      await expect(card).toBeVisible({ timeout: 30_000 });
      const [sent] = await apiJson<CustomerBookingRequest[]>(context.request, 'GET', 'booking-requests/?limit=5');
      if (!sent?.quote) throw new Error('The sent request has no quote.');
      expect(money(sent.quote.total)).not.toBe(estimate);
      await expect(card).toContainText(`Total${money(sent.quote.total)}`);
      await expect(card).toContainText(
        `The agency's price is ${money(sent.quote.total)}, not the ${estimate} estimated offline.`,
      );
      await card.getByText('Price details').click();
      await expect(card.getByRole('row', { name: /Additional driver/ })).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath('request-card-390x844.png'), fullPage: true });
      await page.setViewportSize(TABLET.viewport);
      await page.screenshot({ path: testInfo.outputPath('request-card-1024x768.png'), fullPage: true });
      await page.setViewportSize(PHONE.viewport);

      // The agency accepts; the customer opens the wizard and adds an extra.
      await apiJson(staff, 'PATCH', `staff-booking-requests/${sent.id}/`, { status: 'accepted' });
      await page.goto(`/customer/booking-requests/${sent.id}/confirm`);
      await page
        .getByLabel('Upload License')
        .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('License uploaded')).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      const price = page.getByRole('region', { name: 'Price' });
      await expect(price.getByRole('heading', { name: 'Your quote' })).toBeVisible();
      expect(await shownTotal(page)).toBe(money(sent.quote.total));
      await page
        .getByRole('group', { name: 'Extras' })
        .getByRole('checkbox', { name: /Damage waiver/ })
        .check();
      await expect(price.getByRole('row', { name: /Damage waiver/ })).toBeVisible();
      await expect(price.getByRole('heading', { name: 'Your quote' })).toBeVisible();
      await expect.poll(() => shownTotal(page)).not.toBe(money(sent.quote?.total ?? 0));
      const seen = await shownTotal(page);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath('wizard-price-390x844.png'), fullPage: true });
      await page.setViewportSize(TABLET.viewport);
      await page.screenshot({ path: testInfo.outputPath('wizard-price-1024x768.png'), fullPage: true });
      await page.setViewportSize(PHONE.viewport);

      // The agency changes the rate again before the customer confirms.
      await setDayRate(staff, vehicle.id, (Number(original) + 25).toFixed(2));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Edit address' }).click();
      await page.getByLabel('National ID').fill('QQ123456C');
      await page.getByLabel('Street address').fill('3 Quay Street');
      await page.getByLabel('City').fill('Leeds');
      await page.getByLabel('Country').fill('United Kingdom');
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      const changed = page.getByText(/^The price changed to £[\d,]+\.\d\d since you saw it\. Check the new price/);
      await expect(changed).toBeVisible();
      const newTotal = await shownTotal(page);
      expect(newTotal).not.toBe(seen);
      await expect(changed).toContainText(`The price changed to ${newTotal} since you saw it.`);
      await page.screenshot({ path: testInfo.outputPath('wizard-price-changed-390x844.png'), fullPage: true });
      await page.setViewportSize(TABLET.viewport);
      await page.screenshot({ path: testInfo.outputPath('wizard-price-changed-1024x768.png'), fullPage: true });
      await page.setViewportSize(PHONE.viewport);
      const shownLines = await price.getByRole('row').allTextContents();

      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
      const bookingId = Number(/bookings\/(\d+)\//.exec(page.url())?.[1]);
      const booking = await apiJson<CustomerBooking>(context.request, 'GET', `bookings/${bookingId}/`);
      expect(money(booking.booking_amount)).toBe(newTotal);
      expect(booking.quote?.lines.map((line) => line.label)).toContain('Damage waiver');
      // The booking's lines are the ones the wizard showed, to the penny.
      const bookingRows = (booking.quote?.lines ?? []).map((line) => `${line.label}${money(line.amount)}`);
      expect(shownLines.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual(
        expect.arrayContaining(bookingRows.filter((row) => !row.includes('−'))),
      );
    } finally {
      await setDayRate(staff, vehicle.id, original);
      await staff.dispose();
    }
  });
});
