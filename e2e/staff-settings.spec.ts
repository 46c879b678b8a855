import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  apiJson,
  DEMO_PASSWORD,
  DESKTOP,
  goOffline,
  persistedQueryKeys,
  PHONE,
  PNG,
  signInContext,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { freshAgencyOwner } from './support/staff.ts';

/**
 * `/settings` for staff-side users, as a person uses it: their own details (PATCH auth/me/) and a
 * password change that signs their other devices out. Every test signs up its own agency owner
 * (agent-signup/), so no demo account's details or password change.
 */

interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

const detailsForm = (page: Page) => page.getByRole('form', { name: 'Your details' });
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Password' });

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(detailsForm(page).getByLabel('First name')).toHaveValue('Morgan');
}

for (const [width, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`staff settings (${width})`, () => {
    test.use(device);

    test('edits their details: a bad e-mail is named beside its field, then saved and kept', async ({
      page,
      context,
      request,
    }) => {
      await freshAgencyOwner(context, request);
      await openSettings(page);
      const form = detailsForm(page);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form.getByText('No changes detected.')).toBeVisible();

      await form.getByLabel('Last name').fill('Renamed');
      await form.getByLabel('E-mail').fill('not-an-address');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription(/e-mail/i);

      const email = `renamed.${uniqueSuffix()}@example.com`;
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Phone number').fill('+44 20 7946 0123');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form.getByText('Your details have been saved.')).toBeVisible();
      expect(await apiJson<Profile>(context.request, 'GET', 'auth/me/')).toMatchObject({
        first_name: 'Morgan',
        last_name: 'Renamed',
        email,
        phone_number: '+44 20 7946 0123',
      });

      await page.reload();
      await expect(detailsForm(page).getByLabel('Last name')).toHaveValue('Renamed');
      await expect(detailsForm(page).getByLabel('E-mail')).toHaveValue(email);
      await page.screenshot({ path: `test-results/staff-settings-${width}.png`, fullPage: true });
    });

    test('offline, saving waits for a connection and keeps what was typed', async ({ page, context, request }) => {
      await freshAgencyOwner(context, request);
      await openSettings(page);
      // The connection watch starts once the first screen is up, with the service worker.
      await waitForServiceWorker(page);
      await goOffline(context, page);
      const form = detailsForm(page);
      await expect(
        form.getByText('Saving your details needs a connection. Try again when you are back online.'),
      ).toBeVisible();
      await form.getByLabel('First name').fill('Offline');
      await expect(form.getByRole('button', { name: 'Save changes' })).toBeDisabled();
      await context.setOffline(false);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form.getByText('Your details have been saved.')).toBeVisible();
      expect((await apiJson<Profile>(context.request, 'GET', 'auth/me/')).first_name).toBe('Offline');
    });
  });
}

test.describe('staff settings: password', () => {
  test.use(DESKTOP);

  test('a password change signs the other device out and keeps this one', async ({ page, context, browser }) => {
    const owner = await freshAgencyOwner(context, context.request);
    const other = await browser.newContext(DESKTOP);
    await signInContext(other, owner.username);
    const otherPage = await other.newPage();
    await otherPage.goto('/settings');
    await expect(detailsForm(otherPage).getByLabel('First name')).toHaveValue('Morgan');

    await openSettings(page);
    const form = passwordForm(page);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await form.getByLabel('Confirm new password').fill('brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect.');
    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your password has been changed.')).toBeVisible();

    // The other device's next visit finds its session ended and goes to the login page.
    await otherPage.goto('/settings');
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();

    // This one stays signed in.
    await page.reload();
    await expect(detailsForm(page).getByLabel('First name')).toHaveValue('Morgan');
  });

  test('this device: the kept lists are counted and cleared, and the user stays signed in', async ({
    page,
    context,
    request,
  }) => {
    await freshAgencyOwner(context, request);
    await page.goto('/fleet/vehicles');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(detailsForm(page).getByLabel('First name')).toHaveValue('Morgan');
    const device = page.getByRole('region', { name: 'This device' });
    await expect(device.getByText(/(list or record|lists and records), the oldest from/)).toBeVisible();
    await expect(device.getByText('No changes waiting to send.')).toBeVisible();
    await expect.poll(async () => (await persistedQueryKeys(page)).some((key) => key[0] !== 'session')).toBe(true);

    await device.getByRole('button', { name: "Clear this device's data" }).click();
    const dialog = page.getByRole('dialog', { name: "Clear this device's data?" });
    await expect(dialog.getByText(/not yet sent will be lost/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Clear data' }).click();
    await expect(device.getByText("This device's data has been cleared.")).toBeVisible();
    await expect
      .poll(async () => (await persistedQueryKeys(page)).filter((key) => key[0] !== 'session' && key[0] !== 'settings'))
      .toEqual([]);
    await page.reload();
    await expect(detailsForm(page).getByLabel('First name')).toHaveValue('Morgan');
  });

  test('has no serious accessibility violations', async ({ page, context, request }) => {
    await freshAgencyOwner(context, request);
    await openSettings(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});

test.describe('staff settings: team (agency owner)', () => {
  test.use(DESKTOP);

  test('adds an agent, turns their login off (signed out, sign-in refused) and on again', async ({
    page,
    context,
    browser,
    request,
  }) => {
    await freshAgencyOwner(context, request);
    await openSettings(page);
    const team = page.getByRole('region', { name: 'Team' });
    await expect(team.getByRole('listitem').filter({ hasText: 'Morgan Owner' })).toContainText('Owner');

    await team.getByRole('button', { name: 'Add agent' }).click();
    const form = team.getByRole('form', { name: 'Add agent' });
    await form.getByRole('button', { name: 'Add agent' }).click();
    await expect(form.getByLabel('Username')).toHaveAccessibleDescription(/username/i);
    const username = `agent_${uniqueSuffix()}`;
    await form.getByLabel('First name').fill('Riley');
    await form.getByLabel('Last name').fill('Agent');
    await form.getByLabel('Phone number').fill('+44 7700 900555');
    await form.getByLabel('E-mail').fill(`${username}@example.com`);
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('First password').fill('riley-first-pass');
    await form.getByRole('button', { name: 'Add agent' }).click();
    await expect(
      team.getByText(`Riley Agent can now sign in as ${username} with the password you chose.`),
    ).toBeVisible();
    const riley = team.getByRole('listitem').filter({ hasText: 'Riley Agent' });
    await expect(riley).toContainText('Agent');

    const other = await browser.newContext(DESKTOP);
    await signInContext(other, username, 'riley-first-pass');
    const otherPage = await other.newPage();
    await otherPage.goto('/settings');
    await expect(detailsForm(otherPage).getByLabel('First name')).toHaveValue('Riley');

    await riley.getByRole('button', { name: 'Turn off the login of Riley Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off this login?' });
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(team.getByText("Riley Agent's login is turned off and was signed out everywhere.")).toBeVisible();
    await expect(riley).toContainText('Turned off');

    await otherPage.goto('/settings');
    await expect(otherPage).toHaveURL(/\/login/);
    await otherPage.getByLabel('Username or email').fill(username);
    await otherPage.getByLabel('Password').fill('riley-first-pass');
    await otherPage.getByRole('button', { name: 'Login' }).click();
    await expect(
      otherPage.getByText('This login has been turned off by your agency. Ask them to turn it on again.'),
    ).toBeVisible();

    await riley.getByRole('button', { name: 'Turn on the login of Riley Agent' }).click();
    await expect(team.getByText("Riley Agent's login is turned on again.")).toBeVisible();
    await otherPage.getByRole('button', { name: 'Login' }).click();
    await expect(otherPage).toHaveURL(/\/staff\/dashboard/);
    await page.screenshot({ path: 'test-results/staff-settings-team.png', fullPage: true });
    await other.close();
  });
});

for (const [width, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`staff settings: pickup locations (${width})`, () => {
    test.use(device);

    test('adds, edits and removes a location', async ({ page, context, request }) => {
      await freshAgencyOwner(context, request);
      await openSettings(page);
      const panel = page.getByRole('region', { name: 'Pickup locations' });
      await expect(panel.getByText('No pickup locations yet.')).toBeVisible();

      await panel.getByRole('button', { name: 'Add location' }).click();
      const form = panel.getByRole('form', { name: 'Add location' });
      await form.getByRole('button', { name: 'Add location' }).click();
      await expect(form.getByLabel('Name')).toHaveAccessibleDescription(/name/i);
      await form.getByLabel('Name').fill('Harbour Kiosk');
      await form.getByLabel('City').fill('Hull');
      await form.getByLabel('Address').fill('1 Quay Street, HU1 1AA');
      await form.getByRole('button', { name: 'Add location' }).click();
      await expect(panel.getByText('Harbour Kiosk has been added.')).toBeVisible();
      const row = panel.getByRole('listitem').filter({ hasText: 'Harbour Kiosk, Hull' });
      await expect(row).toContainText('1 Quay Street, HU1 1AA · 0 vehicles');

      await row.getByRole('button', { name: 'Edit Harbour Kiosk' }).click();
      const edit = panel.getByRole('form', { name: 'Edit Harbour Kiosk' });
      await edit.getByLabel('Address').fill('2 Quay Street, HU1 1AB');
      await edit.getByRole('button', { name: 'Save location' }).click();
      await expect(panel.getByText('Harbour Kiosk has been saved.')).toBeVisible();
      await expect(panel.getByRole('listitem').filter({ hasText: 'Harbour Kiosk' })).toContainText('2 Quay Street');

      await panel.getByRole('button', { name: 'Remove Harbour Kiosk' }).click();
      await page
        .getByRole('dialog', { name: 'Remove this pickup location?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(panel.getByText('Harbour Kiosk has been removed.')).toBeVisible();
      await expect(panel.getByText('No pickup locations yet.')).toBeVisible();
    });

    test('a location in use is kept, and the reason is said', async ({ page, context }) => {
      await signInContext(context, 'agency');
      await page.goto('/settings');
      const panel = page.getByRole('region', { name: 'Pickup locations' });
      const used = panel
        .getByRole('listitem')
        .filter({ hasText: /[1-9]\d* vehicles?/ })
        .first();
      const name = (await used.locator('.settings-list__name').innerText()).split(',')[0] ?? '';
      await used.getByRole('button', { name: `Remove ${name}` }).click();
      await page
        .getByRole('dialog', { name: 'Remove this pickup location?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(panel.getByRole('status').or(panel.getByRole('alert'))).toContainText(
        /This location is used by \d+ vehicles?.*it cannot be removed until they no longer use it\./,
      );
      await expect(panel.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    });
  });
}

for (const [width, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the owner edits the agency's profile, logo, service interval and hold; an agent reads them (${width})`, async ({
    page,
    context,
    browser,
  }) => {
    await freshAgencyOwner(context, context.request);
    await page.setViewportSize(device.viewport);
    await openSettings(page);
    const form = page.getByRole('form', { name: 'Your agency' });
    await expect(form.getByLabel('Service interval (months)')).toHaveValue('12');
    await expect(form.getByLabel('Hold on accepted requests (hours)')).toHaveValue('48');

    await form.getByLabel('Service interval (months)').fill('0');
    await form.getByRole('button', { name: 'Save agency' }).click();
    await expect(form.getByText('Service interval must be at least 1.')).toBeVisible();

    const name = `Harbour Hire ${uniqueSuffix()}`;
    await form.getByLabel('Agency name').fill(name);
    await form.getByLabel('Service interval (months)').fill('6');
    await form.getByLabel('Hold on accepted requests (hours)').fill('24');
    await form.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Save agency' }).click();
    await expect(form.getByText('Your agency has been saved.')).toBeVisible();
    await expect(form.getByRole('img', { name: `${name} logo` })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(name);
    await page.screenshot({ path: `test-results/settings-agency-${width}.png`, fullPage: true });

    const profile = await apiJson<{
      name: string;
      service_interval_months: number;
      hold_hours: number;
      logo: string | null;
    }>(context.request, 'GET', 'agency/');
    expect(profile).toMatchObject({ name, service_interval_months: 6, hold_hours: 24 });
    expect(profile.logo).not.toBeNull();

    // An agent of the agency sees the same, read-only.
    const username = `agent_${uniqueSuffix()}`;
    await apiJson(context.request, 'POST', 'team/', {
      username,
      first_name: 'Riley',
      last_name: 'Agent',
      email: `${username}@example.com`,
      phone_number: '+44 7700 900555',
      password: 'riley-first-pass',
    });
    const other = await browser.newContext(device);
    try {
      await signInContext(other, username, 'riley-first-pass');
      const agentPage = await other.newPage();
      await agentPage.goto('/settings');
      const panel = agentPage.getByRole('region', { name: 'Your agency' });
      await expect(panel.getByText(name)).toBeVisible();
      await expect(panel.getByText('6 months')).toBeVisible();
      await expect(panel.getByText('24 hours')).toBeVisible();
      await expect(panel.getByText('Only the agency owner can change these.')).toBeVisible();
      await expect(agentPage.getByRole('form', { name: 'Your agency' })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
}
