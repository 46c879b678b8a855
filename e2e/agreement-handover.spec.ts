import { expect, test, type Page } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import type { BookingAgreement } from '../src/domain/api/agreements.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
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

/** Images drawn on the PDF's pages (a drawn signature is one): the image XObjects its pages use. */
async function pdfImages(bytes: Buffer): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  let images = 0;
  for (const page of pdf.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const ref of xObjects?.values() ?? []) {
      const object = pdf.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images += 1;
    }
  }
  return images;
}

/** The pickup inspection's form opened and filled at the car: the odometer, a full tank, a photo. */
async function fillPickup(page: Page, mileage: number) {
  const inspections = page.getByRole('region', { name: 'Inspections' });
  await inspections.getByRole('button', { name: 'Record pickup inspection' }).click();
  const form = page.getByRole('form', { name: 'Pickup inspection' });
  await form.getByLabel('Mileage').fill(String(mileage));
  await form.getByLabel('Fuel level').selectOption({ label: 'Full' });
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose from gallery' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'front.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer(),
  });
  await expect(form.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
  return { inspections, form };
}

/** A booking of a new car starting today (no "far from its start" question at pickup). */
async function newBooking(page: Page, customerId: number | null, lastName: string) {
  const request = page.context().request;
  const suffix = uniqueSuffix();
  const customer = customerId ?? (await createCustomer(request, 'Hana', `${lastName}${suffix}`)).id;
  const vehicle = await createVehicle(request, `K${suffix}`);
  const booking = await apiJson<StaffBooking>(request, 'POST', 'bookings/', {
    customer,
    vehicle: vehicle.id,
    start_date: isoDay(0),
    end_date: isoDay(2),
  });
  return { booking, vehicle };
}

test.describe('handing the car over with the agreement, on a tablet', () => {
  test.use(TABLET);

  test('all offline: pickup inspection, customer signs, staff countersign; once online the booking is active and the PDF carries the signature', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agency');
    const { booking, vehicle } = await newBooking(page, null, 'Offline');
    const agreementOf = () => apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);

    await page.goto(`/booking-details/${booking.id}`);
    const agreement = page.getByRole('region', { name: 'Rental agreement' });
    await expect(agreement).toContainText(vehicle.registration_number);
    await waitForServiceWorker(page);
    await goOffline(context, page);

    const { inspections, form } = await fillPickup(page, vehicle.mileage + 7);
    // Without the box ticked, the form says how the booking is picked up.
    await expect(form).toContainText('The booking is picked up when the customer has signed the agreement');
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    await expect(inspections.getByText('Pickup inspection saved on this device.', { exact: false })).toBeVisible();

    // The agreement shown on the tablet now includes the inspection kept on the device.
    await expect(agreement).toContainText(`fuel Full, 0 damage mark(s), 1 photo(s)`);
    await expect(agreement.getByText(/^Waiting for the agreement to be signed/)).toBeVisible();
    await drawSignature(page, agreement.getByRole('img', { name: /Customer: signature box/ }));
    await agreement.getByRole('button', { name: 'Sign as customer' }).click();
    await expect(agreement.getByText(/^Waiting to send: Customer signature/)).toBeVisible();
    await expect(agreement.getByText(/^Waiting for the staff countersignature/)).toBeVisible();
    await agreement.getByRole('button', { name: 'Type name instead' }).click();
    await agreement.getByLabel('Staff: name to sign with').fill('Desk Agent');
    await agreement.getByRole('button', { name: 'Sign as staff' }).click();
    await expect(agreement.getByText(/^Waiting to send: Staff signature/)).toBeVisible();
    await expect(
      agreement.getByText('Signed on this device: the booking is picked up when the signatures are sent.'),
    ).toBeVisible();
    // Nothing has reached the server yet.
    expect((await agreementOf()).signatures).toEqual([]);
    await page.screenshot({ path: 'test-results/handover-offline-1024x768.png', fullPage: true });

    // Online: the outbox sends the inspection, then the customer's signature, then staff's (one target, in order).
    await context.setOffline(false);
    await expect(page.getByText(/^Waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    await expect(agreement.getByRole('link', { name: 'Signed agreement (PDF)' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Active');
    const final = await apiJson<StaffBooking>(context.request, 'GET', `bookings/${booking.id}/`);
    expect(final.booking_status).toBe('active');
    const signed = await agreementOf();
    expect(signed.signed).toBe(true);
    expect(signed.content.pickup_inspection).toMatchObject({
      mileage: vehicle.mileage + 7,
      fuel_eighths: 8,
      photos: 1,
    });
    expect(signed.signatures.map((item) => [item.signer, item.content_hash])).toEqual([
      ['customer', signed.content_hash],
      ['staff', signed.content_hash],
    ]);
    const pdf = await (await context.request.get(signed.pdf_url ?? '')).body();
    const text = await pdfText(pdf);
    expect(text).toContain(`Mileage: ${vehicle.mileage + 7} km`);
    expect(text).toContain('Typed name: Desk Agent');
    expect(text).toContain(signed.content_hash);
    // The customer's drawn signature is in the PDF as an image.
    expect(await pdfImages(pdf)).toBe(1);

    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/handover-signed-1024x768.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Signed agreement (PDF)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/handover-signed-390x844.png', fullPage: true });
  });

  test('handed over without an agreement: the reason is required beside its field, kept, and shown on Booking Details', async ({
    page,
    context,
  }) => {
    await signInContext(context, 'agency');
    const { booking, vehicle } = await newBooking(page, null, 'Paper');
    await page.goto(`/booking-details/${booking.id}`);
    await expect(page.getByRole('region', { name: 'Rental agreement' })).toContainText(vehicle.registration_number);

    const { inspections, form } = await fillPickup(page, vehicle.mileage + 2);
    // Ticked from the keyboard.
    const without = form.getByRole('checkbox', { name: 'Hand over without a signed agreement' });
    await without.focus();
    await page.keyboard.press('Space');
    await expect(without).toBeChecked();
    const reason = form.getByRole('textbox', { name: 'Reason' });
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(
      /Give the reason for handing the car over without a signed agreement\./,
    );
    await form.screenshot({ path: 'test-results/handover-reason-1024x768.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.screenshot({ path: 'test-results/handover-reason-390x844.png' });
    await page.setViewportSize({ width: 1024, height: 768 });

    await reason.fill('Customer signed a paper agreement; the tablet was charging.');
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    await expect(inspections.getByText('Pickup inspection saved. The booking is now active.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Active');
    await expect(page.getByRole('region', { name: 'Rental agreement' })).toContainText(
      'Picked up without a signed agreement: Customer signed a paper agreement; the tablet was charging.',
    );
    const kept = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);
    expect(kept.no_agreement_reason).toBe('Customer signed a paper agreement; the tablet was charging.');
    await expectAccessible(page);
  });

  test('the customer signed on their phone before pickup: the desk records the inspection and only countersigns', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const phone = await browser.newContext(PHONE);
    try {
      await signInContext(phone, 'customer');
      const me = await apiJson<{ id: number }>(phone.request, 'GET', 'customers/me/');
      await signInContext(context, 'agency');
      const { booking, vehicle } = await newBooking(page, me.id, 'Remote');

      // On the customer's phone, from their booking page.
      const mobile = await phone.newPage();
      await mobile.goto(`/customer/bookings/${booking.id}`);
      const theirs = mobile.getByRole('region', { name: 'Rental agreement' });
      await expect(theirs).toContainText(vehicle.registration_number);
      await theirs.getByRole('button', { name: 'Type name instead' }).click();
      await theirs.getByLabel('Customer: name to sign with').fill('Jamie Taylor');
      await theirs.getByRole('button', { name: 'Sign as customer' }).click();
      await expect(theirs.getByText('You have signed. The desk countersigns at pickup.')).toBeVisible();

      // At the desk: the inspection, then the countersignature only.
      await page.goto(`/booking-details/${booking.id}`);
      const { inspections, form } = await fillPickup(page, vehicle.mileage + 4);
      await form.getByRole('button', { name: 'Save pickup inspection' }).click();
      await expect(
        inspections.getByText(
          'Pickup inspection saved. The booking is picked up when the agreement is signed and countersigned.',
        ),
      ).toBeVisible();
      const agreement = page.getByRole('region', { name: 'Rental agreement' });
      await expect(agreement).toContainText('fuel Full, 0 damage mark(s), 1 photo(s)');
      await expect(agreement.getByText(/^Waiting for the staff countersignature/)).toBeVisible();
      await expect(agreement.getByRole('list', { name: 'Signatures' })).toContainText(
        'Customer signed as “Jamie Taylor”',
      );
      await expect(agreement.getByRole('list', { name: 'Signatures' })).toContainText('(before the pickup inspection)');
      await expect(agreement.getByRole('button', { name: 'Sign as customer' })).toHaveCount(0);
      await page.screenshot({ path: 'test-results/handover-remote-1024x768.png', fullPage: true });
      await drawSignature(page, agreement.getByRole('img', { name: /Staff: signature box/ }));
      await agreement.getByRole('button', { name: 'Sign as staff' }).click();
      await expect(agreement.getByRole('link', { name: 'Signed agreement (PDF)' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Active');

      const signed = await apiJson<BookingAgreement>(context.request, 'GET', `bookings/${booking.id}/agreement/`);
      const [customerSigned, staffSigned] = signed.signatures;
      expect(customerSigned?.content_hash).not.toBe(signed.content_hash);
      expect(staffSigned?.content_hash).toBe(signed.content_hash);
      const pdf = await (await context.request.get(signed.pdf_url ?? '')).body();
      const text = await pdfText(pdf);
      for (const words of [
        'Pickup inspection (recorded at pickup after the customer signed; countersigned by staff)',
        'Signed the content before the pickup inspection, hash',
        customerSigned?.content_hash ?? 'missing',
        'Countersigned the content with the pickup inspection, hash',
        signed.content_hash,
      ]) {
        expect(text).toContain(words);
      }
      // Staff's drawn countersignature is in the PDF as an image.
      expect(await pdfImages(pdf)).toBe(1);
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'test-results/handover-remote-390x844.png', fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
