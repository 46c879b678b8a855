import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { QuoteView } from '../src/domain/api/quotes.ts';
import type { ExtraView, SeasonView } from '../src/domain/api/rate-plan.ts';
import type { SessionUser } from '../src/domain/api/session.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import {
  apiJson,
  csrfHeaders,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  signInApi,
  signInContext,
  TABLET,
  uniqueSuffix,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { freshAgencyOwner } from './support/staff.ts';

/**
 * Settings → Rates & extras (issue 21), as an agency's owner enters a price list and a quote
 * reflects it at once; its agent reads it on a phone; a refusal is said beside its field. Every
 * test signs up its own agency, so no demo agency's prices change under another spec.
 */

const SHOTS = process.env.E2E_SHOTS ?? 'test-results';
const NOTICE = 'Changes apply to new quotes only: existing bookings and requests keep their price.';

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openRates(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Rates & extras' }).click();
  await expect(page).toHaveURL(/\/settings\/rates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rates & extras' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
}

/** Two pickup locations of the signed-in agency, by name. */
async function twoLocations(request: APIRequestContext): Promise<{ leeds: number; york: number }> {
  const leeds = await apiJson<{ id: number }>(request, 'POST', 'locations/', {
    name: 'Leeds Station',
    city: 'Leeds',
    address: '1 Station Road',
  });
  const york = await apiJson<{ id: number }>(request, 'POST', 'locations/', {
    name: 'York Depot',
    city: 'York',
    address: '2 Depot Lane',
  });
  return { leeds: leeds.id, york: york.id };
}

/** A vehicle at £45.00 a day kept at both locations (multipart, the pickup locations repeated). */
async function vehicleAt(request: APIRequestContext, locations: number[]): Promise<StaffVehicle> {
  const suffix = uniqueSuffix();
  const form = new FormData();
  const fields: Record<string, string> = {
    make: 'Ratemake',
    model: `Model${suffix}`.slice(0, 60),
    color: 'Blue',
    manufacture_year: '2022',
    mileage: '1000',
    mileage_allowance: '200',
    ownership: 'company',
    price_per_day: '45.00',
    deposit: '150.00',
    registration_number: `RT ${suffix}`.slice(0, 15).toUpperCase(),
    next_service_date: isoDay(200),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const id of locations) form.append('pickup_locations', String(id));
  const response = await request.post('/api/staff-vehicles/', { headers: await csrfHeaders(request), multipart: form });
  expect(response.ok(), `create vehicle: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as StaffVehicle;
}

/** The operator approves the signed-in owner's agency, so its vehicles (and their quotes) are public. */
async function approveOwnAgency(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const me = await apiJson<SessionUser>(request, 'GET', 'auth/me/');
  const operator = await playwrightRequest.newContext({ baseURL });
  try {
    await signInApi(operator, 'staff');
    await apiJson(operator, 'POST', `suppliers/${me.agency?.id}/status/`, { status: 'approved' });
  } finally {
    await operator.dispose();
  }
}

test.describe('rates & extras: the owner on a tablet', () => {
  test.use(TABLET);

  test('enters a price list and a quote reflects it', async ({ page, context, request, baseURL }) => {
    await freshAgencyOwner(context, request, 'Rates Motors');
    await approveOwnAgency(context.request, baseURL);
    const { leeds, york } = await twoLocations(context.request);
    const vehicle = await vehicleAt(context.request, [leeds, york]);
    await openRates(page);

    // Empty states, one per list.
    for (const empty of [
      'No categories yet.',
      'No seasons yet.',
      'No length tiers yet.',
      'No extras yet.',
      'No one-way fees yet.',
    ]) {
      await expect(page.getByText(empty)).toBeVisible();
    }

    const categories = panel(page, 'Categories');
    await categories.getByRole('button', { name: 'Add category' }).click();
    const categoryForm = categories.getByRole('form', { name: 'Add category' });
    await categoryForm.getByLabel('Name').fill('Compact');
    await categoryForm.getByLabel('Base day rate').fill('40');
    await categoryForm.getByRole('button', { name: 'Add category' }).click();
    await expect(categories.getByText('Compact has been added.')).toBeVisible();
    await expect(categories.getByText('£40.00 a day · 0 vehicles')).toBeVisible();

    const seasons = panel(page, 'Seasons');
    await seasons.getByRole('button', { name: 'Add season' }).click();
    const seasonForm = seasons.getByRole('form', { name: 'Add season' });
    await seasonForm.getByLabel('Name').fill('Summer peak');
    await seasonForm.getByLabel('First day').fill(isoDay(10));
    await seasonForm.getByLabel('Last day').fill(isoDay(40));
    await expect(seasonForm.getByLabel('Price')).toHaveValue('percent');
    await seasonForm.getByLabel('Percentage').fill('20');
    await seasonForm.getByRole('button', { name: 'Add season' }).click();
    await expect(seasons.getByText('Summer peak has been added.')).toBeVisible();
    await expect(seasons.getByText(/\+20 % · Every vehicle/)).toBeVisible();

    const tiers = panel(page, 'Length tiers');
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    const tierForm = tiers.getByRole('form', { name: 'Add tier' });
    await tierForm.getByLabel('Name').fill('7+ days');
    await tierForm.getByLabel('From (days)').fill('7');
    // A tier takes a share off: 10 % more is refused in percent, beside the field.
    await tierForm.getByLabel('Percentage').fill('10');
    await tierForm.getByRole('button', { name: 'Add tier' }).click();
    await expect(tierForm.getByLabel('Percentage')).toHaveAccessibleDescription(/a percentage from -90 to -0\.01/);
    await tierForm.getByLabel('Percentage').fill('-10');
    await tierForm.getByRole('button', { name: 'Add tier' }).click();
    await expect(tiers.getByText('7+ days has been added.')).toBeVisible();
    await expect(tiers.getByText('From 7 days · \u221210 %')).toBeVisible();

    const extras = panel(page, 'Extras');
    await extras.getByRole('button', { name: 'Add extra' }).click();
    const extraForm = extras.getByRole('form', { name: 'Add extra' });
    await extraForm.getByLabel('Name').fill('Child seat');
    await extraForm.getByLabel('Charged').selectOption('per_day');
    await extraForm.getByLabel('Price').fill('5');
    await extraForm.getByLabel('Maximum quantity').fill('2');
    await extraForm.getByLabel('Kept at pickup locations').check();
    await extraForm.getByLabel('Stock at Leeds Station').fill('2');
    await extraForm.getByRole('button', { name: 'Add extra' }).click();
    await expect(extras.getByText('Child seat has been added.')).toBeVisible();
    await expect(extras.getByText(/Stock: 2 at Leeds Station$/)).toBeVisible();

    const oneWay = panel(page, 'One-way fees');
    await oneWay.getByRole('button', { name: 'Add one-way fee' }).click();
    const feeForm = oneWay.getByRole('form', { name: 'Add one-way fee' });
    await feeForm.getByLabel('From (pickup)').selectOption({ label: 'Leeds Station, Leeds' });
    await feeForm.getByLabel('To (dropoff)').selectOption({ label: 'York Depot, York' });
    await feeForm.getByLabel('Amount').fill('25');
    await feeForm.getByRole('button', { name: 'Add one-way fee' }).click();
    await expect(oneWay.getByText('Leeds Station → York Depot has been added.')).toBeVisible();

    const terms = page.getByRole('form', { name: 'Fees and terms' });
    await terms.getByLabel('Drivers under (age)').fill('25');
    await terms.getByLabel('Young driver fee', { exact: true }).fill('10');
    await terms.getByLabel('Young driver fee charged').selectOption('per_day');
    await terms.getByRole('button', { name: 'Save fees and terms' }).click();
    await expect(page.getByText('Your fees and terms have been saved.')).toBeVisible();
    await expect(terms.getByLabel('Drivers under (age)')).toHaveValue('25');
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/rates-owner-tablet.png`, fullPage: true });

    // A quote made now reflects every part of it: 8 days in the season, the tier, the seat, both fees.
    const [season] = await apiJson<SeasonView[]>(context.request, 'GET', 'seasons/');
    const [seat] = await apiJson<ExtraView[]>(context.request, 'GET', 'extras/');
    const quote = await apiJson<QuoteView>(context.request, 'POST', 'quotes/', {
      vehicle_id: vehicle.id,
      start_date: isoDay(12),
      end_date: isoDay(19),
      pickup_location_id: leeds,
      dropoff_location_id: york,
      extras: [{ extra_id: seat?.id, quantity: 1 }],
      driver_age: 22,
    });
    const line = (code: string) => quote.lines.find((candidate) => candidate.code === code);
    expect(quote.days).toBe(8);
    expect(line(`rental:season:${season?.id}`)).toMatchObject({ label: 'Summer peak (8 days)', amount: '432.00' });
    expect(quote.lines.find((candidate) => candidate.kind === 'tier')).toMatchObject({
      label: '7+ days \u221210 %',
      amount: '-43.20',
    });
    expect(line(`extra:${seat?.id}`)).toMatchObject({ label: 'Child seat', amount: '40.00' });
    expect(line('fee:one_way')).toMatchObject({ amount: '25.00' });
    expect(line('fee:young_driver')).toMatchObject({ label: 'Young driver (under 25)', amount: '80.00' });

    // Edited in place: the share shows as typed in percent, and goes back as basis points.
    await seasons.getByRole('button', { name: 'Edit Summer peak' }).click();
    const editSeason = seasons.getByRole('form', { name: 'Edit Summer peak' });
    await expect(editSeason.getByLabel('Percentage')).toHaveValue('20');
    await editSeason.getByLabel('Percentage').fill('12.5');
    await editSeason.getByRole('button', { name: 'Save season' }).click();
    await expect(seasons.getByText('Summer peak has been saved.')).toBeVisible();
    await expect(seasons.getByText(/\+12\.5 % · Every vehicle/)).toBeVisible();
    expect((await apiJson<SeasonView[]>(context.request, 'GET', 'seasons/'))[0]?.basis_points).toBe(1250);

    // Removed after a confirmation.
    await tiers.getByRole('button', { name: 'Remove 7+ days' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this tier?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(tiers.getByText('7+ days has been removed.')).toBeVisible();
    await expect(tiers.getByText('No length tiers yet.')).toBeVisible();
  });
});

test.describe('rates & extras: an agent on a phone', () => {
  test.use(PHONE);

  test('reads the price list, with no way to change it', async ({ browser, context, request }) => {
    await freshAgencyOwner(context, request, 'Read Motors');
    const category = await apiJson<{ id: number }>(context.request, 'POST', 'vehicle-categories/', {
      name: 'Van',
      base_day_rate: '70.00',
    });
    await apiJson(context.request, 'POST', 'seasons/', {
      name: 'Christmas',
      start_date: '2026-12-20',
      end_date: '2027-01-03',
      adjustment_kind: 'day_rate',
      day_rate: '95.00',
      category_ids: [category.id],
    });
    await apiJson(context.request, 'POST', 'seasons/', {
      name: 'Winter',
      start_date: '2026-12-01',
      end_date: '2027-02-28',
      adjustment_kind: 'percent',
      basis_points: -1500,
    });
    await apiJson(context.request, 'POST', 'extras/', {
      name: 'Damage waiver',
      charge: 'per_rental',
      price: '30.00',
      max_quantity: 1,
    });
    const username = `agent_${uniqueSuffix()}`;
    await apiJson(context.request, 'POST', 'team/', {
      username,
      first_name: 'Riley',
      last_name: 'Agent',
      email: `${username}@example.com`,
      phone_number: '+44 7700 900555',
      password: 'riley-first-pass',
    });

    const agentContext = await browser.newContext(PHONE);
    try {
      await signInContext(agentContext, username, 'riley-first-pass');
      const page = await agentContext.newPage();
      await openRates(page);
      await expect(page.getByText('Only the agency owner changes rates. You can read them here.')).toBeVisible();
      await expect(panel(page, 'Categories').getByText('£70.00 a day · 0 vehicles')).toBeVisible();
      const seasons = panel(page, 'Seasons');
      // In date order, each overlap named in words (the strip of months is a picture only).
      await expect(seasons.getByRole('listitem').first()).toContainText('Winter');
      await expect(seasons.getByText(/\u221215 % · Every vehicle · Overlaps Christmas/)).toBeVisible();
      await expect(seasons.getByText(/£95\.00 a day · Van · Overlaps Winter/)).toBeVisible();
      await expect(panel(page, 'Extras').getByText(/£30\.00 a rental/)).toBeVisible();
      await expect(page.getByText('No length tiers yet.')).toBeVisible();
      await expect(panel(page, 'Fees and terms').getByText('Tax is added on top')).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Add|Edit|Remove|Save)/ })).toHaveCount(0);
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/rates-agent-phone.png`, fullPage: true });
    } finally {
      await agentContext.close();
    }
  });
});

test.describe('rates & extras: a refusal on a desktop', () => {
  test.use(DESKTOP);

  test('a category name the agency has is said beside the name, with the focus on it', async ({
    page,
    context,
    request,
  }) => {
    await freshAgencyOwner(context, request, 'Refusal Motors');
    await apiJson(context.request, 'POST', 'vehicle-categories/', { name: 'SUV', base_day_rate: null });
    await openRates(page);
    const categories = panel(page, 'Categories');
    await expect(categories.getByText('No base day rate · 0 vehicles')).toBeVisible();
    await categories.getByRole('button', { name: 'Add category' }).click();
    const form = categories.getByRole('form', { name: 'Add category' });
    await form.getByLabel('Name').fill('suv');
    await form.getByRole('button', { name: 'Add category' }).click();
    const name = form.getByLabel('Name');
    await expect(name).toHaveAccessibleDescription('A category with this name already exists.');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // Said once: beside the field, not again beside the button.
    await expect(page.getByText('A category with this name already exists.')).toHaveCount(1);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/rates-refusal-desktop.png`, fullPage: true });

    // Offline the lists stay on screen; changing them waits for a connection, as each panel says.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await goOffline(context, page);
    await expect(
      page.getByText('Changing your categories needs a connection. Try again when you are back online.'),
    ).toBeVisible();
    await expect(categories.getByRole('button', { name: 'Add category' })).toBeDisabled();
    await expect(categories.getByRole('button', { name: 'Edit SUV' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save fees and terms' })).toBeDisabled();
    await expect(categories.getByText('No base day rate · 0 vehicles')).toBeVisible();
    await context.setOffline(false);
  });
});
