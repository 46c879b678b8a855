import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { StaffBookingDetail } from '../src/domain/api/bookings.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import {
  apiJson,
  goOffline,
  isoDay,
  PHONE,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle, freshAgencyOwner } from './support/staff.ts';

/**
 * Issue 23: the planner as a desk uses it, on a tablet by mouse, finger and keyboard, online and
 * offline, and its agenda on a phone. Each test signs up its own agency, so its rows are only the
 * vehicles it made.
 */

/** 2032-01-10 → 10/01/2032, as the screen shows dates. */
const british = (isoDate: string) => isoDate.split('-').reverse().join('/');
const vehicleName = (vehicle: StaffVehicle) => `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
/** "Sunday 6 December", as a day's column heading is named. */
const longDay = (isoDate: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Fleet {
  /** The agency's owner, who is signed in. */
  owner: string;
  first: StaffVehicle;
  second: StaffVehicle;
  customer: string;
  /** On the first vehicle, days +2 to +4. */
  booking: number;
  /** On the second vehicle, the same days. */
  other: number;
}

/** A new agency with two vehicles, each booked from two to four days from now. */
async function arrange(context: BrowserContext, agency: string): Promise<Fleet> {
  const { username: owner } = await freshAgencyOwner(context, context.request, agency);
  const suffix = uniqueSuffix();
  const first = await createVehicle(context.request, `A${suffix}`);
  const second = await createVehicle(context.request, `B${suffix}`);
  const customer = await createCustomer(context.request, 'Ann', `Planner${suffix}`);
  const other = await createCustomer(context.request, 'Ben', `Blocker${suffix}`);
  const book = (vehicle: StaffVehicle, customerId: number) =>
    apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customerId,
      vehicle: vehicle.id,
      start_date: isoDay(2),
      end_date: isoDay(4),
      booking_status: 'confirmed',
    });
  const booking = await book(first, customer.id);
  const blocking = await book(second, other.id);
  return { owner, first, second, customer: `Ann Planner${suffix}`, booking: booking.id, other: blocking.id };
}

const bookingBar = (page: Page, customer: string, vehicle: StaffVehicle): Locator =>
  page.getByRole('button', { name: new RegExp(`^Booking of ${escape(customer)}, ${escape(vehicleName(vehicle))},`) });

async function openPlanner(page: Page): Promise<void> {
  await page.goto('/fleet/planner');
  await expect(page.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Planner' })).toBeVisible();
}

/** A day's width on screen: the width of a day's column heading. */
async function dayWidth(page: Page): Promise<number> {
  const box = await page.getByRole('columnheader').nth(1).boundingBox();
  if (!box) throw new Error('No day column is shown.');
  return box.width;
}

async function centre(
  locator: Locator,
): Promise<{ x: number; y: number; box: { x: number; y: number; width: number; height: number } }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen.');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
}

/** Tabs from the search box into the grid: one tab stop, as a keyboard user finds it. */
async function tabIntoGrid(page: Page): Promise<void> {
  await page.getByLabel('Search').focus();
  for (let step = 0; step < 5; step += 1) {
    await page.keyboard.press('Tab');
    const inGrid = await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null);
    if (inGrid) return;
  }
  throw new Error('The grid took no focus.');
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function booking(context: BrowserContext, id: number): Promise<StaffBookingDetail> {
  return apiJson<StaffBookingDetail>(context.request, 'GET', `bookings/${id}/`);
}

test.describe('on a tablet', () => {
  test.use(TABLET);

  test('a drag onto a booked vehicle is refused and put back; dragging the end extends it at the price shown', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const fleet = await arrange(context, 'Planner Cars');
    await openPlanner(page);
    await expect(page.getByRole('link', { name: 'Planner' })).toHaveAttribute('href', '/fleet/planner');
    const bar = bookingBar(page, fleet.customer, fleet.first);
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAccessibleName(new RegExp(`${british(isoDay(2))} – ${british(isoDay(4))}, confirmed$`));
    await expect(
      page.getByRole('rowheader', { name: new RegExp(escape(fleet.first.registration_number)) }),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/planner-tablet.png' });
    await expectAccessible(page);

    // Onto the second vehicle, whose same days are booked: the server refuses, the bar stays.
    const start = await centre(bar);
    const rowHeight = (await centre(page.getByRole('button', { name: /^Booking of Ben Blocker/ }))).y - start.y;
    await dragBy(page, start, 0, rowHeight);
    const dialog = page.getByRole('dialog', { name: 'Move booking' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${vehicleName(fleet.first)} → ${vehicleName(fleet.second)}`);
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText(/^The booking was not moved: /)).toBeVisible();
    await expect(bookingBar(page, fleet.customer, fleet.first)).toBeVisible();
    expect((await booking(context, fleet.booking)).vehicle).toBe(fleet.first.id);

    // Its end two days later: the price difference is shown, and saved.
    const before = await booking(context, fleet.booking);
    const { box } = await centre(bar);
    await dragBy(page, { x: box.x + box.width - 4, y: box.y + box.height / 2 }, 2 * (await dayWidth(page)), 0);
    await expect(dialog).toContainText(`${british(isoDay(2))} – ${british(isoDay(6))}`);
    const price = dialog.getByText(/→ £[\d,]+\.\d\d \(\+£[\d,]+\.\d\d\)/);
    await expect(price).toBeVisible();
    const [, after] = /→ £([\d,]+\.\d\d)/.exec((await price.textContent()) ?? '') ?? [];
    expect(await dialog.textContent()).toContain(`£${before.booking_amount}`);
    await page.screenshot({ path: 'test-results/planner-move-dialog-tablet.png' });
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText('Booking moved.')).toBeVisible();
    const moved = await booking(context, fleet.booking);
    expect([moved.start_date, moved.end_date]).toEqual([isoDay(2), isoDay(6)]);
    expect(moved.booking_amount).toBe(after?.replace(/,/g, ''));
    expect(Number(moved.booking_amount)).toBeGreaterThan(Number(before.booking_amount));
    await expect(bar).toHaveAccessibleName(new RegExp(`${british(isoDay(2))} – ${british(isoDay(6))}`));
  });

  test('the same move with the keyboard only, announced as it goes', async ({ page, context }) => {
    test.setTimeout(90_000);
    const fleet = await arrange(context, 'Keyboard Cars');
    await openPlanner(page);
    await tabIntoGrid(page);
    // The focus starts on today's day of the first vehicle; the booking is two days on.
    expect(await focusedName(page)).toBe(`${vehicleName(fleet.first)}, ${british(isoDay(0))}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toMatch(new RegExp(`^Booking of ${escape(fleet.customer)}`));
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toMatch(/^Booking of Ben/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press(' ');
    await expect(page.getByRole('status').filter({ hasText: /^Picked up/ })).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(
      page.getByRole('status').filter({ hasText: `${british(isoDay(4))} – ${british(isoDay(6))}` }),
    ).toBeAttached();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move booking' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/→ £/)).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Booking moved.')).toBeVisible();
    const moved = await booking(context, fleet.booking);
    expect([moved.start_date, moved.end_date]).toEqual([isoDay(4), isoDay(6)]);

    // Escape puts a picked-up booking down where it was.
    await bookingBar(page, fleet.customer, fleet.first).focus();
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Move cancelled.' })).toBeAttached();
    await expect(dialog).toBeHidden();
  });

  test('a move made offline waits on its bar and is sent once when the connection returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const fleet = await arrange(context, 'Yard Cars');
    await openPlanner(page);
    await waitForServiceWorker(page);
    await expect(bookingBar(page, fleet.customer, fleet.first)).toBeVisible();
    await goOffline(context, page);

    await bookingBar(page, fleet.customer, fleet.first).focus();
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move booking' });
    await expect(dialog.getByText(/You are offline/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText('Move saved on this device. It is sent when the connection returns.')).toBeVisible();
    const pending = page.getByRole('button', { name: /move waiting to be sent$/ });
    await expect(pending).toHaveAccessibleName(new RegExp(`${british(isoDay(3))} – ${british(isoDay(5))}`));
    await page.screenshot({ path: 'test-results/planner-pending-tablet.png' });

    await context.setOffline(false);
    await expect(pending).toHaveCount(0, { timeout: 20_000 });
    await expect(bookingBar(page, fleet.customer, fleet.first)).toHaveAccessibleName(
      new RegExp(`${british(isoDay(3))} – ${british(isoDay(5))}, confirmed$`),
    );
    const moved = await booking(context, fleet.booking);
    expect([moved.start_date, moved.end_date]).toEqual([isoDay(3), isoDay(5)]);
    await expect(page.getByText(/refused when sent/)).toHaveCount(0);
  });

  test('offline after a reload, a move refused when sent (moved meanwhile at another desk) goes to the conflict view and the bar to where the booking is', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const fleet = await arrange(context, 'Second Desk Cars');
    await openPlanner(page);
    await waitForServiceWorker(page);
    await expect(bookingBar(page, fleet.customer, fleet.first)).toBeVisible();
    await goOffline(context, page);
    // The window already seen opens offline.
    await page.reload();
    await expect(page.getByRole('grid', { name: 'Planner' })).toBeVisible();
    await expect(bookingBar(page, fleet.customer, fleet.first)).toBeVisible();

    await bookingBar(page, fleet.customer, fleet.first).focus();
    await page.keyboard.press(' ');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Move booking' }).getByRole('button', { name: 'Move booking' }).click();
    await expect(page.getByText('Move saved on this device. It is sent when the connection returns.')).toBeVisible();

    // Meanwhile another desk moves the same booking three days on.
    const desk = await browser.newContext();
    try {
      await signInContext(desk, fleet.owner);
      const from = { vehicle: fleet.first.id, start_date: isoDay(2), end_date: isoDay(4) };
      await apiJson(desk.request, 'POST', `bookings/${fleet.booking}/move/`, {
        vehicle: fleet.first.id,
        start_date: isoDay(5),
        end_date: isoDay(7),
        from,
      });
    } finally {
      await desk.close();
    }

    await context.setOffline(false);
    await expect(page.getByRole('alert').filter({ hasText: /A move was refused when sent/ })).toContainText(
      'This booking was moved meanwhile, so it was not moved again',
      { timeout: 20_000 },
    );
    await expect(bookingBar(page, fleet.customer, fleet.first)).toHaveAccessibleName(
      new RegExp(`${british(isoDay(5))} – ${british(isoDay(7))}, confirmed$`),
    );
    await page.getByRole('button', { name: /^Online/ }).click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    await expect(panel.getByText('Conflict', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Move booking: /)).toBeVisible();
    const moved = await booking(context, fleet.booking);
    expect([moved.start_date, moved.end_date]).toEqual([isoDay(5), isoDay(7)]);
  });

  test('a staff page online readies the planner: opened first offline, it says its rows come with the connection', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await arrange(context, 'Warm Cars');
    await page.goto('/staff/dashboard');
    await waitForServiceWorker(page);
    // The planner's code is not precached (decision 061): the staff page fetches it when idle.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('fleet-later-chunks');
          return (await cache.keys()).some((request) => /\/assets\/fleet\.planner-/.test(request.url));
        }),
      )
      .toBe(true);
    await goOffline(context, page);
    await page.getByRole('link', { name: 'Planner', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible();
    await expect(page.getByText('You are offline. The planner will appear when the connection returns.')).toBeVisible();
  });

  test('a long press picks a bar up by touch, and the page stays still while it is dragged', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ ...TABLET, hasTouch: true });
    try {
      const fleet = await arrange(context, 'Touch Cars');
      const page = await context.newPage();
      await openPlanner(page);
      const bar = bookingBar(page, fleet.customer, fleet.first);
      const start = await centre(bar);
      const width = await dayWidth(page);
      const scroll = () =>
        page.evaluate(() => {
          const grid = document.querySelector('[role="grid"]');
          return [window.scrollY, grid?.scrollLeft ?? -1, grid?.scrollTop ?? -1];
        });
      const before = await scroll();
      const cdp = await context.newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
        });
      await touch('touchStart', start.x, start.y);
      await page.waitForTimeout(700);
      for (let step = 1; step <= 6; step += 1) await touch('touchMove', start.x + (width * step) / 3, start.y + step);
      expect(await scroll()).toEqual(before);
      await touch('touchEnd', start.x + 2 * width, start.y + 6);
      const dialog = page.getByRole('dialog', { name: 'Move booking' });
      await expect(dialog).toContainText(`→ ${british(isoDay(4))} – ${british(isoDay(6))}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(bar).toHaveAccessibleName(new RegExp(`${british(isoDay(2))} – ${british(isoDay(4))}`));
    } finally {
      await context.close();
    }
  });

  test('a free day opens Add Booking with the vehicle and the day filled in; zoom and grouping change the view', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const fleet = await arrange(context, 'Desk Cars');
    await openPlanner(page);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Group by').selectOption('location');
    await expect(page.getByRole('rowheader', { name: /No pickup location \(2\)/ })).toBeVisible();
    await page.screenshot({ path: 'test-results/planner-month-tablet.png' });
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(page.getByRole('columnheader').nth(1)).toBeVisible();
    await page.screenshot({ path: 'test-results/planner-day-tablet.png' });
    await page.getByRole('button', { name: 'Week', exact: true }).click();

    await page.getByLabel('Search').fill(fleet.second.model);
    await expect(bookingBar(page, fleet.customer, fleet.first)).toHaveCount(0);
    await expect(
      page.getByRole('rowheader', { name: new RegExp(escape(fleet.second.registration_number)) }),
    ).toBeVisible();
    await page.getByLabel('Search').fill('');
    // An empty day of the first vehicle: under that day's heading, on the vehicle's row.
    const column = await centre(page.getByRole('columnheader', { name: longDay(isoDay(1)) }));
    const row = await centre(
      page.getByRole('rowheader', { name: new RegExp(escape(fleet.first.registration_number)) }),
    );
    await page.mouse.click(column.x, row.y);
    await expect(page).toHaveURL(new RegExp(`/add-booking\\?vehicleId=${fleet.first.id}&date=${isoDay(1)}$`));
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicleName(fleet.first));
    await expect(page.getByLabel('Start date')).toHaveValue(isoDay(1));
  });
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('an agenda instead of the grid: per day and per vehicle', async ({ page, context }) => {
    test.setTimeout(60_000);
    await freshAgencyOwner(context, context.request, 'Agenda Cars');
    const suffix = uniqueSuffix();
    const vehicle = await createVehicle(context.request, `P${suffix}`);
    const customer = await createCustomer(context.request, 'Cara', `Agenda${suffix}`);
    await apiJson(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(0),
      end_date: isoDay(1),
      booking_status: 'confirmed',
    });
    await page.goto('/fleet/planner');
    await expect(page.getByRole('heading', { level: 1, name: 'Planner' })).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    const today = page.getByRole('region').first();
    await expect(today.getByRole('heading', { name: 'Pick-ups (1)' })).toBeVisible();
    await expect(today.getByRole('link', { name: new RegExp(`Cara Agenda${suffix}`) })).toBeVisible();
    const tomorrow = page.getByRole('region').nth(1);
    await expect(tomorrow.getByRole('heading', { name: 'Returns (1)' })).toBeVisible();
    await expect(page.getByRole('region').nth(2)).toContainText('No pick-ups, returns or vehicles out.');
    await page.screenshot({ path: 'test-results/planner-agenda-phone.png', fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'By vehicle' }).click();
    await expect(page.getByRole('heading', { name: vehicleName(vehicle) })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`Cara Agenda${suffix}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
  });
});
