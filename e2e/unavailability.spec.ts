import { expect, test } from '@playwright/test';
import { apiJson, csrfHeaders, isoDay, PHONE, signInApi, signInContext, TABLET, uniqueSuffix } from './support/api.ts';
import { createVehicle } from './support/staff.ts';
import { expectAccessible } from './support/a11y.ts';
import { SHARED_DATA } from './support/shared-data.ts';

/** Issue 11: a vehicle blocked on /fleet/unavailability cannot be asked for on those days. */

/** 2032-01-10 → 10/01/2032, as the screen shows dates. */
const british = (isoDate: string) => isoDate.split('-').reverse().join('/');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface FleetVehicle {
  id: number;
  make: string;
  model: string;
  registration_number: string;
  pickup_locations: number[];
}

for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`block a vehicle and see a request for those dates refused (${name})`, async ({ browser }) => {
    const context = await browser.newContext(device);
    try {
      await signInContext(context, 'agency');
      // A vehicle of its own: another spec's booking on a demo vehicle cannot take these dates.
      const [location] = await apiJson<{ id: number }[]>(context.request, 'GET', 'locations/?limit=1');
      if (!location) throw new Error('The demo agency has no pickup location.');
      const vehicle: FleetVehicle = await createVehicle(context.request, uniqueSuffix(), {
        pickup_locations: String(location.id),
      });
      const label = `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
      const offset = name === 'tablet' ? 700 : 720;
      const [start, end] = [isoDay(offset), isoDay(offset + 2)];

      const page = await context.newPage();
      await page.goto('/fleet/unavailability');
      await expect(page.getByRole('heading', { name: 'Unavailability', level: 1 })).toBeVisible();
      await page.getByLabel('Vehicle', { exact: true }).selectOption({ label });
      await page.getByLabel('Kind', { exact: true }).selectOption('maintenance');
      await page.getByLabel('From', { exact: true }).fill(start);
      await page.getByLabel('To', { exact: true }).fill(end);
      await page.getByLabel('Reason', { exact: true }).fill('Gearbox');
      await page.getByRole('button', { name: 'Add period' }).click();
      await expect(page.getByText('Period added.')).toBeVisible();
      const periods = page.getByRole('list', { name: 'Unavailability periods' });
      await expect(periods.getByText('Gearbox').first()).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/unavailability-${name}.png`, fullPage: true });

      // A customer asking for those days is refused with the period's dates and kind.
      const customer = await browser.newContext();
      try {
        await signInApi(customer.request, 'customer');
        const location = vehicle.pickup_locations[0];
        const reply = await customer.request.post('/api/booking-requests/', {
          headers: await csrfHeaders(customer.request),
          data: {
            vehicle_id: vehicle.id,
            start_date: isoDay(offset + 1),
            end_date: isoDay(offset + 3),
            pickup_time: '10:00',
            dropoff_time: '17:00',
            pickup_location_id: location,
            dropoff_location_id: location,
          },
        });
        expect(reply.status()).toBe(409);
        expect(((await reply.json()) as { error: string }).error).toMatch(
          /^This vehicle is not available from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4} \(maintenance\)\.$/,
        );
      } finally {
        await customer.close();
      }

      // A period within the next weeks shows on the vehicle's calendar (first free days found).
      let soon: { id: number; start_date: string } | undefined;
      for (let day = 3; !soon && day < 30; day += 1) {
        const reply = await context.request.post('/api/unavailability/', {
          headers: await csrfHeaders(context.request),
          data: { vehicle: vehicle.id, kind: 'damage', start_date: isoDay(day), end_date: isoDay(day) },
        });
        if (reply.status() === 201) soon = (await reply.json()) as { id: number; start_date: string };
      }
      if (!soon) throw new Error('No free day for the vehicle in the next weeks.');
      await page.reload();
      await page.getByLabel('Calendar of').selectOption({ label });
      if (soon.start_date.slice(0, 7) !== isoDay(0).slice(0, 7))
        await page.getByRole('button', { name: 'Next month' }).click();
      const calendar = page.getByRole('grid', { name: new RegExp(`^${escapeRegExp(label)}, `) });
      const blocked = calendar.getByRole('gridcell', { name: /: blocked, damage$/ });
      await expect(blocked).toHaveCount(1);
      await page.screenshot({ path: `test-results/unavailability-calendar-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: `Delete period of ${label} from ${british(soon.start_date)}` }).click();
      await expect(page.getByText('Period deleted.')).toBeVisible();
      await expect(blocked).toHaveCount(0);

      // Deleted, the period leaves the list.
      await page.getByRole('button', { name: `Delete period of ${label} from ${british(start)}` }).click();
      await expect(periods.getByText('Gearbox')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

for (const [name, device, path] of [
  ['visitor, phone', PHONE, '/'],
  ['customer, tablet', TABLET, '/public-customers/book-vehicle'],
] as const) {
  // Counts every public vehicle, before and after the dates are chosen.
  test(`a vehicle blocked on the chosen dates leaves the browse (${name})`, SHARED_DATA, async ({ browser }) => {
    const staff = await browser.newContext();
    const context = await browser.newContext(device);
    try {
      await signInContext(staff, 'agency');
      const fleet = (await (await staff.request.get('/api/staff-vehicles/?limit=500')).json()) as FleetVehicle[];
      const vehicle = fleet[0];
      if (!vehicle) throw new Error('The demo agency has no vehicle.');
      // Days no other test uses, so only this period blocks anything on them.
      const offset = name.startsWith('visitor') ? 1900 : 1950;
      const [start, end] = [isoDay(offset), isoDay(offset + 1)];
      const period = await staff.request.post('/api/unavailability/', {
        headers: await csrfHeaders(staff.request),
        data: { vehicle: vehicle.id, kind: 'reserved', start_date: start, end_date: end },
      });
      expect(period.status()).toBe(201);

      if (path !== '/') await signInContext(context, 'customer');
      const page = await context.newPage();
      await page.goto(path);
      const count = page.getByText(/^\d+ vehicles$/);
      await expect(count).toBeVisible();
      const total = Number((await count.innerText()).split(' ')[0]);

      await page.getByRole('button', { name: 'Available between dates…' }).click();
      const dates = page.getByRole('group', { name: 'Available between' });
      await dates.getByLabel('From').fill(start);
      await dates.getByLabel('To').fill(end);
      await expect(page.getByText(`${total - 1} of ${total} vehicles`)).toBeVisible();
      await page.screenshot({ path: `test-results/availability-${device.viewport.width}.png` });

      // The day after the period, every vehicle is free again.
      await dates.getByLabel('From').fill(isoDay(offset + 2));
      await dates.getByLabel('To').fill(isoDay(offset + 2));
      await expect(page.getByText(`${total} vehicles`, { exact: true })).toBeVisible();
      await dates.getByLabel('To').fill(isoDay(offset));
      await expect(dates.getByText('End date cannot be before start date.')).toBeVisible();
      await dates.getByRole('button', { name: 'Clear dates' }).click();
      await expect(page.getByRole('button', { name: 'Available between dates…' })).toBeVisible();
      await expect(page.getByText(`${total} vehicles`, { exact: true })).toBeVisible();

      await staff.request.delete(`/api/unavailability/${((await period.json()) as { id: number }).id}/`, {
        headers: await csrfHeaders(staff.request),
      });
    } finally {
      await context.close();
      await staff.close();
    }
  });
}

/** Issue 19: the calendar names its month and weekdays, marks today, and shows bookings beside blocked days. */
for (const [name, device] of [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const) {
  test(`a vehicle's month shows today and its bookings (${name})`, async ({ browser }) => {
    // A search through the fleet and an accessibility scan: slow on a shared machine.
    test.setTimeout(90_000);
    const context = await browser.newContext(device);
    try {
      await signInContext(context, 'agency');
      const today = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
      const month = todayIso.slice(0, 7);
      const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
      const range = `from=${month}-01&to=${month}-${pad(lastDay)}`;

      // A vehicle of the demo fleet with a booking this month (the demo data has a year of them).
      const fleet = (await (await context.request.get('/api/staff-vehicles/?limit=500')).json()) as FleetVehicle[];
      let found:
        { vehicle: FleetVehicle; booking: { id: number; start_date: string; customer_name: string } } | undefined;
      for (const vehicle of fleet) {
        const reply = await context.request.get(`/api/staff-vehicles/${vehicle.id}/bookings/?${range}`);
        expect(reply.status()).toBe(200);
        const [booking] = (await reply.json()) as { id: number; start_date: string; customer_name: string }[];
        if (booking) {
          found = { vehicle, booking };
          break;
        }
      }
      if (!found) throw new Error('No vehicle of the demo agency is booked this month.');
      const label = `${found.vehicle.make} ${found.vehicle.model} (${found.vehicle.registration_number})`;
      const monthName = today.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

      const page = await context.newPage();
      await page.goto('/fleet/unavailability');
      await page.getByLabel('Calendar of').selectOption({ label });
      await expect(page.getByRole('heading', { name: monthName, level: 3 })).toBeVisible();
      const calendar = page.getByRole('grid', { name: `${label}, ${monthName}` });
      for (const weekday of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
        await expect(calendar.getByRole('columnheader', { name: weekday })).toBeVisible();

      const todayCell = calendar.locator('[aria-current="date"]');
      await expect(todayCell).toHaveCount(1);
      await expect(todayCell).toHaveText(new RegExp(`^${today.getDate()}`));
      await expect(todayCell).toHaveAttribute('tabindex', '0');

      const booked = calendar.getByRole('gridcell', {
        name: new RegExp(`booked by ${escapeRegExp(found.booking.customer_name)} \\(booking #${found.booking.id}, `),
      });
      await expect(booked.first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Legend' }).getByText('Booked')).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/unavailability-month-${name}.png`, fullPage: true });

      // The keyboard moves a day at a time and a month with Page Down.
      await todayCell.focus();
      await page.keyboard.press('End');
      await expect(calendar.locator(':focus')).toHaveAttribute('aria-label', /^Sunday /);
      await page.keyboard.press('PageDown');
      const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
      await expect(
        page.getByRole('heading', { name: next.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' }) }),
      ).toBeVisible();
      await expect(page.locator('.vehicle-calendar__grid :focus')).toHaveCount(1);
      await page.getByRole('button', { name: 'This month' }).click();
      await expect(page.getByRole('heading', { name: monthName, level: 3 })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
