import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { savedCache, type SavedQuery } from './waits.ts';

/**
 * Helpers the e2e specs share: talking to the API as a given user (to arrange data or check what
 * the server stored), and small browser chores. Screens themselves are always driven through the UI.
 */

export const DEMO_PASSWORD = 'fleet-demo';

/** An API client with the CSRF header the server asks for on unsafe calls. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { csrfToken } = (await (await request.get('/api/csrf/')).json()) as { csrfToken: string };
  return { 'X-CSRFToken': csrfToken };
}

let visitors = 0;
/**
 * Each Playwright worker process counts its own visitors: its index (unique per worker process,
 * also after a restart) picks the second octet, so two workers never stand for the same address.
 */
const workerOctet = 64 + (Number(process.env.TEST_WORKER_INDEX ?? 0) % 64);

/**
 * X-Forwarded-For of a client address no other call of this run used (the e2e server trusts it:
 * TRUST_PROXY=1). Data arranged through the API stands for many visitors, not one address
 * registering dozens of accounts, which the server's limits on anonymous writes refuse.
 */
export function anotherVisitor(): Record<string, string> {
  visitors += 1;
  return { 'X-Forwarded-For': `100.${workerOctet}.${(visitors >> 8) & 255}.${visitors & 255}` };
}

/** Signs `request` (a page's `context.request` shares the browser's cookies) in as `username`. */
export async function signInApi(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/login/', {
    headers: await csrfHeaders(request),
    data: { username, password },
  });
  expect(response.ok(), `login of ${username}`).toBe(true);
}

/** Signs the browser context in, so the next page load starts signed in. */
export async function signInContext(context: BrowserContext, username: string, password = DEMO_PASSWORD) {
  await signInApi(context.request, username, password);
}

/** A JSON call with CSRF; fails the test unless the answer is 2xx. Returns the parsed body. */
export async function apiJson<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/${path.replace(/^\/+/, '')}`, {
    method,
    headers: method === 'GET' ? {} : { ...(await csrfHeaders(request)), ...anotherVisitor() },
    data: data === undefined ? undefined : data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** Unique per test run, so tests never trip over each other's users or requests. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** `days` from today as YYYY-MM-DD (UTC, as the server reads dates). */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A public vehicle with at least one pickup location (needed by the customer request form). */
export async function bookableVehicle(
  request: APIRequestContext,
  index = 0,
): Promise<{
  id: number;
  make: string;
  model: string;
  price_per_day: string;
  pickup_locations: { id: number; name: string }[];
}> {
  const vehicles = (await (await request.get('/api/public-vehicles/?limit=500')).json()) as {
    id: number;
    make: string;
    model: string;
    price_per_day: string;
    pickup_locations: { id: number; name: string }[];
  }[];
  const withLocations = vehicles.filter((vehicle) => vehicle.pickup_locations.length > 0);
  const vehicle = withLocations[index % withLocations.length];
  if (!vehicle) throw new Error('The demo data has no public vehicle with a pickup location.');
  return vehicle;
}

/**
 * Signs in through the login form, as a person does (the app switches its cache to the user), and
 * waits until it has left `/login`; the caller checks where it landed.
 */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Offline in the browser and confirmed by the app's own indicator. */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  // The header's status loads once the first screen is up (first-paint.ts): wait for it, or a
  // page without its service worker yet could not fetch it until the connection returns.
  await expect(page.getByRole('button', { name: /^Online/ })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
}

/** Waits until the service worker controls the page, so later reloads work offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A real 1×1 PNG: the server decodes and re-encodes every image (licenses, logos), so it must be valid. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const TABLET = { viewport: { width: 1024, height: 768 } } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** The queries kept in the persisted cache (IndexedDB), with their data. */
export async function persistedQueries(page: Page): Promise<SavedQuery[]> {
  return (await savedCache(page))?.queries ?? [];
}

export async function persistedQueryKeys(page: Page): Promise<unknown[][]> {
  return (await persistedQueries(page)).map((query) => query.queryKey);
}
