import { expect, test, type Browser } from '@playwright/test';
import { apiJson, isoDay, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

/** Issue 19: a vehicle with history is retired from its edit form instead of deleted, and returned to service. */

/** Whether a visitor finds the vehicle on the public list (a new visitor each time: nothing cached). */
async function visitorSees(browser: Browser, make: string, model: string): Promise<boolean> {
  const context = await browser.newContext(TABLET);
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search by make, model or color' }).fill(model);
    const card = page.getByRole('article', { name: `${make} ${model}` });
    const empty = page.getByText('No vehicles found.');
    await expect(card.or(empty)).toBeVisible();
    return await card.isVisible();
  } finally {
    await context.close();
  }
}

test.describe('retiring a vehicle on a tablet', () => {
  test.use(TABLET);

  test('Delete is refused beside the button with focus on it; Retire hides the vehicle; Return to Service brings it back', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const suffix = uniqueSuffix();
    await signInContext(context, 'agency');
    const vehicle = await createVehicle(context.request, suffix);
    const customer = await createCustomer(context.request, 'Rita', `Retire${suffix}`);
    await apiJson(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(300),
      end_date: isoDay(302),
    });
    expect(await visitorSees(browser, vehicle.make, vehicle.model)).toBe(true);

    await page.goto(`/edit-vehicle/${vehicle.id}`);
    const remove = page.getByRole('button', { name: 'Delete Vehicle' });
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'cannot be deleted. Retire it instead' });
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    // Beside Delete: in the same actions row, right above it.
    const [refusalBox, deleteBox] = [await refusal.boundingBox(), await remove.boundingBox()];
    expect(deleteBox && refusalBox && deleteBox.y - (refusalBox.y + refusalBox.height)).toBeLessThan(40);
    await expectAccessible(page);

    await refusal.getByRole('button', { name: 'Retire Vehicle' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Vehicle retired: it is hidden' })).toBeVisible();
    await expect(refusal).toBeHidden();
    expect(await visitorSees(browser, vehicle.make, vehicle.model)).toBe(false);

    // The fleet list hides it unless "Show retired" is ticked, which the address keeps.
    await page.goto('/fleet/vehicles');
    await page.getByRole('searchbox', { name: 'Search by make, model or color' }).fill(vehicle.model);
    await expect(page.getByText('No vehicles found.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Show retired' }).check();
    await expect(page).toHaveURL(/retired=show/);
    const card = page.getByRole('article', { name: `${vehicle.make} ${vehicle.model}` });
    await expect(card.getByText('Retired', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Show retired' })).toBeChecked();

    // Its history stays: the booking is still there.
    const bookings = await apiJson<{ vehicle: number }[]>(
      context.request,
      'GET',
      `bookings/?customer=${customer.id}&limit=10`,
    );
    expect(bookings.some((booking) => booking.vehicle === vehicle.id)).toBe(true);

    await page.goto(`/edit-vehicle/${vehicle.id}`);
    await page.getByRole('button', { name: 'Return to Service' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Vehicle returned to service. It appears in the public list again.' }),
    ).toBeVisible();
    expect(await visitorSees(browser, vehicle.make, vehicle.model)).toBe(true);
  });
});
