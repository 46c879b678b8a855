import { expect, test } from '@playwright/test';
import type { BookingAgreement, TermsVersion } from '../src/domain/api/agreements.ts';
import type { CustomerBooking } from '../src/domain/api/bookings.ts';
import { pdfText } from '../tests/helpers/pdf-text.ts';
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
import { drawSignature } from './support/signature.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

test.describe('the rental agreement at the car, on a tablet', () => {
  test.use(TABLET);

  test('signed offline by the customer (drawn) and staff (typed name); once online the PDF names customer, car, total and terms', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const terms = await apiJson<TermsVersion>(context.request, 'POST', 'agency-terms/', {
      text: `Return the car with a full tank. Run ${suffix}.`,
    });
    const customer = await createCustomer(context.request, 'Signe', `Yard${suffix}`);
    const licenseNumber = `YARD ${suffix}-SY9`;
    await apiJson(context.request, 'PATCH', `customers/${customer.id}/`, { license_number: licenseNumber });
    const vehicle = await createVehicle(context.request, `G${suffix}`);
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(500),
      end_date: isoDay(502),
    });

    await page.goto(`/booking-details/${booking.id}`);
    const panel = page.getByRole('region', { name: 'Rental agreement' });
    await expect(panel).toContainText(`Terms, version ${terms.version}`);
    await expect(panel.getByRole('definition').filter({ hasText: licenseNumber })).toBeVisible();
    await expect(panel).toContainText(vehicle.registration_number);
    await waitForServiceWorker(page);
    await goOffline(context, page);

    // The customer signs on the tablet with a finger (a drawn signature).
    const customerPad = panel.getByRole('img', { name: /Customer: signature box/ });
    await panel.getByRole('button', { name: 'Sign as customer' }).click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Sign in the box first' })).toBeFocused();
    await drawSignature(page, customerPad);
    await panel.getByRole('button', { name: 'Sign as customer' }).click();
    await expect(panel.getByText('Customer signature saved on this device.', { exact: false })).toBeVisible();
    await expect(panel.getByText(/^Waiting to send: Customer signature/)).toBeVisible();

    // Staff countersign with the keyboard: the typed-name alternative.
    await panel.getByRole('button', { name: 'Type name instead' }).click();
    await panel.getByLabel('Staff: name to sign with').fill('Desk Agent');
    await panel.getByLabel('Staff: name to sign with').press('Tab');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Sign as staff' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByText(/^Waiting to send: Staff signature/)).toBeVisible();
    const pending = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);
    expect(pending.signatures).toEqual([]);
    await page.screenshot({ path: 'test-results/agreement-offline-1024x768.png', fullPage: true });

    await context.setOffline(false);
    await expect(panel.getByText(/^Waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    await expect(panel.getByRole('link', { name: 'Signed agreement (PDF)' })).toBeVisible({ timeout: 15_000 });
    const signed = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);
    expect(signed.signed).toBe(true);
    expect(signed.signatures.map((item) => [item.signer, item.drawn, item.typed_name])).toEqual([
      ['customer', true, null],
      ['staff', false, 'Desk Agent'],
    ]);
    const pdf = await context.request.get(signed.pdf_url ?? '');
    expect(pdf.headers()['cache-control']).toBe('private, no-store');
    const text = await pdfText(await pdf.body());
    for (const words of [
      `MR Signe Yard${suffix}`,
      vehicle.registration_number,
      `Total: ${signed.content.price.total} GBP`,
      `Terms, version ${terms.version}`,
      `License number: ${licenseNumber}`,
      signed.content_hash,
    ]) {
      expect(text).toContain(words);
    }
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/agreement-signed-1024x768.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Signed agreement (PDF)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/agreement-signed-390x844.png', fullPage: true });
  });

  test('a signature over an agreement that changed since it was shown is refused with what changed', async ({
    page,
    context,
  }) => {
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Chan', `Ged${suffix}`);
    const vehicle = await createVehicle(context.request, `H${suffix}`);
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(510),
      end_date: isoDay(511),
    });
    await page.goto(`/booking-details/${booking.id}`);
    const panel = page.getByRole('region', { name: 'Rental agreement' });
    await expect(panel.getByRole('button', { name: 'Sign as customer' })).toBeVisible();
    // The owner saves new terms at another desk while the customer reads this one.
    await apiJson(context.request, 'POST', 'agency-terms/', { text: `New terms ${suffix}.` });
    await panel.getByRole('button', { name: 'Type name instead' }).click();
    await panel.getByLabel('Customer: name to sign with').fill('Chan Ged');
    await panel.getByRole('button', { name: 'Sign as customer' }).click();
    await expect(
      panel.getByRole('alert').filter({ hasText: 'The rental terms changed since the agreement was shown.' }),
    ).toBeFocused();
    const after = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);
    expect(after.signatures).toEqual([]);
  });

  test('the owner saves the rental terms in Settings as a new version', async ({ page, context }) => {
    await signInContext(context, 'agency');
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Rental terms' });
    await expect(page.getByRole('region', { name: 'Rental terms' })).toContainText(
      'an agreement names the version it used',
    );
    await form.getByLabel('Terms').fill(`Drive carefully. Saved at ${uniqueSuffix()}.`);
    await form.getByRole('button', { name: 'Save as new version' }).click();
    await expect(form.getByText(/^Saved as version \d+\.$/)).toBeVisible();
    await form.screenshot({ path: 'test-results/terms-settings-1024x768.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.screenshot({ path: 'test-results/terms-settings-390x844.png' });
  });
});

test.describe('the rental agreement on the customer’s phone', () => {
  test.use(PHONE);

  test('the customer reads and signs before pickup; the desk then only countersigns', async ({ page, context }) => {
    await signInContext(context, 'customer');
    const own = await apiJson<CustomerBooking[]>(context.request, 'GET', 'bookings/?limit=50');
    const upcoming = own.find((booking) => booking.booking_status === 'confirmed');
    if (!upcoming) throw new Error('the demo customer has no confirmed booking');
    await page.goto(`/customer/bookings/${upcoming.id}`);
    const panel = page.getByRole('region', { name: 'Rental agreement' });
    await expect(panel).toContainText('Jamie Taylor');
    await drawSignature(page, panel.getByRole('img', { name: /Customer: signature box/ }));
    await panel.getByRole('button', { name: 'Sign as customer' }).click();
    await expect(panel.getByText('Customer signature saved.')).toBeVisible();
    await expect(panel.getByText('You have signed. The desk countersigns at pickup.')).toBeVisible();
    const agreement = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${upcoming.id}/agreement/`);
    expect(agreement.signatures.map((item) => [item.signer, item.drawn])).toEqual([['customer', true]]);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/agreement-customer-390x844.png', fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: 'test-results/agreement-customer-1024x768.png', fullPage: true });
  });
});
