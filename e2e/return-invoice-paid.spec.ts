import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { StaffBookingDetail } from '../src/domain/api/bookings.ts';
import type { ReturnCharges } from '../src/domain/api/return-charges.ts';
import { apiJson, csrfHeaders, isoDay, PHONE, TABLET, uniqueSuffix } from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle, freshAgencyOwner } from './support/staff.ts';

/**
 * Decision 054 on Booking Details: a final invoice the booking's payment and the deposit kept for
 * the charges cover shows Paid; with a shortfall it shows Issued until the payment due is marked
 * received. A fresh agency charges £0.20 a km over 100 km a day and £10.00 an eighth of fuel: a
 * return 150 km over with 3/8 of a tank short is £60.00 of charges.
 */
async function finalizedReturn(context: BrowserContext, deposit: string) {
  const request = context.request;
  await freshAgencyOwner(context, request, 'Paid Motors');
  const suffix = uniqueSuffix();
  const settings = await request.put('/api/rate-plan/settings/', {
    headers: await csrfHeaders(request),
    data: {
      hourly_basis_points: 1000,
      young_driver_charge: 'per_day',
      young_driver_amount: '0',
      out_of_hours_amount: '0',
      price_per_extra_km: '0.20',
      fuel_policy: 'full_to_full',
      fuel_price_per_eighth: '10.00',
      late_grace_minutes: 30,
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const customer = await createCustomer(request, 'Paige', `Paid${suffix}`);
  const vehicle = await createVehicle(request, `P${suffix}`, { mileage_allowance: '100', deposit });
  const booking = await apiJson<StaffBookingDetail>(request, 'POST', 'bookings/', {
    customer: customer.id,
    vehicle: vehicle.id,
    start_date: isoDay(620),
    end_date: isoDay(622),
  });
  const pay = (kind: 'deposit' | 'payment', amount: string) =>
    apiJson(request, 'POST', 'payments/', { booking: booking.id, kind, amount, method: 'cash', paid_on: isoDay(0) });
  await pay('deposit', deposit);
  await pay('payment', booking.booking_amount);
  const inspect = async (kind: 'pickup' | 'return', multipart: Record<string, string>) => {
    const response = await request.post(`/api/bookings/${booking.id}/inspections/${kind}/`, {
      headers: await csrfHeaders(request),
      multipart: { damage_marks: '[]', ...multipart },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await inspect('pickup', {
    mileage: String(vehicle.mileage),
    fuel_eighths: '8',
    no_agreement_reason: 'Agreement signed on paper for this test.',
  });
  await inspect('return', {
    mileage: String(vehicle.mileage + 450),
    fuel_eighths: '5',
    device_time: `${booking.end_date}T${booking.dropoff_time}`,
  });
  for (const code of ['mileage', 'fuel']) {
    await apiJson(request, 'POST', `bookings/${booking.id}/return-charges/`, { code, decision: 'confirm' });
  }
  const final = await apiJson<ReturnCharges>(request, 'POST', `bookings/${booking.id}/return-charges/finalize/`);
  return { booking, final };
}

const invoiceRow = (page: Page, number: number) =>
  page
    .getByRole('region', { name: 'Invoices' })
    .getByRole('listitem')
    .filter({ hasText: `${number}` });

for (const [size, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`a final invoice the deposit covered, on a ${size}`, () => {
    test.use(device);

    test('shows Paid on Booking Details when the booking was paid and the deposit covered the charges', async ({
      page,
      context,
    }) => {
      const { booking, final } = await finalizedReturn(context, '300.00');
      expect(final.settlement).toMatchObject({ charges: '60.00', refund: '240.00', invoice_status: 'paid' });
      await page.goto(`/booking-details/${booking.id}`);
      const row = invoiceRow(page, final.settlement?.invoice_number ?? 0);
      await expect(row.getByText('Paid', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Settlement' })).toContainText(
        `Invoice ${final.settlement?.invoice_number} is paid.`,
      );
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`final-invoice-paid-${size}.png`), fullPage: true });
      await expectAccessible(page);
    });

    test('shows Issued while a shortfall is due, and Paid once the payment due is marked received', async ({
      page,
      context,
    }) => {
      const { booking, final } = await finalizedReturn(context, '20.00');
      expect(final.settlement).toMatchObject({ deposit_applied: '20.00', due: '40.00', invoice_status: 'issued' });
      await page.goto(`/booking-details/${booking.id}`);
      const row = invoiceRow(page, final.settlement?.invoice_number ?? 0);
      await expect(row.getByText('Issued', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Settlement' })).not.toContainText('is paid.');
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByRole('button', { name: 'Mark Payment of £40.00 received' }).click();
      await expect(payments.getByRole('button', { name: /^Mark .* received$/ })).toHaveCount(0);
      await expect(row.getByText('Paid', { exact: true })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`shortfall-received-${size}.png`), fullPage: true });
    });
  });
}
