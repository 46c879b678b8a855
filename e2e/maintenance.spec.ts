import { expect, test, type Page } from '@playwright/test';
import type { MaintenanceRecord } from '../src/domain/api/maintenance.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import { addMonths } from '../src/domain/dates.ts';
import {
  apiJson,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createVehicle, freshAgencyOwner } from './support/staff.ts';

/**
 * Issue 11: /fleet/maintenance as the yard uses it. Each test signs up its own agency, so the
 * dashboard's "services due" and the totals count only what the test made.
 */

/** 2032-01-10 → 10/01/2032, as the screen shows dates. */
const british = (isoDate: string) => isoDate.split('-').reverse().join('/');
const vehicleLabel = (vehicle: StaffVehicle) => `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
const recordForm = (page: Page) => page.getByRole('form', { name: 'Add record' });

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`record a service and see the next service date move (${name})`, async ({ browser }) => {
    const context = await browser.newContext(device);
    try {
      await freshAgencyOwner(context, context.request, 'Service Cars');
      const vehicle = await createVehicle(context.request, uniqueSuffix(), { next_service_date: isoDay(-3) });
      const page = await context.newPage();

      // The dashboard flags the overdue vehicle and leads to its records.
      await page.goto('/staff/dashboard');
      const due = page.getByRole('region', { name: 'Services due' });
      await expect(due.getByText(`${vehicle.make} ${vehicle.model}`)).toBeVisible();
      await expect(due.getByText('Overdue')).toBeVisible();
      await page.screenshot({ path: `test-results/maintenance-dashboard-${name}.png`, fullPage: true });
      await expect(
        page.getByRole('listitem').filter({ hasText: 'Services due' }).getByText('1', { exact: true }),
      ).toBeVisible();
      await due.getByRole('link', { name: `Maintenance of ${vehicle.make} ${vehicle.model}` }).click();
      await expect(page.getByRole('heading', { name: 'Maintenance Records', level: 1 })).toBeVisible();
      await expect(page.getByText('No maintenance records found.')).toBeVisible();

      await page.getByRole('button', { name: '+ Add Record' }).click();
      const form = recordForm(page);
      await expect(form.getByLabel('Vehicle')).toHaveValue(String(vehicle.id));
      await expect(form.getByLabel('Type')).toHaveValue('service');
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(form.getByText('Mileage is required.')).toBeVisible();
      await form.getByLabel('Mileage').fill('1850');
      await form.getByLabel('Cost').fill('180.5');
      await form.getByLabel('Garage').fill('Leeds Motors');
      await form.getByLabel('Notes').fill('Oil, filters and brake fluid');
      await form.getByRole('button', { name: 'Add record' }).click();
      await expect(page.getByText('Record saved.')).toBeVisible();

      const today = isoDay(0);
      const next = addMonths(today, 12);
      const totals = page.getByRole('region', { name: 'Totals' });
      await expect(totals).toContainText('1 record');
      await expect(totals).toContainText('£180.50');
      const shown = page.getByRole('list', { name: 'Maintenance records' });
      await expect(shown.getByText(british(next))).toBeVisible();
      await expect(shown.getByText('Leeds Motors')).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/maintenance-${name}.png`, fullPage: true });

      const moved = await apiJson<StaffVehicle>(context.request, 'GET', `staff-vehicles/${vehicle.id}/`);
      expect(moved.next_service_date).toBe(next);
      expect(moved.mileage).toBe(1850);

      // No longer due: the fleet's "service due" view and the dashboard leave it out.
      await page.goto('/fleet/vehicles?service=due');
      await expect(page.getByText('No vehicle is due a service.')).toBeVisible();
      await page.goto('/staff/dashboard');
      await expect(
        page
          .getByRole('region', { name: 'Services due' })
          .getByText('No vehicle is due a service in the next 14 days.'),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test.describe('maintenance records', () => {
  test.use(DESKTOP);

  test('the fleet list flags a vehicle due a service', async ({ page, context }) => {
    await freshAgencyOwner(context, context.request, 'Flag Cars');
    const soon = await createVehicle(context.request, uniqueSuffix(), { next_service_date: isoDay(5) });
    const later = await createVehicle(context.request, uniqueSuffix(), { next_service_date: isoDay(90) });
    await page.goto('/fleet/vehicles');
    const soonCard = page.getByRole('article', { name: `${soon.make} ${soon.model}` });
    await expect(soonCard.getByText(`Service due ${british(soon.next_service_date)}`)).toBeVisible();
    await expect(page.getByRole('article', { name: `${later.make} ${later.model}` }).getByText(/Service/)).toHaveCount(
      0,
    );

    await page.getByLabel('Service due only (within 14 days or past)').check();
    await expect(page).toHaveURL(/service=due/);
    await expect(page.getByRole('article', { name: `${later.make} ${later.model}` })).toHaveCount(0);
    await expect(soonCard).toBeVisible();
    await soonCard.getByRole('link', { name: `Maintenance of ${vehicleLabel(soon)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/fleet/maintenance\\?vehicle=${soon.id}`));
  });

  test('filters by type and dates, totals the period, edits and deletes', async ({ page, context }) => {
    await freshAgencyOwner(context, context.request, 'Ledger Cars');
    const vehicle = await createVehicle(context.request, uniqueSuffix());
    const add = (type: string, daysAgo: number, cost: string) =>
      apiJson<MaintenanceRecord>(context.request, 'POST', 'maintenance/', {
        vehicle: vehicle.id,
        type,
        service_date: isoDay(-daysAgo),
        mileage: 2000,
        cost,
        garage: 'Kwik Tyres',
      });
    await add('tyres', 40, '320.00');
    await add('repair', 20, '99.99');
    await add('tyres', 5, '80.00');

    await page.goto('/fleet/maintenance');
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('3 records');
    await expect(totals).toContainText('£499.99');
    await expect(totals).toContainText('Tyres: 2 · £400.00');
    await page.screenshot({ path: 'test-results/maintenance-desktop.png', fullPage: true });

    await page.getByLabel('Type', { exact: true }).selectOption('tyres');
    await expect(totals).toContainText('2 records');
    await page.getByLabel('From', { exact: true }).fill(isoDay(-30));
    await expect(totals).toContainText('1 record');
    await expect(totals).toContainText('£80.00');
    await expect(page).toHaveURL(/type=tyres/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);

    await page.getByRole('button', { name: /^Edit tyres of/ }).click();
    const edit = page.getByRole('form', { name: 'Edit record' });
    await edit.getByLabel('Cost').fill('85');
    await edit.getByRole('button', { name: 'Save record' }).click();
    await expect(page.getByText('Record saved.')).toBeVisible();
    await expect(totals).toContainText('£85.00');

    await page.getByRole('button', { name: /^Delete tyres of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete record' });
    await expect(dialog).toContainText('The vehicle keeps its mileage and next service date.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Record deleted.')).toBeVisible();
    await expect(page.getByText('No maintenance records found.')).toBeVisible();
    await expect(totals).toContainText('0 records');
  });

  test('a record made offline in the yard is kept and sent once', async ({ page, context }) => {
    await freshAgencyOwner(context, context.request, 'Yard Cars');
    const vehicle = await createVehicle(context.request, uniqueSuffix(), { next_service_date: isoDay(-1) });
    await page.goto(`/fleet/maintenance?vehicle=${vehicle.id}`);
    await expect(page.getByText('No maintenance records found.')).toBeVisible();
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await page.getByRole('button', { name: '+ Add Record' }).click();
    const form = recordForm(page);
    await form.getByLabel('Mileage').fill('2400');
    await form.getByLabel('Cost').fill('150');
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(page.getByText(/the record is saved on this device/)).toBeVisible();
    await expect(page.locator('#main').getByText(`Service: ${vehicleLabel(vehicle)}`)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/Waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('table').getByText('£150.00')).toBeVisible();
    const records = await apiJson<MaintenanceRecord[]>(context.request, 'GET', `maintenance/?vehicle=${vehicle.id}`);
    expect(records).toHaveLength(1);
    expect(records[0]?.vehicle_details.next_service_date).toBe(addMonths(isoDay(0), 12));
  });
});
