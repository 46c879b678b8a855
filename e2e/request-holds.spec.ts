import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  anotherVisitor,
  apiJson,
  csrfHeaders,
  isoDay,
  PHONE,
  signInApi,
  signInContext,
  TABLET,
  uniqueSuffix,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle } from './support/staff.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';

/**
 * Request holds as the people concerned meet them (decision 035): staff accept a request and the
 * customer is told to confirm by a time; the desk cannot book over it; the review screen shows the
 * clash before anyone accepts the other request; a visitor's request becomes a booking in one step.
 */

/** A new vehicle of the signed-in agency (£45.00 a day), collected at one of its locations. */
async function heldVehicle(
  request: APIRequestContext,
  suffix: string,
): Promise<{ vehicle: StaffVehicle; place: number }> {
  const locations = await apiJson<{ id: number }[]>(request, 'GET', 'locations/');
  const place = locations[0]?.id;
  if (place === undefined) throw new Error('The agency has no pickup location.');
  const vehicle = await createVehicle(request, suffix, { pickup_locations: String(place) });
  return { vehicle, place };
}

async function visitorRequest(request: APIRequestContext, vehicle: number, start: string, end: string, who: string) {
  const response = await request.post('/api/rentals/booking-requests/', {
    headers: { ...(await csrfHeaders(request)), ...anotherVisitor() },
    data: {
      vehicle_id: vehicle,
      first_name: 'Jane',
      last_name: who,
      phone_number: '+44 20 7946 0123',
      email: `jane.${who}@example.com`.toLowerCase(),
      start_date: start,
      end_date: end,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function chooseFrom(page: Page, label: string, search: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test.describe('on a tablet', () => {
  test.use(TABLET);

  test('accepting holds the vehicle: the customer is told to confirm by a time, the desk cannot book over it, the review shows the clash', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const { vehicle, place } = await heldVehicle(context.request, suffix);
    const start = isoDay(500);
    const end = isoDay(502);

    const customer = await browser.newContext(PHONE);
    try {
      await signInApi(customer.request, 'customer');
      const asked = await apiJson<{ id: number }>(customer.request, 'POST', 'booking-requests/', {
        vehicle_id: vehicle.id,
        start_date: start,
        end_date: end,
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location_id: place,
        dropoff_location_id: place,
      });

      // Staff review it: nothing else wants the vehicle on those dates yet.
      await page.goto(`/booking-requests/${asked.id}`);
      const review = page.getByRole('form', { name: 'Review' });
      await expect(page.getByText('No other requests or bookings for these dates.')).toBeVisible();
      await expectAccessible(page);
      await review.getByLabel('Status').selectOption({ label: 'Accept' });
      await review.getByRole('button', { name: 'Save Review' }).click();
      await expect(page.getByText('Review saved.')).toBeVisible();

      // The customer, on their phone, is told until when the vehicle is kept for them.
      const phone = await customer.newPage();
      await phone.goto('/customer/booking-requests');
      const card = phone.getByRole('article', { name: `${vehicle.make} ${vehicle.model}, accepted` });
      await expect(card.getByText(/^Confirm by \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Confirm Booking' })).toBeVisible();

      // The desk tries to book the vehicle over the held days: refused, naming the request.
      const walkIn = await createCustomer(context.request, 'Walk', `In${suffix}`);
      await page.goto(`/add-booking?customerId=${walkIn.id}`);
      await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Walk In${suffix}`);
      await chooseFrom(page, 'Vehicle', vehicle.registration_number, new RegExp(vehicle.registration_number));
      await page.getByLabel('Start date').fill(isoDay(502));
      await page.getByLabel('End date').fill(isoDay(504));
      await page.getByRole('button', { name: 'Add Booking' }).click();
      // Said beside Add Booking, in the server's words, with the way forward.
      await expect(page.getByRole('alert')).toContainText(
        new RegExp(`Booking request #${asked.id} \\(.+\\) holds this vehicle from .+ until .+\\.`),
      );
      await expect(page.getByRole('alert')).toBeFocused();

      // A visitor asks for overlapping days: its review shows the held request, and accepting it is refused.
      const other = await visitorRequest(context.request, vehicle.id, isoDay(501), isoDay(501), `Clash${suffix}`);
      await page.goto(`/booking-requests/${other}`);
      const clashes = page.getByRole('region', { name: 'Other requests and bookings for these dates' });
      await expect(clashes.getByRole('link', { name: `Booking request #${asked.id}` })).toBeVisible();
      await expect(clashes.getByText('Accepted, held')).toBeVisible();
      await review.getByLabel('Status').selectOption({ label: 'Accept' });
      await review.getByRole('button', { name: 'Save Review' }).click();
      await expect(
        review.getByText(new RegExp(`Booking request #${asked.id} \\(.+\\) holds this vehicle`)),
      ).toBeVisible();
      await clashes.getByRole('link', { name: `Booking request #${asked.id}` }).click();
      await expect(page).toHaveURL(new RegExp(`/booking-requests/${asked.id}$`));
    } finally {
      await customer.close();
    }
  });

  test("Create booking turns a visitor's accepted request into a booking for a new customer, with a link to it", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const { vehicle } = await heldVehicle(context.request, suffix);
    const id = await visitorRequest(context.request, vehicle.id, isoDay(520), isoDay(522), `Visitor${suffix}`);
    await apiJson(context.request, 'PATCH', `staff-booking-requests/${id}/`, { status: 'accepted' });

    await page.goto(`/booking-requests/${id}`);
    await expect(page.getByText(/^Held for the customer until$/i)).toBeVisible();
    await page.getByRole('button', { name: 'Create booking' }).click();
    const form = page.getByRole('form', { name: 'Create booking' });
    // Three days at £45.00 and the demo agency's 20 % tax, the quote the request was made with
    // (issue 21); the vehicle's deposit.
    await expect(form.getByLabel('Booking amount')).toHaveValue('162.00');
    await expect(form.getByLabel('Deposit')).toHaveValue('150.00');
    await expect(
      form.getByText(`A customer record will be made for Jane Visitor${suffix}`, { exact: false }),
    ).toBeVisible();
    await expectAccessible(page);
    await form.getByLabel('Booking amount').fill('120.00');
    await form.getByLabel('Payment method').selectOption({ label: 'Mobile transfer' });
    await form.getByRole('button', { name: 'Create booking' }).click();

    const link = page.getByRole('link', { name: /^View booking #\d+$/ });
    await expect(page.getByText(/^Booking #\d+ created from this request\.$/)).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/booking-details\/\d+$/);
    await expect(page.getByText(`Jane Visitor${suffix}`).first()).toBeVisible();
    await expect(page.getByText('£120.00').first()).toBeVisible();

    // Back on the request: it is booked, and says so with the same link; no second booking is offered.
    await page.goto(`/booking-requests/${id}`);
    await expect(page.getByText(/^This request is booked: booking #\d+\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create booking' })).toHaveCount(0);
  });

  test('once the hold has ended, the customer and staff see Expired and the customer is not offered to confirm', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const { vehicle, place } = await heldVehicle(context.request, suffix);
    const customer = await browser.newContext(PHONE);
    try {
      await signInApi(customer.request, 'customer');
      const asked = await apiJson<{ id: number }>(customer.request, 'POST', 'booking-requests/', {
        vehicle_id: vehicle.id,
        start_date: isoDay(540),
        end_date: isoDay(541),
        pickup_time: '09:00',
        dropoff_time: '18:00',
        pickup_location_id: place,
        dropoff_location_id: place,
      });
      await apiJson(context.request, 'PATCH', `staff-booking-requests/${asked.id}/`, { status: 'accepted' });

      // Both screens read the stored end with the device's own clock, three days on.
      const later = new Date(Date.now() + 3 * 86_400_000);
      const phone = await customer.newPage();
      await phone.clock.setFixedTime(later);
      await phone.goto('/customer/booking-requests');
      const card = phone.getByRole('article', { name: `${vehicle.make} ${vehicle.model}, expired` });
      await expect(card.getByText('The time to confirm this request has ended', { exact: false })).toBeVisible();
      await expect(card.getByRole('link', { name: 'Confirm Booking' })).toHaveCount(0);
      await phone.goto(`/customer/booking-requests/${asked.id}/confirm`);
      await expect(phone.getByRole('status').filter({ hasText: 'Expired' })).toBeVisible();
      await expect(phone.getByRole('button', { name: 'Next' })).toHaveCount(0);

      await page.clock.setFixedTime(later);
      await page.goto(`/booking-requests/${asked.id}`);
      await expect(page.getByText('Expired', { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/^Hold ended$/i)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create booking' })).toHaveCount(0);
    } finally {
      await customer.close();
    }
  });
});
