import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { VehicleCategoryView } from '../src/domain/api/rate-plan.ts';
import type { SessionUser } from '../src/domain/api/session.ts';
import type { PublicVehicle, StaffVehicle } from '../src/domain/api/vehicles.ts';
import { apiJson, csrfHeaders, PHONE, signInApi, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createVehicle, freshAgencyOwner } from './support/staff.ts';

/**
 * Issue 21: a vehicle's category on the staff vehicle form. The owner of a new agency picks one
 * of its categories, the edit screen shows it again and the public vehicle carries its name; the
 * operator's form has no Category (it may not read an agency's categories) and keeps the vehicle's.
 */

const SHOTS = process.env.E2E_SHOTS ?? 'test-results';

/** A new approved agency with a pickup location, two categories and one vehicle without a category. */
async function arrange(request: APIRequestContext, baseURL: string | undefined) {
  const me = await apiJson<SessionUser>(request, 'GET', 'auth/me/');
  const operator = await playwrightRequest.newContext({ baseURL });
  try {
    await signInApi(operator, 'staff');
    await apiJson(operator, 'POST', `suppliers/${me.agency?.id}/status/`, { status: 'approved' });
  } finally {
    await operator.dispose();
  }
  const location = await apiJson<{ id: number }>(request, 'POST', 'locations/', {
    name: 'Leeds Station',
    city: 'Leeds',
    address: '1 Station Road',
  });
  const economy = await apiJson<VehicleCategoryView>(request, 'POST', 'vehicle-categories/', { name: 'Economy' });
  const suv = await apiJson<VehicleCategoryView>(request, 'POST', 'vehicle-categories/', { name: 'SUV' });
  const vehicle = await createVehicle(request, uniqueSuffix(), { pickup_locations: String(location.id) });
  expect(vehicle.category_id).toBeNull();
  return { economy, suv, vehicle };
}

async function openEdit(page: Page, vehicle: StaffVehicle): Promise<void> {
  await page.goto(`/edit-vehicle/${vehicle.id}`);
  await expect(page.getByLabel('Make')).toHaveValue(vehicle.make);
}

test.describe("a vehicle's category", () => {
  test('the owner on a tablet sets it, sees it again, and the public vehicle carries it', async ({
    browser,
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(TABLET.viewport);
    await freshAgencyOwner(context, request, 'Category Motors');
    const { suv, vehicle } = await arrange(context.request, baseURL);

    await openEdit(page, vehicle);
    const category = page.getByLabel('Category');
    await expect(category).toBeEnabled();
    await expect(category).toHaveValue('');
    await expect(category.getByRole('option')).toHaveText(['No category', 'Economy', 'SUV']);
    await category.selectOption({ label: 'SUV' });
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/vehicle-category-tablet.png`, fullPage: true });

    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Category: No category → SUV');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/fleet\/vehicles$/);
    await expect(page.getByRole('status').filter({ hasText: 'Vehicle updated successfully.' })).toBeVisible();

    await openEdit(page, vehicle);
    await expect(page.getByLabel('Category')).toHaveValue(String(suv.id));
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('SUV');

    const publicVehicle = await context.request.get(`/api/public-vehicles/${vehicle.id}/`);
    expect(publicVehicle.ok()).toBe(true);
    expect(((await publicVehicle.json()) as PublicVehicle).category).toBe('SUV');

    // The operator edits the same vehicle without a Category and keeps it.
    const operatorContext = await browser.newContext(TABLET);
    try {
      await signInContext(operatorContext, 'staff');
      const operatorPage = await operatorContext.newPage();
      await openEdit(operatorPage, vehicle);
      await expect(operatorPage.getByLabel('Agency')).toBeVisible();
      await expect(operatorPage.getByLabel('Category')).toHaveCount(0);
      await operatorPage.getByLabel('Colour').fill('Crimson');
      await operatorPage.getByRole('button', { name: 'Save Changes' }).click();
      const operatorDialog = operatorPage.getByRole('dialog');
      await expect(operatorDialog).toContainText('Colour: Blue → Crimson');
      await expect(operatorDialog).not.toContainText('Category');
      await operatorDialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(operatorPage).toHaveURL(/\/fleet\/vehicles$/);
    } finally {
      await operatorContext.close();
    }
    const stored = await apiJson<StaffVehicle>(context.request, 'GET', `staff-vehicles/${vehicle.id}/`);
    expect(stored).toMatchObject({ color: 'Crimson', category_id: suv.id });
  });

  test('the owner on a phone: without the list the current category shows, disabled, and is kept', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(PHONE.viewport);
    await freshAgencyOwner(context, request, 'Category Phones');
    const { economy, vehicle } = await arrange(context.request, baseURL);
    const set = await context.request.patch(`/api/staff-vehicles/${vehicle.id}/`, {
      headers: await csrfHeaders(context.request),
      multipart: { category_id: String(economy.id) },
    });
    expect(set.ok(), `set category: ${set.status()}`).toBe(true);

    // The list refused (no retry on a 4xx): the vehicle's category is shown, disabled, with a hint.
    await page.route('**/api/vehicle-categories/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"detail":"Not allowed."}' }),
    );
    await openEdit(page, vehicle);
    const category = page.getByLabel('Category');
    await expect(category).toBeDisabled();
    await expect(category.locator('option:checked')).toHaveText('Current category');
    await expect(page.getByText('The categories could not be loaded: the current one is kept.')).toBeVisible();
    await page.getByLabel('Colour').fill('Green');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Colour: Blue → Green');
    await expect(dialog).not.toContainText('Category');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/fleet\/vehicles$/);
    const kept = await apiJson<StaffVehicle>(context.request, 'GET', `staff-vehicles/${vehicle.id}/`);
    expect(kept).toMatchObject({ color: 'Green', category_id: economy.id });

    // The list back: the select offers it with the vehicle's category chosen.
    await page.unroute('**/api/vehicle-categories/**');
    await openEdit(page, vehicle);
    await expect(page.getByLabel('Category')).toBeEnabled();
    await expect(page.getByLabel('Category')).toHaveValue(String(economy.id));
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/vehicle-category-phone.png`, fullPage: true });
  });
});
