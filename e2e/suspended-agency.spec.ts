import { expect, test } from '@playwright/test';
import {
  apiJson,
  DEMO_PASSWORD,
  PHONE,
  signInApi,
  signInContext,
  signInWithForm,
  TABLET,
  uniqueSuffix,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createVehicle } from './support/staff.ts';

/**
 * Issue 19: an agency's own users see their agency on the Supplier List, and once the operator
 * suspends it, a banner on every staff page says so (decision 029). A fresh sign-up, so no demo
 * agency other specs use is ever suspended.
 */

const BANNER = /is suspended\. You can view your data but not change it/;

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`the operator suspends an agency and its owner sees why on every page (${name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const suffix = uniqueSuffix();
    const agencyName = `Suspended ${suffix}`;
    const username = `susp${suffix}`;
    const setup = await browser.newContext();
    await apiJson(setup.request, 'POST', 'agent-signup/', {
      agency_name: agencyName,
      first_name: 'Pat',
      last_name: 'Owner',
      email: `susp-${suffix}@example.com`,
      phone_number: '+44 20 7946 0456',
      username,
      password: DEMO_PASSWORD,
    });
    await signInApi(setup.request, username);
    await createVehicle(setup.request, suffix);
    await apiJson(setup.request, 'POST', 'locations/', { name: 'Depot', city: 'York', address: '1 Yard Lane' });
    await setup.close();

    const staff = await browser.newContext(device);
    await signInContext(staff, 'staff');
    const [agency] = await apiJson<{ id: number }[]>(staff.request, 'GET', `suppliers/?search=${suffix}`);
    if (!agency) throw new Error('The new agency is not on the Supplier List.');
    await apiJson(staff.request, 'POST', `suppliers/${agency.id}/status/`, { status: 'approved' });

    // Approved: the owner's Supplier List is their agency, with a way to Settings; no banner.
    const ownerContext = await browser.newContext(device);
    const owner = await ownerContext.newPage();
    await signInWithForm(owner, username);
    await expect(owner.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(owner.getByText(BANNER)).toHaveCount(0);
    await owner.goto('/suppliers/list');
    const card = owner.getByRole('region', { name: agencyName });
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(`susp-${suffix}@example.com`)).toBeVisible();
    await expect(card.getByText('+44 20 7946 0456')).toBeVisible();
    await expect(card.getByText('1 vehicle', { exact: true })).toBeVisible();
    await expect(card.getByText('1 pickup location', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Edit in Settings' })).toHaveAttribute('href', '/settings');
    await expect(owner.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
    await owner.screenshot({ path: `test-results/own-agency-${name}.png`, fullPage: true });
    await expectAccessible(owner);

    // The operator suspends it on the Supplier List.
    const operator = await staff.newPage();
    await operator.goto('/suppliers/list');
    await operator.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    const row = operator.getByRole('row').filter({ hasText: agencyName });
    await row.getByRole('button', { name: `Suspend ${agencyName}` }).click();
    await operator.getByRole('dialog', { name: 'Suspend agency' }).getByRole('button', { name: 'Suspend' }).click();
    await expect(operator.getByText(`${agencyName} is now suspended.`)).toBeVisible();
    await staff.close();

    // Signed in again, the owner meets the banner on the dashboard and on every page after it.
    await ownerContext.clearCookies();
    await ownerContext.close();
    const againContext = await browser.newContext(device);
    const again = await againContext.newPage();
    await signInWithForm(again, username);
    await expect(again.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const banner = again.getByRole('status').filter({ hasText: BANNER });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`${agencyName} is suspended.`);
    await expect(banner).toContainText('Contact the platform operator');
    await expect(banner.getByRole('button')).toHaveCount(0);
    await again.screenshot({ path: `test-results/suspended-banner-${name}.png`, fullPage: true });
    await expectAccessible(again);
    for (const path of ['/fleet/vehicles', '/settings', '/bookings/list']) {
      await again.goto(path);
      await expect(again.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
    }
    await again.goto('/suppliers/list');
    await expect(again.getByRole('region', { name: agencyName }).getByText('Suspended', { exact: true })).toBeVisible();
    await expect(again.getByText('Contact the platform operator to have your agency reinstated.')).toBeVisible();
    // Suspended, nothing can be changed: no way to Settings' edit form from here.
    await expect(again.getByRole('link', { name: 'Edit in Settings' })).toHaveCount(0);
    await againContext.close();
  });
}

test('an agent sees their agency on the Supplier List, without the way to edit it', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  try {
    await signInContext(context, 'agent');
    const page = await context.newPage();
    await page.goto('/suppliers/list');
    const card = page.getByRole('region', { name: 'Northern Wheels' });
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d+ vehicles?$/)).toBeVisible();
    await expect(card.getByText(/^\d+ pickup locations?$/)).toBeVisible();
    await expect(card.getByText('Only the agency owner can change these details.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Edit in Settings' })).toHaveCount(0);
    await expect(page.getByText(BANNER)).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  } finally {
    await context.close();
  }
});
