import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * The outbox against the real server and the production build: writes queued offline reach the
 * server exactly once (also across a reload while offline and with two tabs open), a refused
 * write waits for the user, and a signed-out write waits for the sign-in. The app exposes the
 * outbox on `window.__fleetOutbox` only when `fleet.e2e` is set in localStorage before it starts.
 */

interface HookEntry {
  id: string;
  label: string;
  state: 'waiting' | 'sending' | 'attention' | 'conflict' | 'paused';
  attempts: number;
  lastError: string | null;
}

interface HookRequest {
  kind: string;
  target: string;
  method: 'POST' | 'PATCH';
  url: string;
  json: unknown;
  invalidate: unknown[][];
  label: string;
}

interface OutboxHook {
  enqueue(request: HookRequest): Promise<HookEntry>;
  entries(): Promise<HookEntry[]>;
  resumeAfterSignIn(): Promise<void>;
  drain(): Promise<void>;
}

type HookWindow = Window & { __fleetOutbox?: OutboxHook };

interface PublicVehicle {
  id: number;
  pickup_locations: { id: number }[];
}

interface RequestRow {
  vehicle: number;
  start_date: string;
  customer_details: { email: string };
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('fleet.e2e', '1'));
});

/** Far enough ahead that no demo booking is in the way; each test its own week. */
function dates(weeksAhead: number): { start: string; end: string } {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const start = 400 + weeksAhead * 7;
  return { start: day(start), end: day(start + 3) };
}

function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function someVehicle(request: APIRequestContext): Promise<PublicVehicle> {
  const vehicles = (await (await request.get('/api/public-vehicles/')).json()) as PublicVehicle[];
  const vehicle = vehicles.find((candidate) => candidate.pickup_locations.length > 0);
  if (!vehicle) throw new Error('The demo data has no public vehicle with a pickup location.');
  return vehicle;
}

function visitorRequest(vehicleId: number, email: string, when: { start: string; end: string }): HookRequest {
  return {
    kind: 'anonymous-booking-request',
    target: `visitor:${email}`,
    method: 'POST',
    url: 'rentals/booking-requests/',
    json: {
      vehicle_id: vehicleId,
      first_name: 'Olive',
      last_name: 'Offline',
      phone_number: '+44 20 7946 0958',
      email,
      start_date: when.start,
      end_date: when.end,
      message: 'Queued by the outbox test.',
    },
    invalidate: [['booking-requests']],
    label: `Booking request of ${email}`,
  };
}

async function signIn(request: APIRequestContext, username: string): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/csrf/')).json()) as { csrfToken: string };
  const response = await request.post('/api/login/', {
    headers: { 'X-CSRFToken': csrfToken },
    data: { username, password: 'fleet-demo' },
  });
  expect(response.ok()).toBe(true);
}

/** The server's rows for a visitor's e-mail, as staff sees them. */
async function requestsOf(request: APIRequestContext, email: string): Promise<RequestRow[]> {
  await signIn(request, 'staff');
  const rows = (await (await request.get('/api/staff-booking-requests/?limit=200')).json()) as RequestRow[];
  return rows.filter((row) => row.customer_details.email.toLowerCase() === email.toLowerCase());
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
}

/** First visit installs the service worker; once it controls the page, a reload works offline. */
async function openAppForOffline(page: Page): Promise<void> {
  await openApp(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

function enqueue(page: Page, request: HookRequest): Promise<HookEntry> {
  return page.evaluate((body) => {
    const hook = (window as HookWindow).__fleetOutbox;
    if (!hook) throw new Error('The outbox hook is missing.');
    return hook.enqueue(body);
  }, request);
}

/**
 * Runs a drain of its own to the end, then waits for any drain the app had started (they hold the
 * same Web Lock): whatever the page was going to send by now, it has sent.
 */
async function drainsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (window as HookWindow).__fleetOutbox?.drain();
    await navigator.locks.request('fleet-outbox', async () => undefined);
  });
}

function entries(page: Page): Promise<HookEntry[]> {
  return page.evaluate(() => (window as HookWindow).__fleetOutbox?.entries() ?? Promise.resolve([]));
}

/** The Idempotency-Keys of the booking-request POSTs the browser really sent (from any tab). */
function recordPosts(context: BrowserContext): string[] {
  const keys: string[] = [];
  context.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/(rentals\/)?booking-requests\/$/.test(new URL(sent.url()).pathname)) {
      keys.push(sent.headers()['idempotency-key'] ?? 'none');
    }
  });
  return keys;
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: /^Offline/ })).toBeVisible();
}

test('a request queued offline is sent exactly once after a reload while offline', async ({
  page,
  context,
  request,
}) => {
  const vehicle = await someVehicle(request);
  const email = uniqueEmail('reload');
  const posts = recordPosts(context);
  await openAppForOffline(page);
  await goOffline(context, page);

  const queued = await enqueue(page, visitorRequest(vehicle.id, email, dates(1)));
  expect(queued.state).toBe('waiting');
  await expect(page.getByRole('button', { name: /Offline.*1 pending/ })).toBeVisible();

  await page.reload();
  await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
  await expect(page.getByRole('button', { name: /Offline.*1 pending/ })).toBeVisible();
  const kept = await entries(page);
  expect(kept).toHaveLength(1);
  expect(kept[0]).toMatchObject({ id: queued.id, state: 'waiting', attempts: 0 });

  await context.setOffline(false);
  await expect.poll(async () => (await entries(page)).length, { timeout: 20_000 }).toBe(0);
  await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible();
  expect(await requestsOf(request, email)).toHaveLength(1);
  // Nothing was tried while offline; once online, one request on the wire under the entry's key.
  expect(posts).toEqual([queued.id]);
});

test('two open tabs send a queued request once', async ({ page, context, request }) => {
  const vehicle = await someVehicle(request);
  const email = uniqueEmail('tabs');
  const posts = recordPosts(context);
  await openAppForOffline(page);
  const second = await context.newPage();
  await openApp(second);
  await goOffline(context, page);

  const queued = await enqueue(page, visitorRequest(vehicle.id, email, dates(2)));
  // The other tab hears of it and lists it too.
  await expect(second.getByRole('button', { name: /Offline.*1 pending/ })).toBeVisible();

  await context.setOffline(false);
  // Both tabs are told to drain at once, on top of their own online handling.
  await Promise.all([page, second].map((tab) => tab.evaluate(() => (window as HookWindow).__fleetOutbox?.drain())));
  await expect.poll(async () => (await entries(page)).length, { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await entries(second)).length, { timeout: 20_000 }).toBe(0);
  expect(await requestsOf(request, email)).toHaveLength(1);
  // One tab held the drain lock: the other never sent it.
  expect(posts).toEqual([queued.id]);
});

test('a refused request needs attention, is not retried, and can be discarded', async ({ page, context, request }) => {
  const vehicle = await someVehicle(request);
  const email = uniqueEmail('refused');
  const posts = recordPosts(context);
  const when = dates(3);
  await openApp(page);

  const body = visitorRequest(vehicle.id, email, { start: when.end, end: when.start });
  const queued = await enqueue(page, body);
  await expect.poll(async () => (await entries(page))[0]?.state, { timeout: 15_000 }).toBe('attention');

  // Every drain trigger: the Background Sync event, focus, a reload. None sends it again.
  await page.evaluate(() => window.dispatchEvent(new Event('fleet:drain-outbox')));
  await page.reload();
  await page.waitForFunction(() => (window as HookWindow).__fleetOutbox !== undefined);
  await drainsDone(page);
  const [refused] = await entries(page);
  expect(refused).toMatchObject({ id: queued.id, state: 'attention', attempts: 1 });
  expect(refused?.lastError).toContain('End date cannot be before start date.');
  expect(posts).toEqual([queued.id]);

  await page.getByRole('button', { name: /Online.*1 pending/ }).click();
  const panel = page.getByRole('dialog', { name: 'Sync status' });
  await expect(panel.getByText('Needs attention')).toBeVisible();
  await expect(panel.getByText('End date cannot be before start date.').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(panel.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Online$/ })).toBeVisible();

  expect(await requestsOf(request, email)).toHaveLength(0);
});

test('a signed-out request pauses until sign-in, then is sent once', async ({ page, context, request }) => {
  const vehicle = await someVehicle(request);
  const posts = recordPosts(context);
  const when = dates(4);
  const location = vehicle.pickup_locations[0]?.id;
  await openApp(page);

  const queued = await enqueue(page, {
    kind: 'booking-request',
    target: `vehicle:${vehicle.id}`,
    method: 'POST',
    url: 'booking-requests/',
    json: {
      vehicle_id: vehicle.id,
      start_date: when.start,
      end_date: when.end,
      pickup_time: '10:00',
      dropoff_time: '10:00',
      pickup_location_id: location,
      dropoff_location_id: location,
      message: 'Queued while signed out.',
    },
    invalidate: [['booking-requests']],
    label: 'Booking request while signed out',
  });
  await expect.poll(async () => (await entries(page))[0]?.state, { timeout: 15_000 }).toBe('paused');
  // Drains after the pause (one run here, and any the page had started) leave it waiting.
  await drainsDone(page);
  expect((await entries(page))[0]).toMatchObject({ id: queued.id, state: 'paused', attempts: 1 });
  // One 401 (the API client's refresh-and-retry aside, which stops at the failed refresh), then quiet.
  expect(posts).toEqual([queued.id]);

  await signIn(page.request, 'customer');
  await page.evaluate(() => (window as HookWindow).__fleetOutbox?.resumeAfterSignIn());
  await expect.poll(async () => (await entries(page)).length, { timeout: 15_000 }).toBe(0);

  const mine = (await (await page.request.get('/api/booking-requests/?limit=200')).json()) as RequestRow[];
  expect(mine.filter((row) => row.vehicle === vehicle.id && row.start_date === when.start)).toHaveLength(1);
  expect(posts).toEqual([queued.id, queued.id]);
});
