import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForSavedQuery } from './support/waits.ts';
import { SHARED_DATA } from './support/shared-data.ts';

/** The fields of GET public-vehicles/ the landing page shows. */
interface ListedVehicle {
  id: number;
  make: string;
  model: string;
  color: string;
  mileage: number;
  ownership: 'company' | 'private';
  price_per_day: string;
  /** Set when a season ahead changes its price: the card says "from" it instead (issue 21). */
  from_price_per_day: string | null;
  images: { thumbnail: string }[];
  agency_name: string;
  agency_logo: string | null;
}

/** The expectations come from the API itself, so the test follows whatever the demo data holds. */
async function publicFleet(request: APIRequestContext): Promise<ListedVehicle[]> {
  const reply = await request.get('/api/public-vehicles/?limit=500');
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as ListedVehicle[];
}

const km = (value: number) => `${new Intl.NumberFormat('en-GB').format(value)} km`;
const matching = (fleet: ListedVehicle[], needle: string) =>
  fleet.filter((vehicle) =>
    [vehicle.make, vehicle.model, vehicle.color].some((field) => field.toLowerCase().includes(needle.toLowerCase())),
  );

const cards = (page: Page) => page.getByRole('list', { name: 'Available vehicles' }).getByTestId('vehicle-card');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search by make, model or color' });
const ownership = (page: Page) => page.getByRole('combobox', { name: 'Ownership' });

// Most of these count every public vehicle through the API, then on the screen.
test.describe('landing page', SHARED_DATA, () => {
  test('shows every public vehicle as a 440px card with its facts and agency', async ({ page, request }) => {
    const fleet = await publicFleet(request);
    // The demo's 26, and any an earlier spec added to an approved agency.
    expect(fleet.length).toBeGreaterThanOrEqual(26);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();
    await expect(cards(page)).toHaveCount(fleet.length);

    const vehicle = fleet.find((candidate) => candidate.agency_logo && candidate.images.length > 0);
    if (!vehicle) throw new Error('The demo data has no vehicle with photos and an agency logo.');
    const card = page.getByRole('article', { name: `${vehicle.make} ${vehicle.model}` });
    await expect(card.getByRole('heading', { name: `${vehicle.make} ${vehicle.model}` })).toBeVisible();
    await expect(card).toContainText(vehicle.color);
    await expect(card).toContainText(km(vehicle.mileage));
    await expect(card).toContainText(
      vehicle.from_price_per_day ? `from £${vehicle.from_price_per_day} / day` : `£${vehicle.price_per_day} / day`,
    );
    await expect(card).toContainText(vehicle.agency_name);
    const logo = card.getByRole('img', { name: `${vehicle.agency_name} logo` });
    await expect(logo).toHaveAttribute('src', vehicle.agency_logo ?? '');
    await expect(
      card.getByRole('img', { name: `${vehicle.make} ${vehicle.model}, photo 1 of ${vehicle.images.length}` }),
    ).toHaveAttribute('src', vehicle.images[0]?.thumbnail ?? '');

    const heights = await cards(page).evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().height),
    );
    expect(new Set(heights)).toEqual(new Set([440]));
  });

  test('searches make, model and colour without regard to case, and filters by ownership', async ({
    page,
    request,
  }) => {
    const fleet = await publicFleet(request);
    await page.goto('/');
    await expect(cards(page)).toHaveCount(fleet.length);

    const toyotas = matching(fleet, 'toyota');
    expect(toyotas.length).toBeGreaterThan(0);
    await search(page).fill('toyota');
    await expect(cards(page)).toHaveCount(toyotas.length);
    for (const card of await cards(page).all()) await expect(card).toContainText('Toyota');
    await search(page).fill('TOYOTA');
    await expect(cards(page)).toHaveCount(toyotas.length);

    const colour = fleet[0]?.color ?? '';
    await search(page).fill(colour.toLowerCase());
    await expect(cards(page)).toHaveCount(matching(fleet, colour).length);

    await search(page).fill('');
    await expect(cards(page)).toHaveCount(fleet.length);
    const privately = fleet.filter((vehicle) => vehicle.ownership === 'private');
    expect(privately.length).toBeGreaterThan(0);
    await expect(ownership(page).getByRole('option')).toHaveText([
      'All Ownerships',
      'Company-owned',
      'Privately-owned',
    ]);
    await ownership(page).selectOption({ label: 'Privately-owned' });
    await expect(cards(page)).toHaveCount(privately.length);
    await ownership(page).selectOption({ label: 'Company-owned' });
    await expect(cards(page)).toHaveCount(fleet.length - privately.length);
    await ownership(page).selectOption({ label: 'All Ownerships' });
    await expect(cards(page)).toHaveCount(fleet.length);

    await search(page).fill('no-such-vehicle-zzqx');
    await expect(page.getByText('No vehicles found.')).toBeVisible();
    await expect(page.getByTestId('vehicle-card')).toHaveCount(0);
  });

  test('the carousel turns with its buttons (wrapping), the arrow keys and a swipe', async ({ page, request }) => {
    const fleet = await publicFleet(request);
    const vehicle = fleet.find((candidate) => candidate.images.length >= 3);
    if (!vehicle) throw new Error('The demo data has no vehicle with three photos.');
    const name = `${vehicle.make} ${vehicle.model}`;
    const count = vehicle.images.length;
    const photo = (n: number) => card.getByRole('img', { name: `${name}, photo ${n} of ${count}` });

    await page.goto('/');
    const card = page.getByRole('article', { name });
    await expect(photo(1)).toHaveAttribute('src', vehicle.images[0]?.thumbnail ?? '');

    await card.getByRole('button', { name: 'Next photo' }).click();
    await expect(photo(2)).toHaveAttribute('src', vehicle.images[1]?.thumbnail ?? '');
    await card.getByRole('button', { name: 'Previous photo' }).click();
    await card.getByRole('button', { name: 'Previous photo' }).click();
    await expect(photo(count)).toHaveAttribute('src', vehicle.images[count - 1]?.thumbnail ?? '');
    await card.getByRole('button', { name: 'Next photo' }).click();
    await expect(photo(1)).toBeVisible();

    const carousel = card.getByRole('group', { name: `${name} photos` });
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(photo(2)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(photo(1)).toBeVisible();

    const box = await carousel.boundingBox();
    if (!box) throw new Error('The carousel is not laid out.');
    const y = box.y + box.height / 2;
    const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: y };
    await carousel.dispatchEvent('pointerdown', { ...touch, clientX: box.x + box.width * 0.8 });
    await carousel.dispatchEvent('pointerup', { ...touch, clientX: box.x + box.width * 0.2 });
    await expect(photo(2)).toBeVisible();

    const single = fleet.find((candidate) => candidate.images.length === 1);
    if (single) {
      const singleCard = page.getByRole('article', { name: `${single.make} ${single.model}` });
      await expect(singleCard.getByRole('button', { name: 'Next photo' })).toHaveCount(0);
    }
  });

  test('after one online visit it opens and filters offline, saying when the list was updated', async ({
    page,
    context,
    request,
  }) => {
    const fleet = await publicFleet(request);
    await page.goto('/');
    await expect(cards(page)).toHaveCount(fleet.length);
    // String expressions: e2e code is typed for Node, without the DOM library.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    // The first visit installs the service worker; the reload is the "one online visit" it controls.
    await page.reload();
    await expect(cards(page)).toHaveCount(fleet.length);
    await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();
    await expect(cards(page)).toHaveCount(fleet.length);
    await expect(page.getByText(/Last updated \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    const firstPhoto = cards(page).first().getByRole('img').first();
    await expect
      .poll(() => firstPhoto.evaluate((image) => ('naturalWidth' in image ? Number(image.naturalWidth) : 0)))
      .toBeGreaterThan(0);

    await search(page).fill('toyota');
    await expect(cards(page)).toHaveCount(matching(fleet, 'toyota').length);
    await ownership(page).selectOption({ label: 'Company-owned' });
    await expect(cards(page)).toHaveCount(
      matching(fleet, 'toyota').filter((vehicle) => vehicle.ownership === 'company').length,
    );
    await context.setOffline(false);
  });

  test('the vehicle browse has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.vehicle-browse').analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  for (const viewport of [
    { width: 390, height: 844, columns: 1 },
    { width: 1024, height: 768, columns: 2 },
    { width: 1280, height: 800, columns: 3 },
  ]) {
    test(`lays the cards out in ${viewport.columns} column(s) at ${viewport.width}×${viewport.height}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(cards(page).first()).toBeVisible();
      const lefts = await cards(page).evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size).toBe(viewport.columns);
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`landing-${viewport.width}x${viewport.height}.png`) });
    });
  }
});

test.describe('landing page without the service worker', () => {
  // The page's own states, with the network answered by the test rather than the worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('says it is loading, then offers Retry when the list cannot be fetched', async ({ page, context }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/api/public-vehicles/**', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable."}' });
    });

    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading vehicles...' })).toBeVisible();
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'The vehicles could not be loaded.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });

    await context.unroute('**/api/public-vehicles/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a cached list that cannot be refreshed says so, and when it was last updated', async ({ page, context }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    // The persister writes at most once a second: the list must be saved before the reload.
    await waitForSavedQuery(page, { key: ['public-vehicles'] });

    await context.route('**/api/public-vehicles/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    // Reopened five minutes later: the cached list is stale, so the page asks the server again.
    await page.clock.install({ time: Date.now() + 5 * 60_000 });
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The list could not be refreshed.' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/Last updated \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  });
});
