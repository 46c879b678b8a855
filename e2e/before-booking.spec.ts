import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { CustomerBookingRequest } from '../src/domain/api/bookings.ts';
import type { ApiCustomer } from '../src/domain/api/customers.ts';
import type { PublicVehicle, PublicVehicleDetail } from '../src/domain/api/vehicles.ts';
import { expectAccessible } from './support/a11y.ts';
import {
  apiJson,
  csrfHeaders,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  PNG,
  signInApi,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';

/**
 * Issue 19 §3, before anyone commits: the vehicle page a card leads to, the deposit, pickup
 * addresses and the quote on the request forms, the totals and places on a customer's
 * request cards, and a customer's booking page with the agency's contact and the inspections.
 */

const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);
const km = (value: number) => `${new Intl.NumberFormat('en-GB').format(value)} km`;

async function publicFleet(request: APIRequestContext): Promise<PublicVehicle[]> {
  return apiJson<PublicVehicle[]>(request, 'GET', 'public-vehicles/?limit=500');
}

/** A new customer account with a license on file, signed in on `request`. */
async function freshCustomer(request: APIRequestContext): Promise<ApiCustomer> {
  const suffix = uniqueSuffix();
  const password = 'commit-pass-1';
  await apiJson(request, 'POST', 'register/customer/', {
    email: `bb-${suffix}@example.com`,
    username: `bb-${suffix}`,
    phone_number: '+44 20 7946 0958',
    first_name: 'Kit',
    last_name: `Commit${suffix}`,
    password,
  });
  await signInApi(request, `bb-${suffix}`, password);
  const licence = await request.patch('/api/customers/me/', {
    headers: await csrfHeaders(request),
    multipart: { drivers_license: { name: 'license.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(licence.ok(), await licence.text()).toBe(true);
  return apiJson<ApiCustomer>(request, 'GET', 'customers/me/');
}

/** A request of the signed-in customer for `vehicle`, collected at its first and returned at its last location. */
function requestFor(request: APIRequestContext, vehicle: PublicVehicle, daysAhead: number, days: number) {
  return apiJson<CustomerBookingRequest>(request, 'POST', 'booking-requests/', {
    vehicle_id: vehicle.id,
    start_date: isoDay(daysAhead),
    end_date: isoDay(daysAhead + days - 1),
    pickup_time: '09:00',
    dropoff_time: '18:00',
    pickup_location_id: vehicle.pickup_locations[0]?.id,
    dropoff_location_id: vehicle.pickup_locations.at(-1)?.id,
  });
}

/** Runs `work` signed in as a demo staff-type user in a request context of its own. */
async function signedInAs<T>(
  baseURL: string | undefined,
  username: string,
  work: (api: APIRequestContext) => Promise<T>,
) {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await signInApi(api, username);
    return await work(api);
  } finally {
    await api.dispose();
  }
}

test.describe('a visitor on a phone', () => {
  test.use(PHONE);

  test('opens a vehicle page from a card, sees where and from whom, and requests to book with the estimated total', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const fleet = await publicFleet(context.request);
    const chosen = fleet.find((vehicle) => vehicle.images.length > 1 && vehicle.pickup_locations.length > 0);
    if (!chosen) throw new Error('The demo data has no public vehicle with photos and a pickup location.');
    const name = `${chosen.make} ${chosen.model}`;

    await page.goto('/');
    const card = page.getByRole('article', { name }).first();
    const [first] = chosen.pickup_locations;
    await expect(card.getByText(/^Collect in /)).toContainText(first?.city ?? '');
    await card.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/vehicles\/\d+$/);
    const id = Number(/\/vehicles\/(\d+)$/.exec(page.url())?.[1]);
    const vehicle = await apiJson<PublicVehicleDetail>(context.request, 'GET', `public-vehicles/${id}/`);

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const terms = page.getByRole('region', { name: 'Price and terms' });
    await expect(terms).toContainText(`${money(Number(vehicle.price_per_day))} / day`);
    await expect(terms.getByText('Deposit', { exact: true })).toBeVisible();
    await expect(terms).toContainText(money(Number(vehicle.deposit)));
    await expect(terms).toContainText(`${km(vehicle.mileage_allowance)} per day`);
    await expect(terms).toContainText(String(vehicle.manufacture_year));
    await expect(terms).toContainText(vehicle.color);
    const pickup = page.getByRole('region', { name: 'Pickup points' });
    for (const location of vehicle.pickup_locations) {
      await expect(pickup).toContainText(`${location.name}, ${location.city}`);
      expect(location.address).not.toBe('');
      await expect(pickup).toContainText(location.address);
    }
    const agency = page.getByRole('region', { name: 'Rented by' });
    await expect(agency).toContainText(vehicle.agency_name);
    await expect(agency.getByRole('link', { name: vehicle.agency_phone })).toHaveAttribute(
      'href',
      `tel:${vehicle.agency_phone.replace(/\s+/g, '')}`,
    );
    await expect(agency.getByRole('link', { name: vehicle.agency_email })).toHaveAttribute(
      'href',
      `mailto:${vehicle.agency_email}`,
    );

    // The gallery by keyboard: arrows while it has focus, then a thumbnail with Enter.
    const count = vehicle.images.length;
    const gallery = page.getByRole('group', { name: `${name} photos` });
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await expect(gallery.getByRole('img', { name: `${name}, photo 2 of ${count}` })).toBeVisible();
    await page.keyboard.press('End');
    await expect(gallery.getByText(`Photo ${count} of ${count}`)).toBeVisible();
    const firstThumb = gallery.getByRole('button', { name: `Show photo 1 of ${count}` });
    await firstThumb.focus();
    await page.keyboard.press('Enter');
    await expect(gallery.getByText(`Photo 1 of ${count}`)).toBeVisible();
    await expect(firstThumb).toHaveAttribute('aria-current', 'true');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('vehicle-page-390x844.png'), fullPage: true });

    // Seen once, the page opens again without a connection, addresses and contact included.
    await waitForServiceWorker(page);
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pickup points' })).toContainText(
      vehicle.pickup_locations[0]?.address ?? 'missing address',
    );
    await expect(page.getByRole('region', { name: 'Rented by' })).toContainText(vehicle.agency_phone);
    await context.setOffline(false);

    await page.getByRole('link', { name: `Request to Book: ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/book-now/${id}$`));
    const aside = page.getByRole('complementary', { name: 'Vehicle' });
    await expect(aside).toContainText(`Deposit ${money(Number(vehicle.deposit))}`);
    await expect(aside.getByRole('region', { name: 'Pickup points' })).toContainText(
      vehicle.pickup_locations[0]?.address ?? 'missing address',
    );
    const form = page.getByRole('form', { name: 'Booking request' });
    const quote = form.getByRole('region', { name: 'Price' });
    await expect(quote).toContainText('Choose your dates to see the price.');
    const suffix = uniqueSuffix();
    await form.getByLabel('First name').fill('Vic');
    await form.getByLabel('Last name').fill(`Visitor${suffix}`);
    await form.getByLabel('Phone number').fill('+44 7700 900555');
    await form.getByLabel('E-mail').fill(`vic-${suffix}@example.com`);
    await form.getByLabel('Start date').fill(isoDay(720));
    await form.getByLabel('End date').fill(isoDay(722));
    // Day 720 is in no season of the demo price list: days × price per day, and its 20 % tax on top.
    const rental = Math.round(Number(vehicle.price_per_day) * 100) * 3;
    await expect(quote.getByRole('heading', { name: 'Your quote' })).toBeVisible();
    await expect(quote.getByRole('row', { name: /^Base rate \(3 days\)/ })).toContainText(money(rental / 100));
    await expect(quote.getByRole('row', { name: /^Tax \(20 %\)/ })).toContainText(money(Math.round(rental / 5) / 100));
    await expect(quote.getByRole('row', { name: /^Total/ })).toContainText(
      money((rental + Math.round(rental / 5)) / 100),
    );
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('book-now-390x844.png'), fullPage: true });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Booking request submitted successfully!')).toBeVisible();
  });
});

test.describe('a customer', () => {
  test('sees the quoted total and the places on their request cards (tablet)', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext(TABLET);
    try {
      await freshCustomer(context.request);
      const fleet = await publicFleet(context.request);
      const vehicle = fleet.find((candidate) => candidate.pickup_locations.length > 1) ?? fleet[0];
      if (!vehicle) throw new Error('The demo data has no public vehicle.');
      const created = await requestFor(context.request, vehicle, 740, 4);
      const name = `${vehicle.make} ${vehicle.model}`;

      const page = await context.newPage();
      await page.goto('/customer/booking-requests');
      const card = page.getByRole('article', { name: `${name}, pending` });
      // The total the request was quoted when sent (issue 21), its lines behind "Price details".
      await expect(card).toContainText(`Total${money(Number(created.quote?.total))}`);
      await card.getByText('Price details').click();
      await expect(card.getByRole('row', { name: /^Total/ })).toContainText(money(Number(created.quote?.total)));
      const from = vehicle.pickup_locations[0]?.name ?? '';
      const to = vehicle.pickup_locations.at(-1)?.name ?? '';
      await expect(card).toContainText(`Pickup and dropoff${from === to ? from : `${from} → ${to}`}`);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath('request-cards-1024x768.png'), fullPage: true });
      expect(created.status).toBe('pending');

      // The customer's own request form shows the deposit and the pickup points too.
      await page.goto(`/public-customers/book-vehicle/${vehicle.id}`);
      const aside = page.getByRole('complementary', { name: 'Vehicle' });
      await expect(aside).toContainText(`Deposit ${money(Number(vehicle.deposit))}`);
      for (const location of vehicle.pickup_locations) {
        await expect(aside.getByRole('region', { name: 'Pickup points' })).toContainText(location.name);
      }
      await page.getByLabel('Start date').fill(isoDay(760));
      await page.getByLabel('End date').fill(isoDay(760));
      const quote = page.getByRole('region', { name: 'Price' });
      await expect(quote.getByRole('row', { name: /^Base rate \(1 day\)/ })).toContainText(
        money(Number(vehicle.price_per_day)),
      );
    } finally {
      await context.close();
    }
  });

  for (const [label, device] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`sees on their booking page the agency's contact, the pickup address and the inspections, read-only (${label})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext(device);
      try {
        const customer = await freshCustomer(context.request);
        const fleet = await publicFleet(context.request);
        const vehicles = fleet.filter(
          (candidate) => candidate.agency_name === 'Northern Wheels' && candidate.pickup_locations.length > 0,
        );
        const vehicle = vehicles[label === 'phone' ? 0 : 1] ?? vehicles[0];
        if (!vehicle) throw new Error('The demo data has no Northern Wheels vehicle.');
        const detail = await apiJson<PublicVehicleDetail>(context.request, 'GET', `public-vehicles/${vehicle.id}/`);
        const start = label === 'phone' ? 780 : 800;
        const request = await requestFor(context.request, vehicle, start, 3);
        await signedInAs(baseURL, 'staff', (api) =>
          apiJson(api, 'PATCH', `staff-booking-requests/${request.id}/`, { status: 'accepted' }),
        );
        const confirmed = await apiJson<{ booking_id: number }>(
          context.request,
          'POST',
          `booking-request/${request.id}/finalize/`,
          {
            national_id: 'AB123456C',
            street_address: '1 High Street',
            city: 'Leeds',
            country: 'United Kingdom',
            next_of_kin1_first_name: 'Sam',
            next_of_kin1_last_name: 'Commit',
            next_of_kin1_id_number: 'ID-1',
            next_of_kin1_phone: '+44 7700 900999',
            pay_now: false,
          },
        );
        const bookingId = confirmed.booking_id;
        // The agency records the pickup at the car, with a photo and a mark.
        const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c63' } })
          .jpeg()
          .toBuffer();
        await signedInAs(baseURL, 'agency', async (api) => {
          const recorded = await api.post(`/api/bookings/${bookingId}/inspections/pickup/`, {
            headers: await csrfHeaders(api),
            multipart: {
              mileage: '40123',
              fuel_eighths: '6',
              damage_marks: JSON.stringify([{ x: 0.2, y: 0.1, note: 'Scratch on the bumper' }]),
              notes: 'Clean inside.',
              photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo },
            },
          });
          expect(recorded.ok(), await recorded.text()).toBe(true);
        });
        // A booking staff made for the same customer: its method is the desk's default, not theirs.
        const deskBooking = await signedInAs(baseURL, 'staff', (api) =>
          apiJson<{ id: number }>(api, 'POST', 'bookings/', {
            customer: customer.id,
            vehicle: vehicle.id,
            start_date: isoDay(start + 10),
            end_date: isoDay(start + 11),
          }),
        );

        const page = await context.newPage();
        await page.goto(`/customer/bookings/${bookingId}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
        const pickupPoint = detail.pickup_locations[0];
        await expect(page.getByText(pickupPoint?.address ?? 'missing address').first()).toBeVisible();
        const facts = page.getByRole('region', { name: `${vehicle.make} ${vehicle.model}` });
        await expect(facts).toContainText('Payment methodCash');
        const agency = page.getByRole('region', { name: 'Your agency' });
        await expect(agency).toContainText('Northern Wheels');
        await expect(agency.getByRole('link', { name: detail.agency_phone })).toHaveAttribute(
          'href',
          `tel:${detail.agency_phone.replace(/\s+/g, '')}`,
        );
        await expect(agency.getByRole('link', { name: detail.agency_email })).toBeVisible();

        const inspections = page.getByRole('region', { name: 'Inspections' });
        const pickup = inspections.getByRole('article', { name: 'Pickup inspection' });
        await expect(pickup).toContainText('40,123 km');
        await expect(pickup).toContainText('3/4');
        await expect(pickup).toContainText('Scratch on the bumper');
        await expect(pickup).toContainText('Clean inside.');
        await expect(pickup.getByRole('img', { name: 'Pickup inspection photo 1' })).toBeVisible();
        // Shown before it has loaded (its box is sized): the photo arrives when the server has sent it.
        const photoShown = pickup.getByRole('img', { name: 'Pickup inspection photo 1' });
        await expect.poll(() => photoShown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await expect(inspections.getByRole('article', { name: 'Return inspection' })).toContainText(
          'Not recorded yet.',
        );
        // Read-only: nothing to record, no form.
        await expect(inspections.getByRole('button')).toHaveCount(0);
        await expect(inspections.getByRole('form')).toHaveCount(0);
        await expectAccessible(page);
        const { width, height } = device.viewport;
        await page.screenshot({
          path: test.info().outputPath(`customer-booking-${width}x${height}.png`),
          fullPage: true,
        });

        await page.goto(`/customer/bookings/${deskBooking.id}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible();
        await expect(page.getByRole('region', { name: `${vehicle.make} ${vehicle.model}` })).toContainText(
          'Payment methodNot chosen',
        );
        await expect(page.getByRole('region', { name: 'Your agency' })).toContainText('Northern Wheels');
      } finally {
        await context.close();
      }
    });
  }
});
