import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  apiJson,
  goOffline,
  isoDay,
  PHONE,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { waitForSavedQuery } from './support/waits.ts';

/** SPEC §2 fleet screens as an agency uses them: add with two photos, find, edit, delete; agencies kept apart. */

async function photo(format: 'png' | 'jpeg', background: string): Promise<Buffer> {
  const image = sharp({ create: { width: 320, height: 240, channels: 3, background } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function searchFleet(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by make, model or color' }).fill(text);
}

async function withUser<T>(browser: Browser, username: string | null, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    if (username) await signInContext(context, username);
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const [width, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test.describe(`fleet at ${width} width`, () => {
    test.use(device);

    test('an agency adds a vehicle with two photos, finds it, edits it and deletes it', async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(90_000);
      const suffix = uniqueSuffix();
      const make = `Fleet${suffix}`;
      const name = `${make} Roadster`;
      await signInContext(context, 'agency');

      // The list, then the add form.
      await page.goto('/fleet/vehicles');
      await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Fleet vehicles' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: '+ Add Vehicle' }).click();
      await expect(page).toHaveURL(/\/add-vehicle$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Add Vehicle' })).toBeVisible();
      // An agency works in its own agency: no choice of agency.
      await expect(page.getByLabel('Agency', { exact: true })).toHaveCount(0);

      // Required fields are checked before anything is sent.
      await page.getByRole('button', { name: 'Add Vehicle' }).click();
      await expect(page.getByText('Make is required.')).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel('Make').fill(make);
      await page.getByLabel('Model').fill('Roadster');
      await page.getByLabel('Colour').fill('Teal');
      await page.getByLabel('Manufacture year').fill('2023');
      await page.getByLabel('Registration number').fill(`e2e ${suffix.slice(-7)}`);
      await page.getByLabel('Ownership').selectOption('private');
      await page.getByLabel('Price per day').fill('61.50');
      await page.getByLabel('Deposit').fill('250');
      await page.getByLabel('Mileage (km)').fill('1234');
      await page.getByLabel('Mileage allowance (km per day)').fill('150');
      await page.getByLabel('Next service date').fill(isoDay(90));
      const locations = page.getByRole('group', { name: 'Pickup locations' });
      await locations.getByRole('checkbox').first().check();

      // A file that is not an image is refused on the spot; two real photos get previews.
      const images = page.getByLabel('Images', { exact: true });
      await images.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await expect(page.getByText('Please select a valid image file (JPG, PNG, etc.).')).toBeVisible();
      await images.setInputFiles([
        { name: 'front.png', mimeType: 'image/png', buffer: await photo('png', '#2a6f97') },
        { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('jpeg', '#c0392b') },
      ]);
      const previews = page.getByRole('list', { name: 'New images' }).getByRole('img');
      await expect(previews).toHaveCount(2);
      await expect(page.getByRole('img', { name: 'New image: front.png' })).toBeVisible();

      await page.getByRole('button', { name: 'Add Vehicle' }).click();
      await expect(page).toHaveURL(/\/fleet\/vehicles$/);
      await expect(page.getByRole('status').filter({ hasText: 'Vehicle added successfully!' })).toBeVisible();

      // The server searches: any case of the make finds it; the ownership filter narrows.
      await searchFleet(page, make.toUpperCase());
      const card = page.getByRole('article', { name });
      await expect(card).toBeVisible();
      await expect(page.getByTestId('vehicle-card')).toHaveCount(1);
      await expect(card).toContainText('Teal');
      await expect(card).toContainText('1,234 km');
      await expect(card.getByRole('img')).toHaveCount(1);
      await page.getByLabel('Ownership').selectOption('company');
      await expect(page.getByText('No vehicles found.')).toBeVisible();
      await page.getByLabel('Ownership').selectOption('private');
      await expect(card).toBeVisible();

      // Anyone sees it on the public landing.
      await withUser(browser, null, async (visitor) => {
        await visitor.goto('/');
        await searchFleet(visitor, make);
        await expect(visitor.getByRole('article', { name })).toBeVisible();
      });

      // Edit: nothing changed first, then a photo removed and the colour changed.
      await card.getByRole('link', { name: /^Edit / }).click();
      await expect(page).toHaveURL(/\/edit-vehicle\/\d+$/);
      const id = Number(/\/edit-vehicle\/(\d+)$/.exec(page.url())?.[1]);
      await expect(page.getByLabel('Make')).toHaveValue(make);
      const current = page.getByRole('list', { name: 'Current images' }).getByRole('img');
      await expect(current).toHaveCount(2);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Save Changes' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('No changes detected.');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Remove image 1' }).click();
      await expect(page.getByText('Will be removed')).toBeVisible();
      await page.getByLabel('Colour').fill('Crimson');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toContainText('Colour: Teal → Crimson');
      await expect(dialog).toContainText('Images removed: 1');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(/\/fleet\/vehicles$/);
      await expect(page.getByRole('status').filter({ hasText: 'Vehicle updated successfully.' })).toBeVisible();
      const stored = await (await context.request.get(`/api/staff-vehicles/${id}/`)).json();
      expect(stored).toMatchObject({ color: 'Crimson', ownership: 'private' });
      expect((stored as { images: unknown[] }).images).toHaveLength(1);

      // Another agency neither lists it nor opens it.
      await withUser(browser, 'agency2', async (other) => {
        await other.goto('/fleet/vehicles');
        await searchFleet(other, make);
        await expect(other.getByText('No vehicles found.')).toBeVisible();
        await other.goto(`/edit-vehicle/${id}`);
        await expect(other.getByRole('alert').filter({ hasText: 'Vehicle not found.' })).toBeVisible();
        await expect(other.getByLabel('Make')).toHaveCount(0);
      });

      // Delete with SPEC §8's question.
      await page.goto(`/edit-vehicle/${id}`);
      await page.getByRole('button', { name: 'Delete Vehicle' }).click();
      await expect(dialog).toContainText('Are you sure you want to delete this vehicle? This action cannot be undone.');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/fleet\/vehicles$/);
      await expect(page.getByRole('status').filter({ hasText: 'Vehicle deleted successfully.' })).toBeVisible();
      await searchFleet(page, make);
      await expect(page.getByText('No vehicles found.')).toBeVisible();
      expect((await context.request.get(`/api/staff-vehicles/${id}/`)).status()).toBe(404);
    });
  });
}

test('the operator chooses the agency and its pickup locations; a server refusal shows by its field', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInContext(context, 'staff');
  const [existing] = (await (await context.request.get('/api/staff-vehicles/?limit=1')).json()) as {
    registration_number: string;
  }[];
  if (!existing) throw new Error('The demo data has no vehicle.');
  await page.goto('/add-vehicle');
  const agency = page.getByLabel('Agency', { exact: true });
  await expect(agency).toBeVisible();
  const locations = page.getByRole('group', { name: 'Pickup locations' });
  await expect(locations).toContainText('Choose the agency to see its pickup locations.');
  await expect(agency.getByRole('option', { name: 'Northern Wheels' })).toBeAttached();
  await agency.selectOption({ label: 'Northern Wheels' });
  await locations.getByRole('checkbox').first().check();
  await expectAccessible(page);

  const make = `Staff${uniqueSuffix()}`;
  await page.getByLabel('Make').fill(make);
  await page.getByLabel('Model').fill('Estate');
  await page.getByLabel('Colour').fill('Silver');
  await page.getByLabel('Manufacture year').fill('2022');
  await page.getByLabel('Registration number').fill(existing.registration_number.toLowerCase());
  await page.getByLabel('Ownership').selectOption('company');
  await page.getByLabel('Price per day').fill('45');
  await page.getByLabel('Deposit').fill('200');
  await page.getByLabel('Mileage (km)').fill('5000');
  await page.getByLabel('Mileage allowance (km per day)').fill('200');
  await page.getByLabel('Next service date').fill(isoDay(30));
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const registration = page.getByLabel('Registration number');
  await expect(registration).toHaveAttribute('aria-invalid', 'true');
  await expect(registration).toHaveAccessibleDescription(/A vehicle with this registration number already exists\./);
  // The server's field refusal lands under its field, with focus there, and is not said again above the form.
  await expect(registration).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'A vehicle with this registration number' })).toHaveCount(0);

  await registration.fill(`ST ${uniqueSuffix().slice(-7)}`);
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vehicle added successfully!' })).toBeVisible();
  const [created] = (await (
    await context.request.get(`/api/staff-vehicles/?search=${encodeURIComponent(make)}`)
  ).json()) as { id: number; agency_name: string; pickup_locations: number[] }[];
  expect(created).toMatchObject({ agency_name: 'Northern Wheels' });
  expect(created?.pickup_locations).toHaveLength(1);
  await apiJson(context.request, 'DELETE', `staff-vehicles/${created?.id}/`);
});

test('a vehicle with bookings is kept, and the screen says why', async ({ page, context }) => {
  await signInContext(context, 'agency');
  const [booking] = await apiJson<{ vehicle: number }[]>(context.request, 'GET', 'bookings/?limit=1');
  if (!booking) throw new Error('The demo agency has no booking.');
  await page.goto(`/edit-vehicle/${booking.vehicle}`);
  await page.getByRole('button', { name: 'Delete Vehicle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This vehicle has bookings or booking requests and cannot be deleted.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/edit-vehicle/${booking.vehicle}$`));
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the add form shows upload progress while the photos go up', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signInContext(context, 'agency');
  const make = `Upload${uniqueSuffix()}`;
  await page.goto('/add-vehicle');
  await page.getByLabel('Make').fill(make);
  await page.getByLabel('Model').fill('Slowline');
  await page.getByLabel('Colour').fill('Blue');
  await page.getByLabel('Manufacture year').fill('2022');
  await page.getByLabel('Registration number').fill(`UP ${uniqueSuffix().slice(-7)}`);
  await page.getByLabel('Ownership').selectOption('company');
  await page.getByLabel('Price per day').fill('40');
  await page.getByLabel('Deposit').fill('100');
  await page.getByLabel('Mileage (km)').fill('10');
  await page.getByLabel('Mileage allowance (km per day)').fill('100');
  await page.getByLabel('Next service date').fill(isoDay(60));
  // Noise does not compress: a photo big enough to watch go up on a slow link.
  const noise = await sharp(randomBytes(500 * 400 * 3), { raw: { width: 500, height: 400, channels: 3 } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noise });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 200_000,
  });
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('button', { name: 'Adding vehicle...' })).toBeDisabled();
  await expect(page.getByText(/^Uploading\.\.\. \d+%$/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Vehicle added successfully!' })).toBeVisible({
    timeout: 30_000,
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const [created] = await apiJson<{ id: number; images: unknown[] }[]>(
    context.request,
    'GET',
    `staff-vehicles/?search=${make}`,
  );
  expect(created?.images).toHaveLength(1);
  await apiJson(context.request, 'DELETE', `staff-vehicles/${created?.id}/`);
});

test.describe('offline at the tablet', () => {
  test.use(TABLET);

  test('the list reads from the cache and the add form says it cannot save, keeping the entries', async ({
    page,
    context,
  }) => {
    await signInContext(context, 'agency');
    await page.goto('/fleet/vehicles');
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    await waitForServiceWorker(page);
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    // The cache is written to storage shortly after a query succeeds: the list must be in it.
    await waitForSavedQuery(page, { key: ['staff-vehicles'] });
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByTestId('vehicle-card').first()).toBeVisible();
    await expect(page.getByText(/Last updated/)).toBeVisible();

    await page.getByRole('link', { name: '+ Add Vehicle' }).click();
    // The form's code comes from the precache; the list stays on screen until it has.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Vehicle' })).toBeVisible();
    await page.getByLabel('Make', { exact: true }).fill('Offline');
    await page.getByLabel('Model').fill('Tester');
    await page.getByLabel('Colour').fill('White');
    await page.getByLabel('Manufacture year').fill('2024');
    await page.getByLabel('Registration number').fill(`OFF ${uniqueSuffix().slice(-6)}`);
    await page.getByLabel('Ownership').selectOption('company');
    await page.getByLabel('Price per day').fill('40');
    await page.getByLabel('Deposit').fill('100');
    await page.getByLabel('Mileage (km)').fill('10');
    await page.getByLabel('Mileage allowance (km per day)').fill('100');
    await page.getByLabel('Next service date').fill(isoDay(60));
    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    // Said beside the submit button, with focus on it.
    await expect(
      page.getByRole('alert').filter({ hasText: 'The vehicle cannot be saved until the connection returns' }),
    ).toBeFocused();
    await expect(page.getByLabel('Make', { exact: true })).toHaveValue('Offline');
    await expect(page).toHaveURL(/\/add-vehicle$/);
  });
});
