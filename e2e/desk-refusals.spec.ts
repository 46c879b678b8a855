import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Invoice } from '../src/domain/api/invoices.ts';
import type { MaintenanceRecord } from '../src/domain/api/maintenance.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
import { expectAccessible } from './support/a11y.ts';
import { apiJson, csrfHeaders, goOffline, isoDay, PHONE, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

/**
 * Issue 19: a refusal of the server is said next to the control that caused it, with the focus
 * on it and in view, on a tablet and a phone alike: invoices, inspections and Add Booking.
 */

/**
 * The refusal has the focus, is on screen, and sits right above the button pressed: at most one
 * button between them (a phone stacks a form's Cancel and Save).
 */
async function expectBeside(refusal: Locator, button: Locator) {
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(button).toBeInViewport();
  const [said, pressed] = [await refusal.boundingBox(), await button.boundingBox()];
  expect(said && pressed).toBeTruthy();
  if (!said || !pressed) return;
  const gap = Math.max(pressed.y - (said.y + said.height), said.y - (pressed.y + pressed.height));
  expect(gap, 'the refusal is next to the button').toBeLessThan(80);
}

async function shoot(page: Page, name: string, device: string) {
  await page.screenshot({ path: `test-results/refusal-${name}-${device}.png` });
}

for (const [device, size, offset] of [
  ['tablet', TABLET, 600],
  ['phone', PHONE, 640],
] as const) {
  test.describe(`refusals beside their control (${device})`, () => {
    test.use(size);

    test('invoices: Issue of an invoice issued meanwhile, Save of its draft, Create Invoice offline', async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await signInContext(context, 'agency');
      const suffix = uniqueSuffix();
      const customer = await createCustomer(context.request, 'Rhea', `Refused${suffix}`);
      const vehicle = await createVehicle(context.request, `R${suffix}`);
      const booking = (day: number) =>
        apiJson<StaffBooking>(context.request, 'POST', 'bookings/', {
          customer: customer.id,
          vehicle: vehicle.id,
          start_date: isoDay(offset + day),
          end_date: isoDay(offset + day + 1),
        });
      const [first, second, third] = [await booking(0), await booking(5), await booking(10)];

      // Issue: someone else issued this draft while it was open here.
      const draft = await apiJson<Invoice>(context.request, 'POST', 'invoices/', { booking: first.id });
      await page.goto(`/finances/invoices/${draft.id}`);
      await expect(page.getByRole('button', { name: 'Issue', exact: true })).toBeVisible();
      await apiJson(context.request, 'POST', `invoices/${draft.id}/issue/`);
      const issue = page.getByRole('button', { name: 'Issue', exact: true });
      await issue.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Issue', exact: true }).click();
      const issueRefusal = page.getByRole('alert').filter({ hasText: /issued/i });
      await expectBeside(issueRefusal, issue);
      await shoot(page, 'invoice-issue', device);

      // Save draft: a line left without a price is said under it, with the focus there.
      const other = await apiJson<Invoice>(context.request, 'POST', 'invoices/', { booking: second.id });
      await page.goto(`/finances/invoices/${other.id}`);
      const editor = page.getByRole('form', { name: 'Edit draft invoice' });
      const price = editor.getByLabel('Line 1 unit price');
      await price.fill('');
      const save = editor.getByRole('button', { name: 'Save draft' });
      await save.click();
      await expect(price).toBeFocused();
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(editor.getByRole('alert')).toHaveCount(0);
      // …and the server's refusal (issued meanwhile) beside Save, said once.
      await price.fill('50.00');
      await apiJson(context.request, 'POST', `invoices/${other.id}/issue/`);
      await save.click();
      const saveRefusal = editor.getByRole('alert');
      await expect(saveRefusal).toHaveText('An issued invoice cannot be edited. Void it and create a replacement.');
      await expectBeside(saveRefusal, save);
      await expect(page.getByText('An issued invoice cannot be edited. Void it and create a replacement.')).toHaveCount(
        1,
      );
      await expectAccessible(page);
      await shoot(page, 'draft-save', device);

      // Create Invoice without a connection: said beside the button on Booking Details.
      await page.goto(`/booking-details/${third.id}`);
      const create = page.getByRole('button', { name: 'Create Invoice' });
      await expect(create).toBeVisible();
      await goOffline(context, page);
      await create.click();
      const createRefusal = page.getByRole('alert').filter({ hasText: 'You are offline' });
      await expectBeside(createRefusal, create);
      await shoot(page, 'create-invoice', device);
      await context.setOffline(false);

      // The same from the customer's booking history: said in that booking's row (or card).
      await page.goto(`/details/${customer.id}`);
      const menu = page.getByRole('button', { name: `Actions for booking #${third.id}` });
      await expect(menu).toBeVisible();
      await goOffline(context, page);
      await menu.click();
      await page.getByRole('menuitem', { name: 'Create Invoice' }).click();
      const historyRefusal = page.getByRole('alert').filter({ hasText: 'You are offline' });
      await expect(historyRefusal).toBeFocused();
      await expect(historyRefusal).toBeInViewport();
      await expect(menu).toBeInViewport();
      await expectAccessible(page);
      await shoot(page, 'booking-history', device);
      await context.setOffline(false);
    });

    test('inspections: a pickup recorded twice is refused beside Save', async ({ page, context }) => {
      test.setTimeout(60_000);
      await signInContext(context, 'agency');
      const suffix = uniqueSuffix();
      const customer = await createCustomer(context.request, 'Ivo', `Twice${suffix}`);
      const vehicle = await createVehicle(context.request, `T${suffix}`);
      const booking = await apiJson<StaffBooking>(context.request, 'POST', 'bookings/', {
        customer: customer.id,
        vehicle: vehicle.id,
        start_date: isoDay(0),
        end_date: isoDay(2),
      });

      await page.goto(`/booking-details/${booking.id}`);
      const panel = page.getByRole('region', { name: 'Inspections' });
      await panel.getByRole('button', { name: 'Record pickup inspection' }).click();
      const form = page.getByRole('form', { name: 'Pickup inspection' });
      const save = form.getByRole('button', { name: 'Save pickup inspection' });
      // Nothing typed: the first field's message, with the focus on it.
      await save.click();
      await expect(form.getByLabel('Mileage')).toBeFocused();
      await expect(form.getByLabel('Mileage')).toHaveAttribute('aria-invalid', 'true');

      // Another desk records the pickup meanwhile.
      const response = await context.request.post(`/api/bookings/${booking.id}/inspections/pickup/`, {
        headers: await csrfHeaders(context.request),
        multipart: { mileage: String(vehicle.mileage + 3), fuel_eighths: '8' },
      });
      expect(response.status()).toBe(201);
      await form.getByLabel('Mileage').fill(String(vehicle.mileage + 3));
      await form.getByLabel('Fuel level').selectOption({ label: 'Full' });
      await save.click();
      const refusal = form.getByRole('alert').filter({ hasText: 'cannot be recorded twice' });
      await expectBeside(refusal, save);
      // The panel now shows the pickup the other desk recorded.
      await expect(panel.getByRole('article', { name: 'Pickup inspection' })).not.toContainText('Not recorded yet.');
      await expectAccessible(page);
      await shoot(page, 'inspection-twice', device);
    });

    test('Add Booking: dates taken are refused beside Add Booking, said once', async ({ page, context }) => {
      await signInContext(context, 'agency');
      const suffix = uniqueSuffix();
      const customer = await createCustomer(context.request, 'Ada', `Taken${suffix}`);
      const vehicle = await createVehicle(context.request, `B${suffix}`);
      const start = isoDay(offset + 20);
      const end = isoDay(offset + 22);
      await apiJson(context.request, 'POST', 'bookings/', {
        customer: customer.id,
        vehicle: vehicle.id,
        start_date: start,
        end_date: end,
      });

      await page.goto(`/add-booking?customerId=${customer.id}`);
      await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Ada Taken${suffix}`);
      await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicle.registration_number);
      await page.getByRole('option', { name: new RegExp(vehicle.registration_number) }).click();
      await page.getByLabel('Start date').fill(start);
      await page.getByLabel('End date').fill(end);
      const add = page.getByRole('button', { name: 'Add Booking' });
      await add.click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Failed to create booking. Please check your input.' });
      await expect(refusal).toContainText('This vehicle is already booked from');
      await expectBeside(refusal, add);
      await expect(page.getByText(/This vehicle is already booked from/)).toHaveCount(1);
      await expectAccessible(page);
      await shoot(page, 'add-booking', device);

      // A field left wrong keeps the focus; the form's sentence waits beside the button.
      await page.getByLabel('End date').fill(isoDay(offset + 10));
      await add.click();
      await expect(page.getByLabel('End date')).toBeFocused();
      await expect(page.getByText('Failed to create booking. Please check your input.')).toBeVisible();
    });

    test('maintenance: saving a record deleted meanwhile is refused beside Save record', async ({ page, context }) => {
      await signInContext(context, 'agency');
      const vehicle = await createVehicle(context.request, `M${uniqueSuffix()}`);
      const record = await apiJson<MaintenanceRecord>(context.request, 'POST', 'maintenance/', {
        vehicle: vehicle.id,
        type: 'repair',
        service_date: isoDay(-3),
        mileage: 1000,
        cost: '60.00',
        garage: 'Kwik Fix',
      });

      await page.goto(`/fleet/maintenance?vehicle=${vehicle.id}`);
      await page
        .getByRole('button', { name: /^Edit repair of/ })
        .first()
        .click();
      const form = page.getByRole('form', { name: 'Edit record' });
      // A date to come is said under the date, with the focus there, and not again beside Save.
      await form.getByLabel('Date').fill(isoDay(3));
      const save = form.getByRole('button', { name: 'Save record' });
      await save.click();
      await expect(form.getByLabel('Date')).toBeFocused();
      await expect(form.getByLabel('Date')).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('alert')).toHaveCount(0);

      await form.getByLabel('Date').fill(isoDay(-2));
      await apiJson(context.request, 'DELETE', `maintenance/${record.id}/`);
      await form.getByLabel('Cost').fill('65.00');
      await save.click();
      const refusal = form.getByRole('alert');
      await expect(refusal).toContainText('not found');
      await expectBeside(refusal, save);
      // The list below reads again: the record is gone there too.
      await expect(page.getByText('No maintenance records found.')).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'maintenance', device);
    });
  });
}
