import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AnonymousBookingRequestReceipt, StaffBookingRequest } from '../src/domain/api/booking-requests.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
import type { Invoice } from '../src/domain/api/invoices.ts';
import type { QuoteView } from '../src/domain/api/quotes.ts';
import type { RatePlanView } from '../src/domain/api/rate-plan.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import { apiJson, csrfHeaders, isoDay, PHONE, signInApi, uniqueSuffix } from './support/api.ts';

/**
 * Issue 21, end to end: a visitor on a phone picks a child seat and an additional driver for a
 * 10-day rental across a season boundary, one-way, aged 22 — the screen, the stored request and
 * the invoice draft agree to the penny. The demo agency's own price list (src/server/seed/
 * price-list.ts) prices it; the test only adds a vehicle of its own, so no other spec's booking
 * or hold can take its dates, and reads the season from the plan the API answers.
 */

const DAY_MS = 86_400_000;
const RENTAL_DAYS = 10;

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The screen's amount as the API's decimal string: "£1,234.56" → "1234.56", "−£36.48" → "-36.48". */
function decimalOf(shown: string): string {
  const text = shown.trim();
  const negative = text.startsWith('\u2212') || text.startsWith('-');
  const digits = text.replace(/[^\d.]/g, '');
  if (!/^\d+\.\d{2}$/.test(digits)) throw new Error(`"${shown}" is not an amount in pounds and pence`);
  return negative ? `-${digits}` : digits;
}

interface Line {
  label: string;
  amount: string;
}

/** Every line of the QuotePanel and its total, as the visitor reads them. */
async function screenLines(page: Page): Promise<{ lines: Line[]; total: string }> {
  const rows = page.getByRole('region', { name: 'Price' }).getByRole('row');
  const lines: Line[] = [];
  let total: string | null = null;
  for (const row of await rows.all()) {
    const label = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
    const amount = decimalOf((await row.getByRole('cell').textContent()) ?? '');
    if (label === 'Total') total = amount;
    else lines.push({ label, amount });
  }
  if (total === null) throw new Error('The quote shows no Total row.');
  return { lines, total };
}

const linesOf = (quote: { lines: { label: string; amount: string }[] }): Line[] =>
  quote.lines.map(({ label, amount }) => ({ label, amount }));

interface Setup {
  vehicle: StaffVehicle;
  pickup: number;
  dropoff: number;
  seat: number;
  driver: number;
  plan: RatePlanView;
}

/**
 * As the demo agency's owner: a new vehicle at £45.00 a day kept at a pickup location where child
 * seats are stocked and at another one (a one-way fee between them), in a category every season
 * of the plan applies to.
 */
async function arrange(agency: APIRequestContext): Promise<Setup> {
  const plan = await apiJson<RatePlanView>(agency, 'GET', 'rate-plan/');
  const locations = await apiJson<{ id: number }[]>(agency, 'GET', 'locations/');
  const seat = plan.extras.find((extra) => extra.name === 'Child seat');
  const driver = plan.extras.find((extra) => extra.name === 'Additional driver');
  if (!seat?.stock || !driver) throw new Error('The demo price list has no Child seat in stock or Additional driver.');
  const kept = seat.stock.find((stock) => stock.quantity > 0 && locations.some((l) => l.id === stock.location_id));
  const other = locations.find((location) => location.id !== kept?.location_id);
  if (!kept || !other) throw new Error('The demo agency needs a location with child seats and another one.');
  // A season limited to categories applies to the vehicle through one of them; an open one to any.
  const limited = plan.seasons.flatMap((season) => season.category_ids);
  const category = limited[0];

  const suffix = uniqueSuffix();
  const form = new FormData();
  const fields: Record<string, string> = {
    make: 'Quotemake',
    model: `Model${suffix}`.slice(0, 60),
    color: 'Blue',
    manufacture_year: '2022',
    mileage: '1000',
    mileage_allowance: '200',
    ownership: 'company',
    price_per_day: '45.00',
    deposit: '150.00',
    registration_number: `QE ${suffix}`.slice(0, 15).toUpperCase(),
    next_service_date: isoDay(400),
    ...(category === undefined ? {} : { category_id: String(category) }),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const id of [kept.location_id, other.id]) form.append('pickup_locations', String(id));
  const response = await agency.post('/api/staff-vehicles/', { headers: await csrfHeaders(agency), multipart: form });
  expect(response.ok(), `create vehicle: ${response.status()} ${await response.text()}`).toBe(true);
  const vehicle = (await response.json()) as StaffVehicle;
  return { vehicle, pickup: kept.location_id, dropoff: other.id, seat: seat.id, driver: driver.id, plan };
}

/**
 * Ten days that straddle the start of a season of the vehicle's public plan, drawn afresh on each
 * run: the first day 1 to 9 days before the season starts. POST quotes/ must price it (a 409 —
 * child seats taken by another spec's hold on those days — draws again).
 */
async function drawDates(
  visitor: APIRequestContext,
  setup: Setup,
): Promise<{ start: string; end: string; quote: QuoteView }> {
  const plan = await apiJson<RatePlanView>(visitor, 'GET', `public-vehicles/${setup.vehicle.id}/rate-plan/`);
  const category = setup.vehicle.category_id ?? null;
  const earliest = isoDay(RENTAL_DAYS + 2);
  const seasons = plan.seasons.filter(
    (season) =>
      season.start_date > earliest &&
      (season.category_ids.length === 0 || (category !== null && season.category_ids.includes(category))),
  );
  if (seasons.length === 0) throw new Error("The vehicle's plan has no season ahead that applies to it.");
  for (let attempt = 1; ; attempt += 1) {
    const season = seasons[Math.floor(Math.random() * seasons.length)] ?? seasons[0];
    if (!season) throw new Error('unreachable');
    const start = addDays(season.start_date, -(1 + Math.floor(Math.random() * (RENTAL_DAYS - 1))));
    const end = addDays(start, RENTAL_DAYS - 1);
    const response = await visitor.post('/api/quotes/', {
      headers: await csrfHeaders(visitor),
      data: {
        vehicle_id: setup.vehicle.id,
        start_date: start,
        end_date: end,
        pickup_location_id: setup.pickup,
        dropoff_location_id: setup.dropoff,
        extras: [
          { extra_id: setup.driver, quantity: 1 },
          { extra_id: setup.seat, quantity: 1 },
        ],
        driver_age: 22,
      },
    });
    if (response.status() === 409 && attempt < 5) continue;
    expect(response.status(), await response.text()).toBe(200);
    return { start, end, quote: (await response.json()) as QuoteView };
  }
}

test.describe('a visitor on a phone', () => {
  test.use(PHONE);

  test('ten days across a season, one-way, a child seat and an additional driver, aged 22: the screen, the stored request and the invoice draft agree to the penny', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const agency = await playwrightRequest.newContext({ baseURL });
    try {
      await signInApi(agency, 'agency');
      const setup = await arrange(agency);
      const { start, end, quote } = await drawDates(context.request, setup);
      // The days straddle the season: base days and season days, the 7+ tier, both extras, the
      // one-way and young-driver fees, the tax the demo adds on top.
      expect(quote.days).toBe(RENTAL_DAYS);
      expect(quote.lines.map((line) => line.code.replace(/:\d+$/, ''))).toEqual([
        'rental:base',
        'rental:season',
        'tier',
        'extra',
        'extra',
        'fee:one_way',
        'fee:young_driver',
        'tax',
      ]);

      // The visitor fills the public request form by what it shows.
      await page.goto(`/book-now/${setup.vehicle.id}`);
      const form = page.getByRole('form', { name: 'Booking request' });
      await form.getByLabel('First name').fill('Yara');
      await form.getByLabel('Last name').fill(`Penny${uniqueSuffix()}`);
      await form.getByLabel('Phone number').fill('+44 7700 900321');
      await form.getByLabel('E-mail').fill(`penny-${uniqueSuffix()}@example.com`);
      await form.getByLabel('Start date').fill(start);
      await form.getByLabel('End date').fill(end);
      await form.getByLabel('Pickup location').selectOption(String(setup.pickup));
      await form.getByLabel('Dropoff location').selectOption(String(setup.dropoff));
      const extras = form.getByRole('group', { name: 'Extras' });
      await extras.getByRole('checkbox', { name: /Additional driver/ }).check();
      await extras.getByRole('button', { name: 'One more Child seat' }).click();
      await expect(extras.getByRole('status', { name: 'Child seat quantity' })).toHaveText('1');
      await form.getByLabel("Driver's age").fill('22');

      // The panel once the server confirmed the device's figures: every line and the total read off it.
      const panel = page.getByRole('region', { name: 'Price' });
      await expect(panel.getByRole('heading', { name: 'Your quote' })).toBeVisible();
      await expect(panel.getByRole('row')).toHaveCount(quote.lines.length + 1);
      const shown = await screenLines(page);
      expect(shown.lines).toEqual(linesOf(quote));
      expect(shown.total).toBe(quote.total);

      const sent = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/rentals/booking-requests/') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Submit Request' }).click();
      const reply = await sent;
      expect(reply.status()).toBe(201);
      const receipt = (await reply.json()) as AnonymousBookingRequestReceipt;
      await expect(
        page.getByRole('status').filter({ hasText: 'Booking request submitted successfully!' }),
      ).toBeVisible();

      // The request as the agency reviews it keeps the same lines and total.
      const stored = await apiJson<StaffBookingRequest>(agency, 'GET', `staff-booking-requests/${receipt.id}/`);
      expect(stored.start_date).toBe(start);
      expect(stored.end_date).toBe(end);
      expect(stored.quote).not.toBeNull();
      expect(linesOf(stored.quote ?? { lines: [] })).toEqual(shown.lines);
      expect(stored.quote?.total).toBe(shown.total);
      expect(stored.quote?.extras.map((extra) => [extra.name, extra.quantity]).sort()).toEqual([
        ['Additional driver', 1],
        ['Child seat', 1],
      ]);

      // Accepted (the child seat is held), booked from the request at its quote, then invoiced.
      await apiJson(agency, 'PATCH', `staff-booking-requests/${receipt.id}/`, { status: 'accepted' });
      const booking = await apiJson<StaffBooking>(agency, 'POST', `staff-booking-requests/${receipt.id}/booking/`, {});
      expect(booking.booking_amount).toBe(shown.total);
      const invoice = await apiJson<Invoice>(agency, 'POST', 'invoices/', { booking: booking.id });
      expect(invoice.status).toBe('draft');
      // The quote's lines become the invoice's lines (no adjustment line: the amount is the
      // quote's), its tax line the invoice's tax.
      const taxLine = shown.lines.at(-1);
      expect(quote.lines.at(-1)?.kind).toBe('tax');
      expect(invoice.lines.map((line) => ({ label: line.description, amount: line.amount }))).toEqual(
        shown.lines.slice(0, -1),
      );
      expect(invoice.tax).toBe(taxLine?.amount);
      expect(invoice.total).toBe(shown.total);
    } finally {
      await agency.dispose();
    }
  });
});
