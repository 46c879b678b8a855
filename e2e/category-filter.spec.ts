import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PublicVehicle } from '../src/domain/api/vehicles.ts';
import { expectAccessible } from './support/a11y.ts';
import { goOffline, PHONE, signInContext, TABLET } from './support/api.ts';
import { SHARED_DATA } from './support/shared-data.ts';

/**
 * Issue 21: the landing and the customer browse filter by category (GET public-vehicle-categories/,
 * `?category=` in the address and on GET public-vehicles/), and a card whose category has a season
 * ahead that lowers its rate says "from £X/day". The demo's Christmas (65.00 a day) applies to
 * Economy and Compact: a Compact dearer than that shows it (src/server/seed/price-list.ts).
 */

const SHOTS = process.env.E2E_SHOTS ?? 'test-results';

async function publicFleet(request: APIRequestContext, query = ''): Promise<PublicVehicle[]> {
  const reply = await request.get(`/api/public-vehicles/?limit=500${query}`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as PublicVehicle[];
}

const cards = (page: Page) => page.getByRole('list', { name: 'Available vehicles' }).getByTestId('vehicle-card');
const category = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const names = (vehicles: PublicVehicle[]) => vehicles.map((vehicle) => `${vehicle.make} ${vehicle.model}`).sort();
const cardNames = async (page: Page) =>
  (await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute('aria-label') ?? ''))).sort();

// Both count every public vehicle through the API, then on the screen.
test.describe('category filter', SHARED_DATA, () => {
  test('a visitor on a phone filters the landing by a category and sees "from £X/day" on a card', async ({
    browser,
    request,
  }) => {
    const fleet = await publicFleet(request);
    const compact = fleet.filter((vehicle) => vehicle.category === 'Compact');
    expect(compact.length).toBeGreaterThan(0);
    // The API's own filter agrees with the names on the list.
    expect(names(await publicFleet(request, '&category=compact'))).toEqual(names(compact));
    const seasonal = compact.find((vehicle) => vehicle.from_price_per_day !== null);
    if (!seasonal) throw new Error('The demo has no Compact vehicle dearer than its Christmas rate.');
    expect(seasonal.from_price_per_day).toBe('65.00');
    const categoriesReply = await request.get('/api/public-vehicle-categories/');
    const offered = (await categoriesReply.json()) as string[];
    expect(offered).toEqual(expect.arrayContaining(['Compact', 'Economy', 'SUV', 'Van']));

    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(cards(page)).toHaveCount(fleet.length);
      await expect(category(page)).toHaveValue('');
      await expect(category(page).getByRole('option')).toHaveText(['All categories', ...offered]);

      await category(page).selectOption('Compact');
      await expect(page).toHaveURL(/[?&]category=Compact\b/);
      await expect(cards(page)).toHaveCount(compact.length);
      expect(await cardNames(page)).toEqual(names(compact));
      await expect(page.getByText(`${compact.length} of ${fleet.length} vehicles`)).toBeVisible();

      const card = page.getByRole('article', { name: `${seasonal.make} ${seasonal.model}` }).first();
      const price = card.locator('.vehicle-card__price');
      await expect(price).toContainText('from £65.00 / day');
      // Screen readers hear "per day", not the slash.
      await expect(price).toMatchAriaSnapshot('- paragraph: from £65.00 per day');
      await card.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/category-filter-phone.png` });

      // Kept in the address: a reload shows the same choice.
      await page.reload();
      await expect(category(page)).toHaveValue('Compact');
      await expect(cards(page)).toHaveCount(compact.length);

      // Nothing in a category: said so, and "All categories" brings everything back.
      await page.goto('/?category=Boats');
      await expect(page.getByText('No vehicles found in Boats.')).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await expect(category(page)).toHaveValue('Boats');
      await category(page).selectOption('All categories');
      await expect(page).not.toHaveURL(/category=/);
      await expect(cards(page)).toHaveCount(fleet.length);
    } finally {
      await context.close();
    }
  });

  test('a customer on a tablet filters the browse, also offline from the cached list', async ({ browser, request }) => {
    const fleet = await publicFleet(request);
    const suv = fleet.filter((vehicle) => vehicle.category === 'SUV');
    const vans = fleet.filter((vehicle) => vehicle.category === 'Van');
    expect(suv.length).toBeGreaterThan(0);
    expect(vans.length).toBeGreaterThan(0);

    const context = await browser.newContext(TABLET);
    await signInContext(context, 'customer');
    const page = await context.newPage();
    try {
      await page.goto('/public-customers/book-vehicle');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Vehicle' })).toBeVisible();
      await expect(cards(page)).toHaveCount(fleet.length);

      await category(page).selectOption('SUV');
      await expect(page).toHaveURL(/\/public-customers\/book-vehicle\/?\?category=SUV\b/);
      await expect(cards(page)).toHaveCount(suv.length);
      expect(await cardNames(page)).toEqual(names(suv));
      await expect(
        cards(page)
          .first()
          .getByRole('link', { name: /^Book Now: / }),
      ).toBeVisible();
      // No SUV has a season lowering its rate: each card shows its own day rate.
      await expect(cards(page).locator('.vehicle-card__price').first()).not.toContainText('from');
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/category-filter-tablet.png` });

      // Offline, a category never asked for is matched on the cached list's names.
      await goOffline(context, page);
      await category(page).selectOption('Van');
      await expect(cards(page)).toHaveCount(vans.length);
      expect(await cardNames(page)).toEqual(names(vans));
      await context.setOffline(false);
    } finally {
      await context.close();
    }
  });
});
