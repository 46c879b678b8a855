import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { anotherVisitor } from './support/api.ts';
import { waitForSavedQuery } from './support/waits.ts';

/**
 * SPEC §2 / §6 guards and redirects, for each audience, online and then offline (after one online
 * visit the service worker serves the shell and the persisted session drives the same guards).
 */

type Role = 'visitor' | 'customer' | 'staff' | 'agent' | 'agency';
const PASSWORD = 'fleet-demo';

/**
 * Where each role lands when it opens each URL (SPEC §2). Users sent away from an area that is
 * not theirs go to /login, which sends anyone signed in on to their own dashboard.
 */
const LANDINGS: Record<Role, Record<string, string>> = {
  visitor: {
    '/customer/dashboard': '/login',
    '/staff/dashboard': '/login',
    '/fleet/vehicles': '/login',
    '/bookings/list': '/login',
    '/': '/',
    '/login': '/login',
  },
  // A customer sent to /login from the staff area is signed in already, so /login sends them home.
  customer: {
    '/customer/dashboard': '/customer/dashboard',
    '/staff/dashboard': '/customer/dashboard',
    '/fleet/vehicles': '/customer/dashboard',
    '/bookings/list': '/bookings/list',
    '/': '/',
    '/login': '/customer/dashboard',
  },
  staff: {
    '/customer/dashboard': '/staff/dashboard',
    '/staff/dashboard': '/staff/dashboard',
    '/fleet/vehicles': '/fleet/vehicles',
    '/bookings/list': '/bookings/list',
    '/': '/staff/dashboard',
    '/login': '/staff/dashboard',
  },
  agent: {
    '/customer/dashboard': '/staff/dashboard',
    '/staff/dashboard': '/staff/dashboard',
    '/fleet/vehicles': '/fleet/vehicles',
    '/bookings/list': '/bookings/list',
    '/': '/staff/dashboard',
    '/login': '/staff/dashboard',
  },
  agency: {
    '/customer/dashboard': '/staff/dashboard',
    '/staff/dashboard': '/staff/dashboard',
    '/fleet/vehicles': '/fleet/vehicles',
    '/bookings/list': '/bookings/list',
    '/': '/staff/dashboard',
    '/login': '/staff/dashboard',
  },
};

/** The heading each landing shows, so a test waits for the screen and not only the URL. */
const HEADINGS: Record<string, RegExp> = {
  '/login': /^Login$/,
  '/': /^Available Vehicles$/,
  '/customer/dashboard': /^Welcome/,
  '/staff/dashboard': /^Dashboard$/,
  '/fleet/vehicles': /^Vehicles$/,
  '/bookings/list': /^Bookings$/,
};

const ROLES = Object.keys(LANDINGS) as Role[];

/** Signs in through the API, as the login form does, so the cookies are the browser's own. */
async function signInByApi(context: BrowserContext, username: string) {
  const csrf = await context.request.get('/api/csrf/');
  expect(csrf.ok()).toBe(true);
  const cookies = await context.cookies();
  const token = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const reply = await context.request.post('/api/login/', {
    data: { username, password: PASSWORD },
    headers: { 'X-CSRFToken': token },
  });
  expect(reply.ok()).toBe(true);
}

async function expectLanding(page: Page, from: string, to: string) {
  await page.goto(from);
  await expect(page).toHaveURL((url) => url.pathname === to);
  await expect(page.getByRole('heading', { level: 1, name: HEADINGS[to] })).toBeVisible();
}

async function signInWithForm(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The service worker controls the origin and the role's session has reached IndexedDB. */
async function readyForOffline(page: Page, role: Role) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await waitForSavedQuery(page, { key: ['session'], ...(role === 'visitor' ? {} : { shows: `"${role}"` }) });
}

for (const role of ROLES) {
  test.describe(`${role}`, () => {
    test('lands where SPEC §2 says, online', async ({ context, page }) => {
      if (role !== 'visitor') await signInByApi(context, role);
      for (const [from, to] of Object.entries(LANDINGS[role])) await expectLanding(page, from, to);
    });

    test('lands in the same places offline after one online visit', async ({ context, page }) => {
      if (role !== 'visitor') await signInByApi(context, role);
      const home = LANDINGS[role]['/staff/dashboard'] === '/staff/dashboard' ? '/staff/dashboard' : '/login';
      await page.goto(role === 'customer' ? '/customer/dashboard' : home);
      await readyForOffline(page, role);

      await context.setOffline(true);
      for (const [from, to] of Object.entries(LANDINGS[role])) await expectLanding(page, from, to);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await context.setOffline(false);
    });
  });
}

test('each role is sent to its place after signing in', async ({ browser }) => {
  const expected: Record<Exclude<Role, 'visitor'>, string> = {
    customer: '/customer/dashboard',
    agent: '/staff/dashboard',
    agency: '/staff/dashboard',
    // staff goes to `/`, which sends staff-type users on to their dashboard
    staff: '/staff/dashboard',
  };
  for (const [username, to] of Object.entries(expected)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithForm(page, username);
    await expect(page).toHaveURL((url) => url.pathname === to);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[to] })).toBeVisible();
    await context.close();
  }
});

test('a wrong password shows the spec message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('customer');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your username and password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields are refused by the form with the schema messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username or e-mail is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
});

test('the login page links to registration and password reset', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/request\/password_reset$/);
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'Create a customer account' }).click();
  await expect(page).toHaveURL(/\/register-customer$/);
});

test('unknown paths go to /', async ({ context, page }) => {
  for (const path of ['/no/such/page', '/customer/nowhere', '/fleet']) await expectLanding(page, path, '/');
  await signInByApi(context, 'staff');
  // For staff, `/` itself then forwards to the dashboard; a record path without a valid id is unknown too.
  for (const path of ['/no/such/page', '/edit-vehicle/not-a-number'])
    await expectLanding(page, path, '/staff/dashboard');
});

test('the redirect-only paths lead to the spec screens', async ({ context, page }) => {
  await signInByApi(context, 'agent');
  await expectLanding(page, '/vehicles', '/fleet/vehicles');
  await page.goto('/booking-requests');
  await expect(page).toHaveURL((url) => url.pathname === '/bookings/requests');
});

test('logout goes to /login and closes the staff area', async ({ context, page }) => {
  await signInByApi(context, 'agency');
  await page.goto('/staff/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectLanding(page, '/staff/dashboard', '/login');
  const me = await context.request.get('/api/auth/me/');
  expect(me.status()).toBe(401);
});

test('a customer signs out and in again as someone else without seeing their pages', async ({ context, page }) => {
  await signInByApi(context, 'customer');
  await page.goto('/customer/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, 'agent');
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expectLanding(page, '/customer/dashboard', '/staff/dashboard');
  await expect(page.getByRole('navigation', { name: 'Customer' })).toHaveCount(0);
});

test('when another account signs in elsewhere, the previous account’s cached data goes', async ({ context, page }) => {
  await signInByApi(context, 'customer');
  await page.goto('/customer/booking-requests');
  await expect(page.getByRole('article').first()).toBeVisible();
  await waitForSavedQuery(page, { key: ['booking-requests'] });

  // Another person signs in with these cookies outside this page (another tab, another app).
  const suffix = Date.now().toString(36);
  const csrf = (await (await context.request.get('/api/csrf/')).json()) as { csrfToken: string };
  const registered = await context.request.post('/api/register/customer/', {
    headers: { 'X-CSRFToken': csrf.csrfToken, ...anotherVisitor() },
    data: {
      email: `other-${suffix}@example.com`,
      username: `other-${suffix}`,
      phone_number: '+44 20 7946 0555',
      first_name: 'Other',
      last_name: 'Person',
      password: 'other-pass-1',
    },
  });
  expect(registered.ok()).toBe(true);
  const login = await context.request.post('/api/login/', {
    headers: { 'X-CSRFToken': csrf.csrfToken },
    data: { username: `other-${suffix}`, password: 'other-pass-1' },
  });
  expect(login.ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole('banner').getByText('Other Person')).toBeVisible();
  await expect(page.getByText('You have no booking requests yet.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
