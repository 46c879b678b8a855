import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  apiJson,
  DEMO_PASSWORD,
  DESKTOP,
  goOffline,
  isoDay,
  persistedQueryKeys,
  PHONE,
  signInContext,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';

/**
 * `/settings` for a customer, as a person uses it: details and next of kin saved (online and
 * offline, through the outbox), the license added and removed, the spec's file checks, and a
 * password change. Every test registers its own customer, so they never share state.
 */

interface OwnCustomer {
  first_name: string;
  last_name: string;
  email: string;
  national_id: string | null;
  street_address: string | null;
  city: string | null;
  country: string | null;
  next_of_kin1_first_name: string | null;
  drivers_license: string | null;
}

/** An 8×5 PNG: a real image the server decodes and re-encodes. */
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAFCAIAAAD38zoCAAAAEUlEQVR4nGOQSzmBFTHQQQIAfUkzkfnYVEEAAAAASUVORK5CYII=',
  'base64',
);
const SAVED = 'Your details have been saved.';
const NO_LICENSE = "No driver's license uploaded yet.";

/** A new customer through the real sign-up; `context` is signed in as them. */
async function freshCustomer(context: BrowserContext, request: APIRequestContext) {
  const suffix = uniqueSuffix();
  const customer = { username: `settings_${suffix}`, email: `settings.${suffix}@example.com` };
  await apiJson(request, 'POST', 'register/customer/', {
    ...customer,
    password: DEMO_PASSWORD,
    first_name: 'Robin',
    last_name: 'Settings',
    phone_number: '+44 7700 900700',
  });
  await signInContext(context, customer.username);
  return customer;
}

const personal = (page: Page) => page.getByRole('group', { name: 'Personal details' });
const address = (page: Page) => page.getByRole('group', { name: 'Address' });
const kin = (page: Page, number: 1 | 2) => page.getByRole('group', { name: `Next of kin ${number}` });
const license = (page: Page) => page.getByRole('group', { name: "Driver's license" });
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Password' });

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(personal(page).getByLabel('First name')).toHaveValue('Robin');
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save changes' }).click();
}

async function ownRecord(context: BrowserContext): Promise<OwnCustomer> {
  return apiJson<OwnCustomer>(context.request, 'GET', 'customers/me/');
}

/** Chooses a file through the license's Upload/Replace button, as a person would. */
async function chooseLicense(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

for (const [width, device] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`customer settings (${width})`, () => {
    test.use(device);

    test('edits details, address and next of kin; the header and a reload show them', async ({
      page,
      context,
      request,
    }) => {
      await freshCustomer(context, request);
      await openSettings(page);

      await personal(page).getByLabel('First name').fill('Robyn');
      await personal(page).getByLabel('Last name').fill('Fieldsend');
      await personal(page).getByLabel('National ID').fill('NI-445566');
      await address(page).getByLabel('Street address').fill('2 Mill Lane');
      await address(page).getByLabel('City').fill('York');
      await address(page).getByLabel('Country').fill('United Kingdom');
      await kin(page, 1).getByLabel('First name').fill('Sam');
      await kin(page, 1).getByLabel('Phone').fill('+44 7700 900702');
      // The dates asked for with the license: a birth date in the future is refused beside its field.
      await license(page).getByLabel('Date of birth').fill(isoDay(2));
      await license(page).getByLabel('License expiry').fill('2032-01-31');
      await license(page).getByLabel('License number').fill('FIELD 807093 RF9');
      await save(page);
      await expect(license(page).getByLabel('Date of birth')).toHaveAccessibleDescription(
        /Date of birth must be in the past\./,
      );
      await license(page).getByLabel('Date of birth').fill('1988-07-09');
      await page.screenshot({ path: test.info().outputPath(`settings-${width}.png`), fullPage: true });
      await save(page);
      await expect(page.getByText(SAVED)).toBeVisible();
      await expect(page.locator('.user-badge__name')).toHaveText('Robyn Fieldsend');

      await page.reload();
      await expect(personal(page).getByLabel('First name')).toHaveValue('Robyn');
      await expect(personal(page).getByLabel('Last name')).toHaveValue('Fieldsend');
      await expect(address(page).getByLabel('Street address')).toHaveValue('2 Mill Lane');
      await expect(address(page).getByLabel('City')).toHaveValue('York');
      await expect(kin(page, 1).getByLabel('First name')).toHaveValue('Sam');
      await expect(kin(page, 1).getByLabel('Phone')).toHaveValue('+44 7700 900702');
      await expect(license(page).getByLabel('Date of birth')).toHaveValue('1988-07-09');
      await expect(license(page).getByLabel('License expiry')).toHaveValue('2032-01-31');
      await expect(license(page).getByLabel('License number')).toHaveValue('FIELD 807093 RF9');
      await expect(page.locator('.user-badge__name')).toHaveText('Robyn Fieldsend');

      // A required field cannot be cleared once given; the form says so beside it, as the server would.
      await address(page).getByLabel('City').fill('');
      await save(page);
      await expect(address(page).getByLabel('City')).toHaveAccessibleDescription('City is required.');
      // Saving nothing new says so.
      await address(page).getByLabel('City').fill('York');
      await save(page);
      await expect(page.getByText('No changes detected.')).toBeVisible();
    });

    test('an e-mail another user has shows the server’s message beside E-mail', async ({
      page,
      context,
      request,
      browser,
    }) => {
      const other = await browser.newContext();
      const taken = await freshCustomer(other, other.request);
      await other.close();
      await freshCustomer(context, request);
      await openSettings(page);

      await personal(page).getByLabel('E-mail').fill(taken.email);
      await save(page);
      await expect(personal(page).getByLabel('E-mail')).toHaveAccessibleDescription(
        'A user with that e-mail address already exists.',
      );
      // Said once, under E-mail, which takes the focus; not again beside Save changes.
      await expect(personal(page).getByLabel('E-mail')).toBeFocused();
      await expect(personal(page).getByLabel('E-mail')).toBeInViewport();
      await expect(page.getByText('A user with that e-mail address already exists.')).toHaveCount(1);
      expect((await ownRecord(context)).email).not.toBe(taken.email);
    });

    test('uploads a license, previews it, removes it on save', async ({ page, context, request }) => {
      await freshCustomer(context, request);
      await openSettings(page);
      await expect(license(page).getByText(NO_LICENSE)).toBeVisible();

      await chooseLicense(page, license(page).getByRole('button', { name: 'Upload license' }), {
        name: 'license.png',
        mimeType: 'image/png',
        buffer: SMALL_PNG,
      });
      await expect(license(page).getByRole('img', { name: "Your driver's license" })).toBeVisible();
      await save(page);
      await expect(page.getByText(SAVED)).toBeVisible();
      expect((await ownRecord(context)).drivers_license).not.toBeNull();

      // The preview now comes from the server, and opens full size.
      await page.reload();
      await license(page)
        .getByRole('button', { name: /Your driver's license/ })
        .click();
      const dialog = page.getByRole('dialog', { name: "Your driver's license" });
      await expect(dialog.getByRole('img')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await license(page).getByRole('button', { name: 'Remove license' }).click();
      await expect(license(page).getByText(NO_LICENSE)).toBeVisible();
      await expect(license(page).getByText('Your license will be removed when you save your details.')).toBeVisible();
      expect((await ownRecord(context)).drivers_license).not.toBeNull();
      await save(page);
      await expect(page.getByText(SAVED)).toBeVisible();
      await page.reload();
      await expect(license(page).getByText(NO_LICENSE)).toBeVisible();
      expect((await ownRecord(context)).drivers_license).toBeNull();
    });

    test('refuses a file that is not an image, and one over 5 MB', async ({ page, context, request }) => {
      await freshCustomer(context, request);
      await openSettings(page);
      const upload = license(page).getByRole('button', { name: 'Upload license' });

      await chooseLicense(page, upload, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(license(page).getByRole('alert')).toHaveText('Please select a valid image file (JPG, PNG, etc.).');

      const big = Buffer.concat([SMALL_PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - SMALL_PNG.length)]);
      await chooseLicense(page, upload, { name: 'big.png', mimeType: 'image/png', buffer: big });
      await expect(license(page).getByRole('alert')).toHaveText('File size should not exceed 5MB.');
      await expect(license(page).getByText(NO_LICENSE)).toBeVisible();
    });

    test('an edit made offline is kept and reaches the server once, when back online', async ({
      page,
      context,
      request,
    }) => {
      await freshCustomer(context, request);
      await openSettings(page);
      await waitForServiceWorker(page);
      await expect(personal(page).getByLabel('First name')).toHaveValue('Robin');
      let accepted = 0;
      page.on('response', (response) => {
        const sent = response.request();
        if (sent.method() === 'PATCH' && sent.url().includes('/api/customers/me') && response.ok()) accepted += 1;
      });

      await goOffline(context, page);
      await address(page).getByLabel('City').fill('Whitby');
      await save(page);
      await expect(
        page.getByText('Saved on this device; your changes will be sent when you are back online.'),
      ).toBeVisible();
      await expect(page.getByText(/^Changes waiting to send/)).toBeVisible();
      await expect(address(page).getByLabel('City')).toHaveValue('Whitby');

      await context.setOffline(false);
      await expect(page.getByText(/^Changes waiting to send/)).toBeHidden({ timeout: 30_000 });
      await expect.poll(async () => (await ownRecord(context)).city, { timeout: 10_000 }).toBe('Whitby');
      await expect(address(page).getByLabel('City')).toHaveValue('Whitby');
      expect(accepted).toBe(1);
    });

    test('changes the password: mismatch, wrong current password, success, then signs in with it', async ({
      page,
      context,
      request,
      browser,
    }) => {
      const customer = await freshCustomer(context, request);
      await openSettings(page);
      const form = passwordForm(page);
      const submit = form.getByRole('button', { name: 'Change password' });

      await form.getByLabel('Current password').fill(DEMO_PASSWORD);
      await form.getByLabel('New password', { exact: true }).fill('brand-new-secret');
      await form.getByLabel('Confirm new password').fill('brand-new-secert');
      await submit.click();
      await expect(form.getByLabel('Confirm new password')).toHaveAccessibleDescription('Passwords do not match.');

      await form.getByLabel('Current password').fill('not-my-password');
      await form.getByLabel('Confirm new password').fill('brand-new-secret');
      await submit.click();
      await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect.');

      await form.getByLabel('Current password').fill(DEMO_PASSWORD);
      await submit.click();
      await expect(form.getByText('Your password has been changed.')).toBeVisible();
      await expect(form.getByLabel('Current password')).toHaveValue('');
      // This device stays signed in.
      await page.reload();
      await expect(personal(page).getByLabel('First name')).toHaveValue('Robin');

      const fresh = await browser.newContext(device);
      const login = await fresh.newPage();
      await login.goto('/login');
      await login.getByLabel('Username or email').fill(customer.username);
      await login.getByLabel('Password').fill('brand-new-secret');
      await login.getByRole('button', { name: 'Login' }).click();
      await expect(login).toHaveURL(/\/customer\/dashboard$/);
      await fresh.close();
    });

    test('has no serious accessibility violations', async ({ page, context, request }) => {
      await freshCustomer(context, request);
      await openSettings(page);
      await chooseLicense(page, license(page).getByRole('button', { name: 'Upload license' }), {
        name: 'license.png',
        mimeType: 'image/png',
        buffer: SMALL_PNG,
      });
      await expect(license(page).getByRole('img')).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  });
}

test.describe('this device (customer)', () => {
  test.use(DESKTOP);

  test('an edit made offline shows as waiting; clearing the device discards it and keeps the sign-in', async ({
    page,
    context,
    request,
  }) => {
    await freshCustomer(context, request);
    await openSettings(page);
    await waitForServiceWorker(page);
    const device = page.getByRole('region', { name: 'This device' });
    await expect(device.getByText('No changes waiting to send.')).toBeVisible();
    await expect(device.getByText(/(list or record|lists and records), the oldest from/)).toBeVisible();

    await goOffline(context, page);
    await address(page).getByLabel('City').fill('Whitby');
    await save(page);
    await expect(device.getByText('1 change waiting to send.')).toBeVisible();

    await device.getByRole('button', { name: "Clear this device's data" }).click();
    const dialog = page.getByRole('dialog', { name: "Clear this device's data?" });
    await expect(dialog.getByText('1 change not yet sent will be lost.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(device.getByText('1 change waiting to send.')).toBeVisible();
    await device.getByRole('button', { name: "Clear this device's data" }).click();
    await dialog.getByRole('button', { name: 'Clear data' }).click();
    await expect(device.getByText("This device's data has been cleared. Unsent changes discarded: 1.")).toBeVisible();
    await expect(device.getByText('No changes waiting to send.')).toBeVisible();
    expect((await persistedQueryKeys(page)).filter((key) => key[0] === 'customers')).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await expect(personal(page).getByLabel('First name')).toHaveValue('Robin');
    expect((await ownRecord(context)).city).not.toBe('Whitby');
  });
});

test('staff see their own settings, without the customer record', async ({ page, context }) => {
  await signInContext(context, 'staff');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('First name')).not.toHaveValue('');
  await expect(page.getByRole('group', { name: "Driver's license" })).toHaveCount(0);
});
