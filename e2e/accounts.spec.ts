import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { apiJson, DESKTOP, goOffline, PHONE, uniqueSuffix } from './support/api.ts';
import { waitForResetLink } from './support/mail.ts';

/**
 * The account screens as a visitor uses them: registering, resetting a forgotten password through
 * the mail the server really sends, and registering an agency; every SPEC §8 message of these
 * screens at least once, at desktop and phone widths.
 */

interface NewUser {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_number: string;
  password: string;
}

function newUser(prefix: string): NewUser {
  const suffix = uniqueSuffix();
  return {
    first_name: 'Rita',
    last_name: 'Register',
    username: `${prefix}${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    phone_number: '+44 20 7946 0958',
    password: `pass-${suffix}`,
  };
}

async function fillRegistration(page: Page, user: NewUser) {
  const main = page.getByRole('main');
  await main.getByLabel('First name', { exact: true }).fill(user.first_name);
  await main.getByLabel('Last name', { exact: true }).fill(user.last_name);
  await main.getByLabel('Username', { exact: true }).fill(user.username);
  await main.getByLabel('E-mail', { exact: true }).fill(user.email);
  await main.getByLabel('Phone number', { exact: true }).fill(user.phone_number);
  await main.getByLabel('Password', { exact: true }).fill(user.password);
}

async function signInWithForm(page: Page, username: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Username or email').fill(username);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Login' }).click();
}

async function registerByApi(request: APIRequestContext, user: NewUser) {
  await apiJson(request, 'POST', 'register/customer/', user);
}

/** Holds a call until the returned function is called, so the screen can be seen while it is in flight. */
async function holdCall(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<undefined>((resolve) => {
    release = () => resolve(undefined);
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

/** A 500 with no body: the screen has only its own fallback sentence to show. */
async function failWithoutBody(page: Page, url: string) {
  await page.route(url, (route) => route.fulfill({ status: 500, body: '' }));
}

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

for (const [width, use] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`${width} (${use.viewport.width}×${use.viewport.height})`, () => {
    // page.route does not see requests a service worker handles, and these screens need none.
    test.use({ ...use, serviceWorkers: 'block' });

    test('a visitor registers, is sent to /login after the pause, and signs in', async ({ page }) => {
      const user = newUser('rita');
      const main = page.getByRole('main');
      await page.goto('/register-customer');
      await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await fillRegistration(page, user);
      const release = await holdCall(page, '**/api/register/customer/');
      await main.getByRole('button', { name: 'Register' }).click();
      await expect(main.getByRole('button', { name: 'Registering...' })).toBeDisabled();
      release();
      await expect(main.getByRole('status')).toHaveText('User registered successfully! Redirecting to login...');
      await expect(page).toHaveURL(/\/register-customer$/);
      await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
      await signInWithForm(page, user.username, user.password);
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
    });

    test('a taken username is said once, under its field, which takes the focus', async ({ page }) => {
      const main = page.getByRole('main');
      await page.goto('/register-customer');
      await fillRegistration(page, { ...newUser('taken'), username: 'customer' });
      await main.getByRole('button', { name: 'Register' }).click();
      const username = main.getByLabel('Username', { exact: true });
      await expect(username).toHaveAttribute('aria-invalid', 'true');
      await expect(username).toHaveAccessibleDescription(/A user with that username already exists\./);
      await expect(username).toBeFocused();
      await expect(main.getByText('A user with that username already exists.')).toHaveCount(1);
      await expect(page).toHaveURL(/\/register-customer$/);
      await expectNoSeriousA11yViolations(page);
    });

    test('registration: empty fields, a failure without a reason, and no connection', async ({ context, page }) => {
      await page.goto('/register-customer');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Register' }).click();
      for (const message of [
        'First name is required.',
        'Last name is required.',
        'Username is required.',
        'E-mail is required.',
        'Phone number is required.',
        'Password is required.',
      ])
        await expect(main.getByText(message)).toBeVisible();

      await failWithoutBody(page, '**/api/register/customer/');
      await fillRegistration(page, newUser('fail'));
      await main.getByRole('button', { name: 'Register' }).click();
      await expect(main.getByRole('alert')).toHaveText('Registration failed.');

      await page.unrouteAll();
      await goOffline(context, page);
      await expect(main.getByText('You are offline. Registering needs a connection')).toBeVisible();
      await main.getByRole('button', { name: 'Register' }).click();
      await expect(main.getByRole('alert')).toHaveText(/Registering needs a connection/);
      await expect(page).toHaveURL(/\/register-customer$/);
    });

    test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
      const user = newUser('reset');
      await registerByApi(page.request, user);
      const main = page.getByRole('main');

      await page.goto('/login');
      await main.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const sentAt = new Date();
      await main.getByLabel('E-mail').fill(user.email);
      const releaseRequest = await holdCall(page, '**/api/password_reset/');
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      releaseRequest();
      await expect(main.getByRole('status')).toHaveText('A password reset link has been sent to your email.');

      const link = await waitForResetLink(user.email, sentAt);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Set a New Password' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const newPassword = `new-${user.password}`;
      await main.getByLabel('New password').fill(newPassword);
      await main.getByLabel('Confirm password').fill(`${newPassword}x`);
      await main.getByRole('button', { name: 'Reset password' }).click();
      await expect(main.getByText('Passwords do not match.')).toBeVisible();
      await expect(main.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');

      await main.getByLabel('Confirm password').fill(newPassword);
      const releaseConfirm = await holdCall(page, '**/api/password_reset/confirm/');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await expect(main.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
      releaseConfirm();
      await expect(main.getByRole('status')).toHaveText('Your password has been reset successfully.');
      await expect(page).toHaveURL(/\/password-reset\//);
      await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

      await signInWithForm(page, user.username, user.password);
      await expect(main.getByRole('alert')).toHaveText('Login failed. Please check your username and password.');
      await signInWithForm(page, user.username, newPassword);
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
    });

    test('the reset request: a failure without a reason, another link, and no connection', async ({
      context,
      page,
    }) => {
      await page.goto('/request/password_reset');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await expect(main.getByText('E-mail is required.')).toBeVisible();

      await failWithoutBody(page, '**/api/password_reset/');
      await main.getByLabel('E-mail').fill(`nobody-${uniqueSuffix()}@example.com`);
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await expect(main.getByRole('alert')).toHaveText('Password reset request failed.');

      await page.unrouteAll();
      await main.getByRole('button', { name: 'Send reset link' }).click();
      await expect(main.getByRole('status')).toHaveText('A password reset link has been sent to your email.');
      await main.getByRole('button', { name: 'Send another link' }).click();
      await expect(main.getByLabel('E-mail')).toHaveValue(/^nobody-/);

      await goOffline(context, page);
      await expect(main.getByText('You are offline. Sending a reset link needs a connection')).toBeVisible();
    });

    test('a bad or missing reset token is refused', async ({ page }) => {
      const main = page.getByRole('main');
      for (const path of ['/password-reset/', '/password-reset']) {
        await page.goto(path);
        await expect(main.getByRole('alert')).toHaveText('Invalid or missing reset token.');
        await expect(main.getByRole('link', { name: 'Request a new link' })).toBeVisible();
        await expect(main.getByLabel('New password')).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page);

      await page.goto(`/password-reset/not-a-real-token-${uniqueSuffix()}`);
      await main.getByLabel('New password').fill('a-new-password');
      await main.getByLabel('Confirm password').fill('a-new-password');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await expect(main.getByRole('alert')).toHaveText('Invalid or expired reset token.');
      await expectNoSeriousA11yViolations(page);
      await main.getByRole('link', { name: 'Request a new link' }).click();
      await expect(page).toHaveURL(/\/request\/password_reset$/);

      await page.goto(`/password-reset/another-token-${uniqueSuffix()}`);
      await failWithoutBody(page, '**/api/password_reset/confirm/');
      await main.getByLabel('New password').fill('a-new-password');
      await main.getByLabel('Confirm password').fill('a-new-password');
      await main.getByRole('button', { name: 'Reset password' }).click();
      await expect(main.getByRole('alert')).toHaveText('Password reset failed.');
    });

    test('a partner registers an agency, told it is reviewed first, and its owner can sign in', async ({ page }) => {
      const owner = newUser('agency');
      const agencyName = `Test Motors ${uniqueSuffix()}`;
      await page.goto('/agent-signup');
      const main = page.getByRole('main');
      await expect(page.getByRole('heading', { level: 1, name: 'Become a Partner' })).toBeVisible();
      await expect(
        main.getByText('We review every new agency before its vehicles are shown to the public.'),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await main.getByRole('button', { name: 'Register agency' }).click();
      await expect(main.getByText('Agency name is required.')).toBeVisible();

      await main.getByLabel('Agency name').fill(agencyName);
      await main.getByLabel('First name').fill(owner.first_name);
      await main.getByLabel('Last name').fill(owner.last_name);
      await main.getByLabel('E-mail').fill(owner.email);
      await main.getByLabel('Phone number').fill(owner.phone_number);
      await main.getByLabel('Username').fill(owner.username);
      await main.getByLabel('Password').fill(owner.password);
      const release = await holdCall(page, '**/api/agent-signup/');
      await main.getByRole('button', { name: 'Register agency' }).click();
      await expect(main.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
      release();
      const success = main.getByRole('status');
      await expect(success).toContainText(`Thank you! ${agencyName} is registered and pending approval.`);
      await expect(success).toContainText('before its vehicles are shown to the public');
      await expect(success).toContainText(`sign in as ${owner.username}`);

      await main.getByRole('link', { name: 'Go to login' }).click();
      await signInWithForm(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/staff\/dashboard$/);
      const me = await apiJson<{ role: string; agency: { name: string; status: string } }>(
        page.request,
        'GET',
        'auth/me/',
      );
      expect(me).toMatchObject({ role: 'agency', agency: { name: agencyName, status: 'pending' } });
    });

    test('agency registration: a taken username beside its field', async ({ page }) => {
      await page.goto('/agent-signup');
      const main = page.getByRole('main');
      const owner = newUser('dup');
      await main.getByLabel('Agency name').fill('Duplicate Motors');
      await main.getByLabel('First name').fill(owner.first_name);
      await main.getByLabel('Last name').fill(owner.last_name);
      await main.getByLabel('E-mail').fill(owner.email);
      await main.getByLabel('Phone number').fill(owner.phone_number);
      await main.getByLabel('Username').fill('agency');
      await main.getByLabel('Password').fill(owner.password);
      await main.getByRole('button', { name: 'Register agency' }).click();
      await expect(main.getByLabel('Username')).toHaveAccessibleDescription(
        /A user with that username already exists\./,
      );
      await expect(main.getByLabel('Username')).toBeFocused();
      await expect(main.getByText('A user with that username already exists.')).toHaveCount(1);
    });
  });
}
