import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  anotherVisitor,
  apiJson,
  bookableVehicle,
  DESKTOP,
  isoDay,
  PHONE,
  signInApi,
  signInContext,
  signInWithForm,
  uniqueSuffix,
} from './support/api.ts';
import { receivedMails, waitForMail } from './support/mail.ts';

/**
 * Issue 19: a visitor asks for a vehicle without an account, gets a receipt (and the agency hears
 * of it), registers later with the same address, confirms it by the e-mailed link and finds the
 * request in their list, as the Contact page promises ("Sign in and open Booking Requests").
 */

const CONFIRM_SUBJECT = 'Confirm your e-mail address for Fleet Rental';
const CONFIRM_LINK = /\/confirm-email\?token=[\w-]+/;

interface Supplier {
  name: string;
  contact_email: string;
}

/** Where the agency of a public vehicle gets its mail, as the operator sees it in Supplier List. */
async function agencyMailbox(request: APIRequestContext, vehicleId: number): Promise<string> {
  const vehicle = (await (await request.get(`/api/public-vehicles/${vehicleId}/`)).json()) as { agency_name: string };
  await signInApi(request, 'staff');
  const suppliers = await apiJson<Supplier[]>(request, 'GET', 'suppliers/?limit=100');
  const agency = suppliers.find((supplier) => supplier.name === vehicle.agency_name);
  if (!agency) throw new Error(`No supplier named ${vehicle.agency_name}.`);
  return agency.contact_email;
}

/** The newest confirmation link mailed to `email` since `since`, as a path of this server. */
async function newestConfirmationLink(email: string, since: Date, count: number): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await receivedMails(email, since))
          .filter((mail) => mail.subject === CONFIRM_SUBJECT)
          .map((mail) => CONFIRM_LINK.exec(mail.text)?.[0] ?? '');
        return links.length;
      },
      { message: `${count} confirmation mails to ${email}`, timeout: 10_000 },
    )
    .toBe(count);
  const link = links.at(-1);
  if (!link) throw new Error(`No confirmation link in the mail to ${email}.`);
  return link;
}

async function sendVisitorRequest(page: Page, vehicleId: number, email: string, start: number) {
  await page.goto(`/book-now/${vehicleId}`);
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill('Dana');
  await main.getByLabel('Last name').fill('Later');
  await main.getByLabel('Phone number').fill('+44 20 7946 0777');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Start date').fill(isoDay(start));
  await main.getByLabel('End date').fill(isoDay(start + 2));
  await main.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Booking request submitted successfully!' })).toBeVisible();
}

async function registerWithForm(page: Page, username: string, email: string) {
  await page.goto('/register-customer');
  const main = page.getByRole('main');
  await main.getByLabel('First name', { exact: true }).fill('Dana');
  await main.getByLabel('Last name', { exact: true }).fill('Later');
  await main.getByLabel('Username', { exact: true }).fill(username);
  await main.getByLabel('E-mail', { exact: true }).fill(email);
  await main.getByLabel('Phone number', { exact: true }).fill('+44 20 7946 0777');
  await main.getByLabel('Password', { exact: true }).fill('fleet-demo');
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(main.getByText('User registered successfully! Redirecting to login...')).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
});

/**
 * The desktop run fills the visitor's request and the sign-up in with their forms; the phone run
 * makes them through the API (those forms at phone width are booking-requests.spec.ts's and
 * accounts.spec.ts's) and spends its time on this feature's own screens.
 */
for (const [device, options, n, throughForms] of [
  ['desktop', DESKTOP, 0, true],
  ['phone', PHONE, 1, false],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test("a visitor's request joins the account they register once they open the e-mailed link", async ({
      page,
      request,
    }) => {
      // This browser is one visitor of its own: the suite's other sign-ups through a form, all from
      // this machine's address, would otherwise meet the server's limit on sign-ups per network.
      await page.context().setExtraHTTPHeaders(anotherVisitor());
      const suffix = uniqueSuffix();
      const username = `dana-${device}-${suffix}`;
      const email = `dana-${device}-${suffix}@example.com`;
      const vehicle = await bookableVehicle(request, n + 2);
      const since = new Date();

      // The visitor's request: a receipt with its number, and the agency's notice with the same number.
      const start = 620 + n * 7;
      if (throughForms) await sendVisitorRequest(page, vehicle.id, email, start);
      else
        await apiJson(page.request, 'POST', 'rentals/booking-requests/', {
          vehicle_id: vehicle.id,
          first_name: 'Dana',
          last_name: 'Later',
          phone_number: '+44 20 7946 0777',
          email,
          start_date: isoDay(start),
          end_date: isoDay(start + 2),
        });
      const receipt = await waitForMail(email, since, /Your booking request number is \d+/);
      const number = /Your booking request number is (\d+)/.exec(receipt.text)?.[1];
      expect(receipt.subject).toBe(
        `Your booking request ${number} for the ${vehicle.make} ${vehicle.model} was received`,
      );
      expect(receipt.text).toContain('What happens next:');
      const toAgency = await waitForMail(
        await agencyMailbox(request, vehicle.id),
        since,
        new RegExp(`Request number: ${number}\\b`),
      );
      expect(toAgency.subject).toMatch(
        new RegExp(`^New booking request ${number}: ${vehicle.make} ${vehicle.model}, `),
      );
      expect(toAgency.text).toContain(`E-mail: ${email}`);
      expect(toAgency.text).toContain(`/booking-requests/${number}`);

      // Registering with the same address sends the link; until it is opened the request waits.
      if (throughForms) await registerWithForm(page, username, email);
      else
        await apiJson(page.request, 'POST', 'register/customer/', {
          first_name: 'Dana',
          last_name: 'Later',
          username,
          email,
          phone_number: '+44 20 7946 0777',
          password: 'fleet-demo',
        });
      await newestConfirmationLink(email, since, 1);
      if (throughForms) await signInWithForm(page, username);
      else {
        await signInContext(page.context(), username);
        await page.goto('/customer/dashboard');
      }
      await expect(page).toHaveURL('/customer/dashboard');
      const notice = page.getByRole('region', { name: '1 booking request waits for your e-mail address' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`It was sent from ${email} before you had an account.`);
      await page.getByRole('link', { name: /My Booking Requests/ }).click();
      await expect(page.getByText('You have no booking requests yet.')).toBeVisible();

      // "Send the link again" sends a second link; the newest one is opened.
      await page.goto('/customer/dashboard');
      await notice.getByRole('button', { name: 'Send the link again' }).click();
      await expect(notice.getByRole('status')).toHaveText(`A new link has been sent to ${email}.`);
      const link = await newestConfirmationLink(email, since, 2);

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your E-mail Address' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' })).toHaveText(
        'Your e-mail address is confirmed. 1 booking request was added to your account.',
      );
      await expectNoSeriousViolations(page);
      await page.getByRole('link', { name: 'Open My Booking Requests' }).click();
      await expect(page).toHaveURL('/customer/booking-requests');
      await expect(page.getByRole('heading', { name: `${vehicle.make} ${vehicle.model}` }).first()).toBeVisible();
      await expect(page.getByText('You have no booking requests yet.')).toHaveCount(0);

      // The notice is gone, and the link cannot be used twice.
      await page.goto('/customer/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana!' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);
      await page.goto(link);
      await expect(page.getByRole('alert')).toHaveText(
        'This confirmation link has expired or was already used. Sign in and send yourself a new one from your dashboard.',
      );
    });
  });
}

test('the confirmation page without a token says so', async ({ page }) => {
  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your E-mail Address' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Invalid or missing confirmation link.');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
