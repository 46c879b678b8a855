import { expect, test, type Page, type Response } from '@playwright/test';
import type { CustomerAnalyticsOverview } from '../src/domain/api/customer-analytics.ts';
import { apiJson, goOffline, PHONE, signInContext, waitForServiceWorker } from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { SHARED_DATA } from './support/shared-data.ts';

/**
 * /customers/analytics as an agency owner uses it: reached from the sidebar, the cards show the
 * server's figures, every chart has its heading and a "Show data" table, and chart.js is fetched
 * only for this screen.
 */

/** A chart.js option name: in the bundle only where chart.js is. */
const CHART_JS_MARKER = 'maintainAspectRatio';

/** The JavaScript the page fetches, as the texts that arrived. */
function scriptBodies(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return () => Promise.all(bodies);
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

async function checkScreen(page: Page, overview: CustomerAnalyticsOverview) {
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Analytics' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Customer figures' }).getByRole('listitem');
  const card = (label: string) => cards.filter({ has: page.getByText(label, { exact: true }) });
  await expect(card('Total Customers')).toContainText(String(overview.total_customers));
  await expect(card('Repeat Customers')).toContainText(String(overview.repeat_customers));
  await expect(card(`New Customers (${monthName(overview.month)})`)).toContainText(
    String(overview.new_customers_this_month),
  );

  for (const title of [
    'Customer Growth',
    'Top Customers',
    'Booking Frequency',
    'Booking Duration',
    'Payment Method',
    'Lead to Customer Conversion',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /^Line chart of new customers per month/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Bar chart of booking requests received/ })).toBeVisible();
  await expect(
    page.getByText('Leads are booking requests received in the month; converted ones became a booking.'),
  ).toBeVisible();

  // The payment pie's numbers, as a table behind "Show data".
  const payments = page.getByRole('region', { name: 'Payment Method' });
  const totalBookings = overview.payment_methods.reduce((sum, entry) => sum + entry.bookings, 0);
  await expect(payments.getByRole('img')).toHaveAccessibleName(
    new RegExp(`^Pie chart of ${totalBookings} bookings by payment method\\.`),
  );
  const table = payments.getByRole('table', { name: 'Payment Method' });
  await expect(table).toBeHidden();
  await payments.getByText('Show data').click();
  await expect(table).toBeVisible();
  const cash = overview.payment_methods.find((entry) => entry.method === 'cash');
  await expect(table.getByRole('row', { name: /^Cash/ })).toContainText(String(cash?.bookings));

  // The top customer, linking to their details.
  const top = overview.top_customers[0];
  expect(top, 'the demo agency has bookings').toBeDefined();
  if (top) {
    const link = page
      .getByRole('region', { name: 'Top Customers' })
      .getByRole('link', { name: `${top.first_name} ${top.last_name}` });
    await expect(link).toHaveAttribute('href', `/details/${top.id}`);
  }
}

for (const [name, use] of [
  ['tablet (1024×768)', { viewport: { width: 1024, height: 768 } }],
  ['phone (390×844)', PHONE],
] as const) {
  // The demo agency's live figures, read through the API, then on the screen.
  test.describe(name, SHARED_DATA, () => {
    test.use(use);

    test('an agency opens Customers → Analytics and sees its own figures', async ({ context, page }) => {
      await signInContext(context, 'agency');
      const overview = await apiJson<CustomerAnalyticsOverview>(context.request, 'GET', 'customer-analytics/');
      expect(overview.total_customers).toBeGreaterThan(0);
      const scripts = scriptBodies(page);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      expect((await scripts()).some((body) => body.includes(CHART_JS_MARKER))).toBe(false);

      if (name.startsWith('phone')) await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('navigation', { name: 'Staff' })
        .getByRole('list', { name: 'Customers', exact: true })
        .getByRole('link', { name: 'Analytics' })
        .click();
      await expect(page).toHaveURL(/\/customers\/analytics$/);
      await checkScreen(page, overview);
      expect((await scripts()).some((body) => body.includes(CHART_JS_MARKER))).toBe(true);
      await expectAccessible(page);
    });
  });
}

test.describe('offline', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the figures seen before stay readable offline, with when they were loaded', async ({ context, page }) => {
    await signInContext(context, 'agency');
    await page.goto('/customers/analytics');
    const total = page.getByRole('list', { name: 'Customer figures' }).getByRole('listitem').first();
    await expect(total).toContainText('Total Customers');
    const shown = await total.textContent();
    await waitForServiceWorker(page);

    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Analytics' })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    await expect(total).toHaveText(shown ?? '');
    await expect(page.getByRole('img', { name: /^Pie chart of .* by rental length\./ })).toBeVisible();
  });
});
