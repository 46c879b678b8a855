import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Invoice } from '../src/domain/api/invoices.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
import { pdfText } from '../tests/helpers/pdf-text.ts';
import { expectAccessible } from './support/a11y.ts';
import {
  apiJson,
  csrfHeaders,
  goOffline,
  persistedQueries,
  isoDay,
  DESKTOP,
  PHONE,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { createCustomer, createVehicle, freshAgencyOwner } from './support/staff.ts';

/** Issue 11: invoice a booking, issue it, download its PDF; an issued invoice is only voided and replaced. */

async function confirm(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

for (const [name, device, offset] of [
  ['tablet', TABLET, 500],
  ['phone', PHONE, 520],
] as const) {
  test(`invoice a booking, issue it, download its PDF, void and replace it (${name})`, async ({ browser }) => {
    // Two PDFs, a void, a replacement and an offline reload: past 30 s on a busy machine.
    test.setTimeout(90_000);
    const context = await browser.newContext({ ...device, acceptDownloads: true });
    try {
      // An agency of its own: the replacement takes the next number, which no other spec's
      // invoice (they run at the same time) can take first.
      await freshAgencyOwner(context, context.request, 'Invoice Cars');
      await apiJson(context.request, 'PATCH', 'agency/', { tax_rate: '20' });
      const suffix = uniqueSuffix();
      const customer = await createCustomer(context.request, 'Ivy', `Invoice${suffix}`);
      const vehicle = await createVehicle(context.request, suffix);
      // 4 days at £45.00 less a £10.00 discount: £170.00.
      const booking = await apiJson<StaffBooking>(context.request, 'POST', 'bookings/', {
        customer: customer.id,
        vehicle: vehicle.id,
        start_date: isoDay(offset),
        end_date: isoDay(offset + 3),
        discount_amount: '10.00',
        discount_description: 'Loyalty',
      });

      const page = await context.newPage();
      await page.goto(`/booking-details/${booking.id}`);
      await expect(page.getByRole('heading', { name: 'Booking Details', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await expect(page).toHaveURL(/\/finances\/invoices\/\d+$/);
      const draftId = Number(new URL(page.url()).pathname.split('/').pop());
      await expect(page.getByRole('heading', { name: `Draft #${draftId}`, level: 1 })).toBeVisible();
      const draftTotals = page.getByRole('definition').filter({ hasText: '£' });
      await expect(draftTotals.last()).toHaveText('£204.00');

      // A child seat added to the draft: £175.00 + 20 % tax = £210.00.
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByLabel('Line 3 description').fill('Child seat');
      await page.getByLabel('Line 3 unit price').fill('5.00');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Draft saved.')).toBeVisible();
      await expect(draftTotals.last()).toHaveText('£210.00');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/invoice-draft-${name}.png`, fullPage: true });

      await confirm(page, 'Issue');
      await expect(page.getByText('Invoice issued.')).toBeVisible();
      const issued = await apiJson<Invoice>(context.request, 'GET', `invoices/${draftId}/`);
      const number = issued.number ?? 0;
      expect(number).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible();
      await expect(
        page.getByText('An issued invoice cannot be edited. Void it and create a replacement.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
      const refused = await context.request.patch(`/api/invoices/${draftId}/`, {
        headers: await csrfHeaders(context.request),
        data: { notes: 'Too late' },
      });
      expect(refused.status()).toBe(409);
      await page.screenshot({ path: `test-results/invoice-issued-${name}.png`, fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
      const text = await pdfText(await readFile(await download.path()));
      expect(text).toContain(`Invoice number: ${number}`);
      expect(text).toContain('Subtotal £175.00');
      expect(text).toContain('Tax (20%) £35.00');
      expect(text).toContain('Total £210.00');
      expect(text).toContain(`Ivy Invoice${suffix}`);

      // Void, then a replacement: a draft with the same lines that takes the next number.
      await confirm(page, 'Void');
      await expect(page.getByText('Invoice voided.')).toBeVisible();
      await page.getByRole('button', { name: 'Create Replacement' }).click();
      await expect(page.getByRole('heading', { name: /^Draft #\d+$/, level: 1 })).toBeVisible();
      await expect(page.getByText(`Void invoice #${draftId}`)).toBeVisible();
      await confirm(page, 'Issue');
      await expect(page.getByRole('heading', { name: `Invoice ${number + 1}`, level: 1 })).toBeVisible();

      // The list of the booking's invoices, with the totals of what it shows.
      await page.goto(`/finances/invoices?booking=${booking.id}`);
      await expect(page.getByRole('heading', { name: 'Booking Invoices', level: 1 })).toBeVisible();
      const rows = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(`Invoice ${number + 1}`);
      await expect(rows.last()).toContainText('Void');
      const totals = page.getByRole('region', { name: 'Totals for the period' });
      await expect(totals).toContainText('Total of 1 invoice, void excluded');
      await expect(totals).toContainText('£210.00');
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/invoices-list-${name}.png`, fullPage: true });

      // Read offline from the persisted cache, once the list as shown is kept there (saves are throttled).
      await expect
        .poll(async () =>
          JSON.stringify(
            (await persistedQueries(page)).filter(
              (query) => query.queryKey[0] === 'invoices' && query.queryKey[1] === 'list',
            ),
          ),
        )
        .toContain(`"number":${number + 1}`);
      await waitForServiceWorker(page);
      await goOffline(context, page);
      await page.reload();
      await expect(rows.first()).toContainText(`Invoice ${number + 1}`);
      await context.setOffline(false);

      // Create Invoice from the customer's booking menu opens a new draft for another booking.
      const second = await apiJson<StaffBooking>(context.request, 'POST', 'bookings/', {
        customer: customer.id,
        vehicle: vehicle.id,
        start_date: isoDay(offset + 10),
        end_date: isoDay(offset + 10),
      });
      await page.goto(`/details/${customer.id}`);
      await page.getByRole('button', { name: `Actions for booking #${second.id}` }).click();
      await page.getByRole('menuitem', { name: 'Create Invoice' }).click();
      await expect(page.getByRole('heading', { name: /^Draft #\d+$/, level: 1 })).toBeVisible();
      await expect(page.getByText(`Booking #${second.id}`).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('the address and VAT number set in Settings are on the PDF; the payment that settles an invoice makes it Paid (desktop)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...DESKTOP, acceptDownloads: true });
  try {
    await freshAgencyOwner(context, context.request, 'Quay Cars');
    const page = await context.newPage();
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Your agency' });
    const details = form.getByRole('group', { name: 'On your invoices' });
    await details.getByLabel('Postal address').fill('7 Quay Street\nTruro\nTR1 2HE');
    await details.getByLabel('VAT number').fill('VAT #1!');
    await form.getByLabel('Tax rate (%)').fill('20');
    await form.getByRole('button', { name: 'Save agency' }).click();
    await expect(details.getByLabel('VAT number')).toHaveAccessibleDescription(
      /VAT number must be letters and digits, e\.g\. GB 123 4567 89\./,
    );
    await details.getByLabel('VAT number').fill('gb 555 1234 00');
    await form.getByRole('button', { name: 'Save agency' }).click();
    await expect(form.getByText('Your agency has been saved.')).toBeVisible();
    // Kept in capitals, as the invoice prints it.
    await page.reload();
    await expect(details.getByLabel('VAT number')).toHaveValue('GB 555 1234 00');
    await expect(details.getByLabel('Postal address')).toHaveValue('7 Quay Street\nTruro\nTR1 2HE');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/settings-invoice-details-1280x800.png', fullPage: true });

    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Wren', `Quay${suffix}`);
    const vehicle = await createVehicle(context.request, suffix);
    // 4 days at £45.00 = £180.00, + 20 % tax = £216.00.
    const booking = await apiJson<StaffBooking>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(560),
      end_date: isoDay(563),
    });
    await page.goto(`/booking-details/${booking.id}`);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(page.getByRole('heading', { name: /^Draft #\d+$/, level: 1 })).toBeVisible();
    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      return pdfText(await readFile(await file.path()));
    };
    const draftText = await download();
    expect(draftText).toContain('Draft invoice');
    expect(draftText).toContain('7 Quay Street Truro TR1 2HE');
    expect(draftText).toContain('VAT number: GB 555 1234 00');
    // The booking's quote lines (issue 21), under the rental's vehicle and dates.
    expect(draftText).toMatch(/Rental Testmake .* Description Qty Unit price Amount Base rate \(4 days\)/);

    await confirm(page, 'Issue');
    await expect(page.getByText('Invoice issued.')).toBeVisible();
    const issuedText = await download();
    expect(issuedText).toMatch(/Invoice \d+/);
    expect(issuedText).not.toContain('Draft invoice');
    expect(issuedText).toContain('Total £216.00');

    // Paid in two parts at the desk: the second, which covers the total, makes the invoice Paid.
    await page.goto(`/booking-details/${booking.id}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const pay = payments.getByRole('form', { name: 'Record payment' });
    await pay.getByLabel('Amount').fill('100');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay.getByText('Payment recorded.')).toBeVisible();
    await expect(invoices.getByText('Issued', { exact: true })).toBeVisible();
    await pay.getByLabel('Amount').fill('116');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(invoices.getByText('Paid', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/invoice-paid-booking-1280x800.png', fullPage: true });
  } finally {
    await context.close();
  }
});
