import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiJson,
  DEMO_PASSWORD,
  goOffline,
  PHONE,
  signInApi,
  signInContext,
  TABLET,
  uniqueSuffix,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createVehicle } from './support/staff.ts';

/**
 * SPEC §2 Supplier List as the operator uses it. The agency is a fresh sign-up (pending), not the
 * demo's freshfleet, which other specs need pending.
 */

const logo = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d6fa5' } })
    .png()
    .toBuffer();

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search by make, model or color' });

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`approve a pending agency and see its vehicles on the landing page (${name})`, async ({ browser }) => {
    const suffix = uniqueSuffix();
    const agencyName = `Supplier ${suffix}`;
    const owner = await browser.newContext();
    await apiJson(owner.request, 'POST', 'agent-signup/', {
      agency_name: agencyName,
      first_name: 'Sam',
      last_name: 'Owner',
      email: `owner-${suffix}@example.com`,
      phone_number: '+44 20 7946 0123',
      username: `owner${suffix}`,
      password: DEMO_PASSWORD,
    });
    await signInApi(owner.request, `owner${suffix}`);
    const vehicle = await createVehicle(owner.request, suffix);
    await owner.close();

    const visitor = await browser.newPage(device);
    await visitor.goto('/');
    await search(visitor).fill(vehicle.model);
    await expect(visitor.getByText('No vehicles found.')).toBeVisible();

    const staff = await browser.newContext(device);
    await signInContext(staff, 'staff');
    const page = await staff.newPage();
    await page.goto('/suppliers/list');
    await expect(page.getByRole('heading', { name: 'Supplier List', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    const row = page.getByRole('row').filter({ hasText: agencyName });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: `test-results/suppliers-${name}.png`, fullPage: true });
    await expectAccessible(page);

    // Without a connection the change is refused in the agency's row, next to its button, with the focus.
    await goOffline(staff, page);
    await row.getByRole('button', { name: `Approve ${agencyName}` }).click();
    await page.getByRole('dialog', { name: 'Approve agency' }).getByRole('button', { name: 'Approve' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'You are offline' });
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    await expect(row.getByRole('button', { name: `Approve ${agencyName}` })).toBeInViewport();
    await page.screenshot({ path: `test-results/suppliers-refusal-${name}.png` });
    await staff.setOffline(false);
    await expect(page.getByRole('button', { name: /^Online/ })).toBeVisible();

    await row.getByRole('button', { name: `Approve ${agencyName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve agency' });
    await expect(dialog).toContainText('Its vehicles will appear on the public list at once.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`${agencyName} is now approved.`)).toBeVisible();
    await expect(refusal).toBeHidden();
    await expect(row.getByText('Approved')).toBeVisible();
    await expect(row.getByRole('button', { name: `Suspend ${agencyName}` })).toBeVisible();

    await row.getByRole('button', { name: `Edit ${agencyName}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${agencyName}` });
    await edit.getByLabel('Phone number').fill('+44 113 496 0999');
    await edit.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('+44 113 496 0999')).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/agencies\//);
    await staff.close();

    await visitor.close();

    const newcomer = await browser.newPage(device);
    await newcomer.goto('/');
    await search(newcomer).fill(vehicle.model);
    await expect(newcomer.getByTestId('vehicle-card').filter({ hasText: vehicle.model })).toBeVisible();
    await newcomer.close();
  });
}
