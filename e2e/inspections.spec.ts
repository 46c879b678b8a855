import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { BookingInspections } from '../src/domain/api/inspections.ts';
import type { StaffBooking } from '../src/domain/api/bookings.ts';
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
import { createCustomer, createVehicle } from './support/staff.ts';

/** A camera-sized photo (3000 × 2000): the device scales it down before it is queued. */
const cameraPhoto = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 3000, height: 2000, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

type Photo = Awaited<ReturnType<typeof cameraPhoto>>;

/** Photos picked as a person does: the button opens the device's chooser, which is given the files. */
async function choosePhotos(page: Page, button: Locator, photos: Photo[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(photos);
}

test.describe('inspections in the yard, on a tablet', () => {
  test.use(TABLET);

  test('a pickup recorded offline with two photos arrives once; the return completes the booking', async ({
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
    await expect(panel.getByRole('article', { name: 'Pickup inspection' })).toContainText('Not recorded yet.');
    // The connection watch starts with the service worker.
    await waitForServiceWorker(page);
    await goOffline(context, page);

    await panel.getByRole('button', { name: 'Record pickup inspection' }).click();
    const form = page.getByRole('form', { name: 'Pickup inspection' });
    await form.getByLabel('Mileage').fill(String(vehicle.mileage + 5));
    await form.getByLabel('Fuel level').selectOption({ label: '3/4' });
    // A tap on the outline (front left), then a mark added from the keyboard's list of areas.
    await form.getByRole('img', { name: /Car outline/ }).click({ position: { x: 40, y: 60 } });
    await form.getByLabel(/Note for mark 1/).fill('Scratch');
    await form.getByLabel('Area').selectOption({ label: 'Boot' });
    await form.getByRole('button', { name: 'Add damage mark' }).click();
    await form.getByLabel(/Note for mark 2 \(Boot\)/).fill('Small dent');
    await choosePhotos(page, form.getByRole('button', { name: 'Choose from gallery' }), [
      await cameraPhoto('front.jpg', '#c63'),
      await cameraPhoto('side.jpg', '#36c'),
    ]);
    await expect(form.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
    // Not about the agreement: handed over without one, saying why (decision 050).
    await form.getByRole('checkbox', { name: 'Hand over without a signed agreement' }).check();
    await form.getByRole('textbox', { name: 'Reason' }).fill('Paper agreement signed at the desk.');
    await form.screenshot({ path: 'test-results/inspections-form-1024x768.png' });
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    // The booking starts in 480 days: the desk is asked before a pickup that far from it.
    const far = page.getByRole('dialog', { name: 'Record the pickup today?' });
    await expect(far).toContainText(`${isoDay(480).split('-').reverse().join('/')}, 480 days from now`);
    await far.getByRole('button', { name: 'Cancel' }).click();
    await expect(far).toBeHidden();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    await far.getByRole('button', { name: 'Record pickup anyway' }).click();

    await expect(panel.getByText('Pickup inspection saved on this device.', { exact: false })).toBeVisible();
    await expect(panel.getByText(/^Waiting to send: Pickup inspection/)).toBeVisible();
    await expect(panel.getByRole('article', { name: 'Pickup inspection' })).toContainText('waiting to send');
    expect((await inspections()).pickup).toBeNull();

    await context.setOffline(false);
    await expect(panel.getByText(/^Waiting to send/)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Customer and vehicle' })).toContainText('Active');
    const pickup = page.getByRole('article', { name: 'Pickup inspection' });
    await expect(pickup).toContainText(`${new Intl.NumberFormat('en-GB').format(vehicle.mileage + 5)} km`);
    await expect(pickup.getByRole('img', { name: 'Pickup inspection photo 2' })).toBeVisible();
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
    await expect(page.getByRole('article', { name: 'Pickup inspection' })).toContainText('Small dent');

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

    // Offline, photos not kept on the device say so in their place instead of showing broken.
    await goOffline(context, page);
    await page.reload();
    const pickupOffline = page.getByRole('article', { name: 'Pickup inspection' });
    await expect(pickupOffline.getByText('Pickup inspection photo 2 shows when the connection returns.')).toBeVisible();
    await expect(pickupOffline.getByRole('img', { name: /Pickup inspection photo/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/inspections-offline-390x844.png', fullPage: true });
  });
});

test.describe('inspections on a phone', () => {
  test.use(PHONE);

  test('the photo picker counts and shows thumbnails; a return is flagged for fuel and km over the allowance', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInContext(context, 'agent');
    const suffix = uniqueSuffix();
    const customer = await createCustomer(context.request, 'Rafa', `Flags${suffix}`);
    // 200 km a day over two days: 400 km allowed.
    const vehicle = await createVehicle(context.request, `F${suffix}`, { mileage_allowance: '200' });
    const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
      customer: customer.id,
      vehicle: vehicle.id,
      start_date: isoDay(0),
      end_date: isoDay(1),
      booking_status: 'confirmed',
    });

    await page.goto(`/booking-details/${booking.id}`);
    // On a phone the customer and the car come first, above the inspections and payments.
    const who = page.getByRole('region', { name: 'Customer and vehicle' });
    const panel = page.getByRole('region', { name: 'Inspections' });
    await expect(who).toContainText(`Rafa Flags${suffix}`);
    const [whoBox, panelBox] = [await who.boundingBox(), await panel.boundingBox()];
    expect(whoBox && panelBox && whoBox.y < panelBox.y).toBe(true);
    expect((await page.getByRole('heading', { level: 2 }).allTextContents()).slice(0, 1)).toEqual([
      'Customer and vehicle',
    ]);

    await panel.getByRole('button', { name: 'Record pickup inspection' }).click();
    const form = page.getByRole('form', { name: 'Pickup inspection' });
    const photos = form.getByRole('group', { name: 'Photos' });
    await expect(photos).toContainText('No photos yet (up to 8).');
    // The camera button opens the back camera; the gallery lets several be chosen.
    await expect(photos.locator('input[type="file"][capture="environment"]')).toHaveCount(1);
    await choosePhotos(page, photos.getByRole('button', { name: 'Take photo' }), [await cameraPhoto('a.jpg', '#c63')]);
    await expect(photos).toContainText('1 of 8 photos');
    await choosePhotos(page, photos.getByRole('button', { name: 'Choose from gallery' }), [
      await cameraPhoto('b.jpg', '#36c'),
      await cameraPhoto('c.jpg', '#3a6'),
    ]);
    await expect(photos).toContainText('3 of 8 photos');
    const thumbs = photos.getByRole('list', { name: 'Photos to save' }).getByRole('img');
    await expect(thumbs).toHaveCount(3);
    // Small thumbnails in a grid: three side by side on a phone.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => thumbs.nth(i).boundingBox()));
    expect(boxes.every((box) => box !== null && box.width < 120)).toBe(true);
    expect(new Set(boxes.map((box) => Math.round(box?.y ?? 0))).size).toBe(1);
    // Removed from the keyboard.
    await photos.getByRole('button', { name: 'Remove photo 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(photos).toContainText('2 of 8 photos');
    await expect(thumbs).toHaveCount(2);
    await page.screenshot({ path: 'test-results/inspections-picker-390x844.png', fullPage: true });

    await form.getByLabel('Mileage').fill(String(vehicle.mileage));
    await form.getByLabel('Fuel level').selectOption({ label: 'Full' });
    await form.getByRole('checkbox', { name: 'Hand over without a signed agreement' }).check();
    await form.getByRole('textbox', { name: 'Reason' }).fill('Paper agreement signed at the desk.');
    // Today is the booking's first day: no question asked.
    await form.getByRole('button', { name: 'Save pickup inspection' }).click();
    await expect(panel.getByText('Pickup inspection saved. The booking is now active.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Record return inspection' }).click();
    const back = page.getByRole('form', { name: 'Return inspection' });
    await back.getByLabel('Mileage').fill(String(vehicle.mileage + 300));
    await back.getByLabel('Fuel level').selectOption({ label: 'Full' });
    await expect(back.getByText('Flagged at return')).toHaveCount(0);
    await back.getByLabel('Mileage').fill(String(vehicle.mileage + 650));
    await back.getByLabel('Fuel level').selectOption({ label: '1/2' });
    const fuelFlag = 'Fuel is lower than at pickup: 1/2 now, Full at pickup.';
    const kmFlag = '250 km over the mileage allowance: 650 km driven, 400 km allowed (200 km a day for 2 days).';
    await expect(back.getByRole('listitem').filter({ hasText: fuelFlag })).toBeVisible();
    await expect(back.getByRole('listitem').filter({ hasText: kmFlag })).toBeVisible();
    await page.screenshot({ path: 'test-results/inspections-return-flags-390x844.png', fullPage: true });
    await back.getByRole('button', { name: 'Save return inspection' }).click();
    await expect(panel.getByText('Return inspection saved. The booking is now completed.')).toBeVisible();

    // The saved return says the same, after a reload too.
    await page.reload();
    const saved = page.getByRole('article', { name: 'Return inspection' });
    await expect(saved).toContainText('Flagged at return');
    await expect(saved).toContainText(fuelFlag);
    await expect(saved).toContainText(kmFlag);
    await expect(page.getByRole('article', { name: 'Pickup inspection' })).not.toContainText('Flagged');
    await expectAccessible(page);
  });
});
