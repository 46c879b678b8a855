import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { BookingInspections } from '../src/domain/api/inspections.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import {
  apiJson,
  goOffline,
  isoDay,
  signInContext,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle } from './support/staff.ts';

/** A camera-sized photo (3000 × 2000): the device scales it down before it is queued. */
const cameraPhoto = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 3000, height: 2000, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

test.describe('inspections in the yard, on a tablet', () => {
  test.use(TABLET);

  test('a pick-up recorded offline with two photos arrives once; the return completes the booking', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signInContext(context, 'agency');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Ines', `Yard${suffix}`);
    const vehicle = await createVehicle(context.request, `I${suffix}`);
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(480),
      end_date: isoDay(482),
    });
    const inspections = () =>
      apiJson<BookingInspections>(context.request, 'GET', `bookings/${booking.id}/inspections/`);

    await page.goto(`/booking-details/${booking.id}`);
    const panel = page.getByRole('region', { name: 'Inspections' });
    await expect(panel.getByRole('article', { name: 'Pick-up inspection' })).toContainText('Not recorded yet.');
    // The connection watch starts with the service worker.
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await panel.getByRole('button', { name: 'Record pick-up inspection' }).click();
    const form = page.getByRole('form', { name: 'Pick-up inspection' });
    await form.getByLabel('Mileage').fill(String(vehicle.mileage + 5));
    await form.getByLabel('Fuel level').selectOption({ label: '3/4' });
    // A tap on the outline (front left), then a mark added from the keyboard's list of areas.
    await form.getByRole('img', { name: /Car outline/ }).click({ position: { x: 40, y: 60 } });
    await form.getByLabel(/Note for mark 1/).fill('Scratch');
    await form.getByLabel('Area').selectOption({ label: 'Boot' });
    await form.getByRole('button', { name: 'Add damage mark' }).click();
    await form.getByLabel(/Note for mark 2 \(Boot\)/).fill('Small dent');
    await form
      .getByLabel('Photos')
      .setInputFiles([await cameraPhoto('front.jpg', '#c63'), await cameraPhoto('side.jpg', '#36c')]);
    await expect(form.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
    await form.screenshot({ path: 'test-results/inspections-form-1024x768.png' });
    await form.getByRole('button', { name: 'Save pick-up inspection' }).click();

    await expect(panel.getByText('Pick-up inspection saved on this device.', { exact: false })).toBeVisible();
    await expect(panel.getByText(/^Waiting to send: Pick-up inspection/)).toBeVisible();
    await expect(panel.getByRole('article', { name: 'Pick-up inspection' })).toContainText('waiting to send');
    expect((await inspections()).pickup).toBeNull();

    await context.setOffline(false);
    await expect(panel.getByText(/^Waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Active');
    const pickup = page.getByRole('article', { name: 'Pick-up inspection' });
    await expect(pickup).toContainText(`${new Intl.NumberFormat('en-GB').format(vehicle.mileage + 5)} km`);
    await expect(pickup.getByRole('img', { name: 'Pick-up inspection photo 2' })).toBeVisible();
    const arrived = await inspections();
    expect(arrived.pickup?.photos).toHaveLength(2);
    expect(arrived.pickup?.damage_marks.map((mark) => mark.note)).toEqual(['Scratch', 'Small dent']);
    // Scaled down on the device: the longest side is about 1600 px, not the camera's 3000.
    expect(arrived.pickup?.photos.map((photo) => [photo.width, photo.height])).toEqual([
      [1600, 1067],
      [1600, 1067],
    ]);

    await panel.getByRole('button', { name: 'Record return inspection' }).click();
    const back = page.getByRole('form', { name: 'Return inspection' });
    await back.getByLabel('Mileage').fill(String(vehicle.mileage + 1));
    await back.getByLabel('Fuel level').selectOption({ label: 'Full' });
    await back.getByRole('button', { name: 'Save return inspection' }).click();
    await expect(back.getByLabel('Mileage')).toHaveAccessibleDescription(/cannot be below/);
    const returnedAt = vehicle.mileage + 250;
    await back.getByLabel('Mileage').fill(String(returnedAt));
    await back.getByRole('img', { name: /Car outline/ }).click({ position: { x: 150, y: 250 } });
    await back.getByLabel(/Note for mark 1/).fill('New dent, right door');
    await back.getByRole('button', { name: 'Save return inspection' }).click();
    await expect(panel.getByText('Return inspection saved. The booking is now completed.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Completed');
    await expect(page.getByRole('article', { name: 'Return inspection' })).toContainText('New dent, right door');
    await expect(page.getByRole('article', { name: 'Pick-up inspection' })).toContainText('Small dent');

    const after = await apiJson<StaffVehicle>(context.request, 'GET', `staff-vehicles/${vehicle.id}/`);
    expect(after.mileage).toBe(returnedAt);
    const final = await apiJson<StaffBooking>(context.request, 'GET', `bookings/${booking.id}/`);
    expect(final.booking_status).toBe('completed');
    const both = await inspections();
    expect([both.pickup?.photos.length, both.return?.mileage]).toEqual([2, returnedAt]);

    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/inspections-1024x768.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('article', { name: 'Return inspection' })).toBeVisible();
    await page.screenshot({ path: 'test-results/inspections-390x844.png', fullPage: true });
  });
});
