import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  apiJson,
  csrfHeaders,
  goOffline,
  isoDay,
  PHONE,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer } from './support/staff.ts';
import type { ApiCustomer } from '../src/domain/api/customers.ts';
import { waitForSavedQuery } from './support/waits.ts';

/**
 * The staff customer screens as an agency uses them: add with a license, find, read the details,
 * edit (with the confirm dialog, offline through the outbox, and against someone else's edit),
 * the license checks, sorting, delete, and another agency kept out.
 */

const IMAGE_ONLY = 'Please select a valid image file (JPG, PNG, etc.).';
const TOO_LARGE = 'File size should not exceed 5MB.';

async function licencePng(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 30, g: 110, b: 140 } } })
    .png()
    .toBuffer();
}

async function confirmSave(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
}

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`staff customers on a ${name}`, () => {
    test.use(device);
    const phone = name === 'phone';

    test.beforeEach(async ({ context }) => {
      await signInContext(context, 'agency');
    });

    test('adds a customer with a license, finds them, reads the details and edits them', async ({ page }) => {
      const suffix = uniqueSuffix();
      const last = `Adder${suffix}`;
      await page.goto('/add-customer');
      await expect(page.getByRole('heading', { level: 1, name: 'Add Customer' })).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue('MR');
      await expectAccessible(page);

      const form = page.getByRole('form', { name: 'Add customer' });
      await form.getByRole('button', { name: 'Add Customer' }).click();
      await expect(form.getByLabel('First name').first()).toHaveAccessibleDescription('First name is required.');

      const personal = page.getByRole('group', { name: 'Personal details' });
      await personal.getByLabel('Title').selectOption('MS');
      await personal.getByLabel('First name').fill('Nadia');
      await personal.getByLabel('Last name').fill(last);
      await personal.getByLabel('Phone number').fill('+44 7700 900321');
      await personal.getByLabel('E-mail').fill(`nadia.${suffix}@example.com`);
      await personal.getByLabel('National ID').fill(`NID-${suffix}`);
      const address = page.getByRole('group', { name: 'Address' });
      await address.getByLabel('Street address').fill('5 Mill Lane');
      await address.getByLabel('City').fill('York');
      await address.getByLabel('Country').fill('United Kingdom');

      // The dates asked for with the license: a birth date in the future is refused beside its field.
      const licenseGroup = page.getByRole('group', { name: "Driver's license" });
      await licenseGroup.getByLabel('Date of birth').fill(isoDay(3));
      await licenseGroup.getByLabel('License expiry').fill('2031-06-30');
      // So is a license number with a character a license does not print.
      await licenseGroup.getByLabel('License number').fill('NADIA/9031');
      await form.getByRole('button', { name: 'Add Customer' }).click();
      await expect(licenseGroup.getByLabel('Date of birth')).toHaveAccessibleDescription(
        /Date of birth must be in the past\./,
      );
      await expect(licenseGroup.getByLabel('License number')).toHaveAccessibleDescription(
        /License number may only have letters, digits, spaces and hyphens\./,
      );
      await licenseGroup.getByLabel('Date of birth').fill('1990-03-14');
      await licenseGroup.getByLabel('License number').fill(' NADIA 903145-NB9 ');
      await page.screenshot({ path: test.info().outputPath(`add-customer-${name}.png`), fullPage: true });

      const licenceInput = page.getByLabel('License image');
      await licenceInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(page.getByText(IMAGE_ONLY)).toBeVisible();
      await licenceInput.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      });
      await expect(page.getByText(TOO_LARGE)).toBeVisible();
      await licenceInput.setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: await licencePng() });
      await expect(page.getByText(TOO_LARGE)).toBeHidden();
      await expect(page.getByRole('img', { name: "Driver's license" })).toBeVisible();

      await form.getByRole('button', { name: 'Add Customer' }).click();
      const added = page.getByRole('dialog', { name: 'Customer Added!' });
      await expect(added).toBeVisible();
      await added.getByRole('button', { name: 'Customers List' }).click();
      await expect(page).toHaveURL(/\/customers\/list$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Customer List' })).toBeVisible();

      await page.getByLabel('Search customers').fill(suffix);
      await expect(page.getByText('1 customer', { exact: true })).toBeVisible();
      await expectAccessible(page);
      if (phone) {
        await page
          .getByRole('list', { name: 'Customers' })
          .getByRole('link', { name: `Nadia ${last}` })
          .click();
      } else {
        await page
          .getByRole('row', { name: new RegExp(`Nadia ${last}`) })
          .getByRole('cell')
          .nth(1)
          .click();
      }

      await expect(page).toHaveURL(/\/details\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Customer' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Kin 2' })).toHaveCount(0);
      await expect(page.getByRole('img', { name: `Driver's license of Nadia ${last}` })).toBeVisible();
      const fact = (label: string) => page.locator('.details-facts__item', { hasText: label });
      await expect(fact('Date of birth')).toContainText('14/03/1990');
      await expect(fact('License expiry')).toContainText('30/06/2031');
      await expect(fact('License number')).toContainText('NADIA 903145-NB9');
      await page.screenshot({ path: test.info().outputPath(`customer-details-${name}.png`), fullPage: true });
      const cards = page.getByRole('region', { name: 'Customer analytics' });
      await expect(cards.getByText('Total Bookings')).toBeVisible();
      await expect(cards.getByText('0', { exact: true })).toBeVisible();
      await expect(cards.getByText('0 km')).toBeVisible();
      await expect(page.getByText('No bookings found for this customer.')).toBeVisible();
      await expect(page.getByRole('link', { name: `Message Nadia ${last} on WhatsApp` })).toHaveAttribute(
        'href',
        'https://wa.me/447700900321',
      );
      await page.getByRole('tab', { name: 'Customer' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Kin 1' })).toBeFocused();
      await expect(page.getByRole('tabpanel')).toHaveText('No Next of Kin 1 provided.');
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Customer' })).toBeVisible();
      await expect(page.getByLabel('Title')).toHaveValue('MS');
      await expect(page.getByRole('img', { name: `Driver's license of Nadia ${last}` })).toBeVisible();
      await expect(page.getByLabel('Date of birth')).toHaveValue('1990-03-14');
      await expect(page.getByLabel('License expiry')).toHaveValue('2031-06-30');
      await expect(page.getByLabel('License number')).toHaveValue('NADIA 903145-NB9');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Save Changes' }).click();
      const none = page.getByRole('dialog', { name: 'Confirm changes' });
      await expect(none).toContainText('No changes detected.');
      await none.getByRole('button', { name: 'Close' }).click();
      await expect(none).toBeHidden();

      const edit = page.getByRole('form', { name: `Edit Nadia ${last}` });
      await edit.getByLabel('Street address').fill('7 Mill Lane');
      const licenceEdit = page.getByLabel('Replace license image');
      await licenceEdit.setInputFiles({
        name: 'doc.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4'),
      });
      await expect(page.getByText(IMAGE_ONLY)).toBeVisible();
      await licenceEdit.setInputFiles({
        name: 'big.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(6 * 1024 * 1024, 2),
      });
      await expect(page.getByText(TOO_LARGE)).toBeVisible();
      await page.getByRole('group', { name: 'Next of kin 2' }).getByLabel('First name').fill('Omar');
      await edit.getByLabel('License expiry').fill('2033-02-28');
      await edit.getByLabel('License number').fill('NADIA 903145-NB0');
      await page.screenshot({ path: test.info().outputPath(`edit-customer-${name}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm changes' });
      await expect(confirm).toContainText('License expiry: 2033-02-28');
      await expect(confirm).toContainText('License number: NADIA 903145-NB0');
      await expect(confirm).toContainText('Street address: 7 Mill Lane');
      await expect(confirm).toContainText('Next of kin 2 first name: Omar');
      await confirm.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Customer updated successfully!')).toBeVisible();

      await page.getByRole('link', { name: 'Back to details' }).click();
      await expect(fact('License expiry')).toContainText('28/02/2033');
      await expect(fact('License number')).toContainText('NADIA 903145-NB0');
      await page.getByRole('tab', { name: 'Kin 2' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('Omar');
    });

    test('an edit made offline waits on the device and is sent once when back online', async ({ page, context }) => {
      const made = await createCustomer(context.request, 'Olive', `Offline${uniqueSuffix()}`);
      await page.goto(`/edit-customer/${made.id}`);
      await waitForServiceWorker(page);
      const city = page.getByRole('group', { name: 'Address' }).getByLabel('City');
      await expect(city).toHaveValue('Leeds');
      let accepted = 0;
      page.on('response', (response) => {
        const sent = response.request();
        if (sent.method() === 'PATCH' && sent.url().includes(`/api/customers/${made.id}/`) && response.ok()) {
          accepted += 1;
        }
      });

      await goOffline(context, page);
      await city.fill('Whitby');
      await confirmSave(page);
      await expect(
        page.getByText('Saved on this device: the change is sent when the connection returns.'),
      ).toBeVisible();
      await expect(page.getByText(/^Waiting to send: Changes to Olive/)).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByText(/^Waiting to send/)).toBeHidden({ timeout: 30_000 });
      await expect
        .poll(async () => (await apiJson<ApiCustomer>(context.request, 'GET', `customers/${made.id}/`)).city)
        .toBe('Whitby');
      await expect(city).toHaveValue('Whitby');
      expect(accepted).toBe(1);
    });

    test('an edit against a customer someone else changed is shown, then kept or discarded', async ({
      page,
      context,
    }) => {
      const made = await createCustomer(context.request, 'Conor', `Conflict${uniqueSuffix()}`);
      await page.goto(`/edit-customer/${made.id}`);
      const city = page.getByRole('group', { name: 'Address' }).getByLabel('City');
      await expect(city).toHaveValue('Leeds');

      // A colleague saves a change after this page loaded.
      await apiJson(context.request, 'PATCH', `customers/${made.id}/`, { city: 'Theirton' });
      await city.fill('Mineton');
      await confirmSave(page);
      const conflict = page.getByRole('region', { name: 'Someone else changed this customer' });
      await expect(conflict).toBeVisible();
      await expect(conflict.getByRole('row', { name: /City/ })).toContainText('Theirton');
      await expect(conflict.getByRole('row', { name: /City/ })).toContainText('Mineton');
      await expect(page.getByText('Customer updated successfully!')).toBeHidden();
      expect((await apiJson<ApiCustomer>(context.request, 'GET', `customers/${made.id}/`)).city).toBe('Theirton');

      await conflict.getByRole('button', { name: 'Keep my changes' }).click();
      await expect(conflict).toBeHidden({ timeout: 15_000 });
      await expect
        .poll(async () => (await apiJson<ApiCustomer>(context.request, 'GET', `customers/${made.id}/`)).city)
        .toBe('Mineton');
      await expect(city).toHaveValue('Mineton');

      // Once more, and this time the colleague's version stays.
      await apiJson(context.request, 'PATCH', `customers/${made.id}/`, { city: 'Kept Theirs' });
      await city.fill('Dropped Mine');
      await confirmSave(page);
      await expect(conflict).toBeVisible();
      await conflict.getByRole('button', { name: 'Discard my changes' }).click();
      await expect(conflict).toBeHidden();
      await expect(city).toHaveValue('Kept Theirs');
      expect((await apiJson<ApiCustomer>(context.request, 'GET', `customers/${made.id}/`)).city).toBe('Kept Theirs');
    });

    test('sorts the list both ways and deletes a customer after the dialog', async ({ page, context }) => {
      const suffix = uniqueSuffix();
      await createCustomer(context.request, 'Bella', `Sorta${suffix}`);
      await createCustomer(context.request, 'Adam', `Sortc${suffix}`);
      const doomed = await createCustomer(context.request, 'Cleo', `Sortb${suffix}`);
      await page.goto('/customers/list');
      await page.getByLabel('Search customers').fill(suffix);
      await expect(page.getByText('3 customers', { exact: true })).toBeVisible();

      const names = phone
        ? page.getByRole('list', { name: 'Customers' }).getByRole('heading')
        : page.getByRole('table').getByRole('link');
      await expect(names).toHaveText([`Bella Sorta${suffix}`, `Cleo Sortb${suffix}`, `Adam Sortc${suffix}`]);
      if (phone) {
        await page.getByLabel('Sort by').selectOption({ label: 'Name (Z to A)' });
      } else {
        await page.getByRole('button', { name: /^Name/ }).click();
        await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
      }
      await expect(names).toHaveText([`Adam Sortc${suffix}`, `Cleo Sortb${suffix}`, `Bella Sorta${suffix}`]);
      if (phone) {
        await page.getByLabel('Sort by').selectOption({ label: 'Date Added (newest first)' });
      } else {
        await page.getByRole('button', { name: /^Date Added/ }).click();
        await page.getByRole('button', { name: /^Date Added/ }).click();
      }
      await expect(names).toHaveText([`Cleo Sortb${suffix}`, `Adam Sortc${suffix}`, `Bella Sorta${suffix}`]);

      await page
        .getByRole('button', { name: `Actions for Cleo Sortb${suffix}` })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await expect(page).toHaveURL(new RegExp(`/edit-customer/${doomed.id}$`));
      await page.getByRole('button', { name: 'Delete Customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete customer' });
      await expect(dialog).toContainText(
        'Are you sure you want to delete this customer? This action cannot be undone.',
      );
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/customers\/list$/);
      const gone = await context.request.get(`/api/customers/${doomed.id}/`);
      expect(gone.status()).toBe(404);
    });

    test('the list and a customer seen before stay readable offline; a customer with bookings is not deleted', async ({
      page,
      context,
    }) => {
      const made = await createCustomer(context.request, 'Booked', `Keeper${uniqueSuffix()}`);
      const [vehicle] = await apiJson<{ id: number }[]>(context.request, 'GET', 'staff-vehicles/?limit=1');
      if (!vehicle) throw new Error('The demo agency has no vehicle.');
      // Far-off dates of its own, so runs never collide on the vehicle.
      const start = 500 + Math.floor(Math.random() * 5000);
      await apiJson(context.request, 'POST', 'bookings/', {
        customer: made.id,
        vehicle: vehicle.id,
        start_date: isoDay(start),
        end_date: isoDay(start + 2),
        booking_amount: '120.00',
        estimated_mileage: 250,
      });

      await page.goto('/customers/list');
      await waitForServiceWorker(page);
      await expect(page.getByText(/^(Showing \d+ of \d+ customers|\d+ customers?)$/)).toBeVisible();
      await page.goto(`/details/${made.id}`);
      await expect(page.getByRole('region', { name: 'Customer analytics' }).getByText('250 km')).toBeVisible();
      await expect(page.getByText('1 booking', { exact: true })).toBeVisible();
      // The cache is written to IndexedDB a moment after it changes: the customer and its figures must be in it.
      await waitForSavedQuery(page, { key: ['detail', made.id], shows: made.last_name });
      await waitForSavedQuery(page, { key: ['analytics', made.id] });

      await goOffline(context, page);
      await page.goto('/customers/list');
      await expect(page.getByRole('heading', { level: 1, name: 'Customer List' })).toBeVisible();
      await expect(page.getByText(/^Last updated/)).toBeVisible();
      await expect(page.getByText(/^(Showing \d+ of \d+ customers|\d+ customers?)$/)).toBeVisible();
      await page.goto(`/details/${made.id}`);
      await expect(page.getByText(`Booked ${made.last_name}`).first()).toBeVisible();
      await expect(page.getByText('1 booking', { exact: true })).toBeVisible();
      await context.setOffline(false);

      await page.goto(`/edit-customer/${made.id}`);
      await page.getByRole('button', { name: 'Delete Customer' }).click();
      await page.getByRole('dialog', { name: 'Delete customer' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('This customer has bookings and cannot be deleted.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/edit-customer/${made.id}$`));
    });

    test('another agency cannot see or open the customer', async ({ page, context, browser }) => {
      const made = await createCustomer(context.request, 'Private', `Agency${uniqueSuffix()}`);
      const other = await browser.newContext(device);
      await signInContext(other, 'agency2');
      const otherPage = await other.newPage();
      await otherPage.goto('/customers/list');
      await otherPage.getByLabel('Search customers').fill(made.last_name);
      await expect(otherPage.getByText('No customers match your search.')).toBeVisible();
      await otherPage.goto(`/details/${made.id}`);
      await expect(otherPage.getByText('Customer not found.')).toBeVisible();
      await otherPage.goto(`/edit-customer/${made.id}`);
      await expect(otherPage.getByText('Customer not found.')).toBeVisible();
      const refused = await other.request.patch(`/api/customers/${made.id}/`, {
        headers: await csrfHeaders(other.request),
        data: { city: 'Nope' },
      });
      expect(refused.status()).toBe(404);
      await other.close();
      await page.goto(`/details/${made.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Customer Details' })).toBeVisible();
    });
  });
}
