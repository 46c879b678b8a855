import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { encode } from 'uqr';
import type { StaffVehicle } from '../src/domain/api/vehicles.ts';
import { pdfText } from '../tests/helpers/pdf-text.ts';
import {
  apiJson,
  DESKTOP,
  goOffline,
  isoDay,
  PHONE,
  TABLET,
  uniqueSuffix,
  waitForServiceWorker,
} from './support/api.ts';
import { expectAccessible } from './support/a11y.ts';
import { createCustomer, createVehicle, freshAgencyOwner } from './support/staff.ts';
import { signInContext } from './support/api.ts';
import { waitForSavedQuery } from './support/waits.ts';

/**
 * Issue 23, a QR code on every car: a label's `/v/{code}` opens the vehicle's today card, Settings
 * prints the labels, and the header's Scan reads a printed label (rendered from the labels PDF,
 * as a photo of it) or a typed registration — offline, from the fleet kept on the device.
 */

const DEVICES = [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const;

/** The 21-up sheet of vehicle-labels-pdf.ts, in millimetres from the page's top left. */
const SHEET = { columns: 3, left: 7.2, top: 15.1, width: 63.5, height: 38.1, gap: 2.5 };
const PDFJS_ORIGIN = 'http://pdfjs.test';
const PDFJS_DIR = path.join(import.meta.dirname, '../node_modules/pdfjs-dist/legacy/build');

type PdfJs = typeof PdfJsModule;

/**
 * Label `slot` (0 = top left) of the labels PDF's first page as a PNG, as a phone's photo of the
 * printed sheet would show it: pdf.js renders the page in Chromium, and the label is cut out.
 * In a context of its own, pdf.js served from node_modules under a made-up origin.
 */
async function photoOfLabel(browser: Browser, pdf: Buffer, slot: number): Promise<Buffer> {
  const context = await browser.newContext();
  try {
    await context.route(`${PDFJS_ORIGIN}/**`, async (route) => {
      const file = new URL(route.request().url()).pathname.slice(1);
      if (file === '') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pdf.js</title>' });
      return route.fulfill({ contentType: 'text/javascript', body: await readFile(path.join(PDFJS_DIR, file)) });
    });
    const page = await context.newPage();
    await page.goto(`${PDFJS_ORIGIN}/`);
    const column = slot % SHEET.columns;
    const row = Math.floor(slot / SHEET.columns);
    const crop = {
      x: SHEET.left + column * (SHEET.width + SHEET.gap),
      y: SHEET.top + row * SHEET.height,
      width: SHEET.width,
      height: SHEET.height,
    };
    const png = await page.evaluate(
      async ({ base64, origin, crop }) => {
        const load = (file: string) => import(/* @vite-ignore */ `${origin}/${file}`) as Promise<unknown>;
        // pdf.js works in this page (no worker to serve): it uses the handler it finds on globalThis.
        Object.assign(globalThis, { pdfjsWorker: await load('pdf.worker.mjs') });
        const pdfjs = (await load('pdf.mjs')) as PdfJs;
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const document = await pdfjs.getDocument({ data: bytes }).promise;
        const pdfPage = await document.getPage(1);
        const scale = 3;
        const viewport = pdfPage.getViewport({ scale });
        const sheet = Object.assign(window.document.createElement('canvas'), {
          width: Math.ceil(viewport.width),
          height: Math.ceil(viewport.height),
        });
        const sheetContext = sheet.getContext('2d');
        if (!sheetContext) throw new Error('no 2D canvas');
        await pdfPage.render({ canvasContext: sheetContext, viewport }).promise;
        const px = (mm: number) => Math.round((mm / 25.4) * 72 * scale);
        const label = Object.assign(window.document.createElement('canvas'), {
          width: px(crop.width),
          height: px(crop.height),
        });
        label.getContext('2d')?.drawImage(sheet, -px(crop.x), -px(crop.y));
        return label.toDataURL('image/png').slice('data:image/png;base64,'.length);
      },
      { base64: pdf.toString('base64'), origin: PDFJS_ORIGIN, crop },
    );
    return Buffer.from(png, 'base64');
  } finally {
    await context.close();
  }
}

/** A QR code of somebody else's (a web page of another site), as a PNG. */
async function foreignQr(text: string): Promise<Buffer> {
  const qr = encode(text, { border: 4 });
  const scale = 8;
  const side = qr.size * scale;
  const pixels = Buffer.alloc(side * side, 255);
  qr.data.forEach((line, row) =>
    line.forEach((dark, column) => {
      if (!dark) return;
      for (let y = row * scale; y < (row + 1) * scale; y += 1)
        pixels.fill(0, y * side + column * scale, y * side + (column + 1) * scale);
    }),
  );
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png()
    .toBuffer();
}

async function labelsPdf(context: BrowserContext, vehicles: StaffVehicle[]): Promise<Buffer> {
  const query = vehicles.map((vehicle) => `vehicle=${vehicle.id}`).join('&');
  const reply = await context.request.get(`/api/staff-vehicles/labels/?${query}`);
  expect(reply.status()).toBe(200);
  return reply.body();
}

/**
 * Waits until the service worker keeps the QR decoder (Chromium on Linux has no BarcodeDetector:
 * the Scan button fetches jsQR once a staff page is up, and the worker keeps it; decision 059).
 */
async function waitForKeptDecoder(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await (await caches.open('fleet-later-chunks')).keys();
          return kept.some((request) => new URL(request.url).pathname.startsWith('/assets/qr-decoder-'));
        }),
      { message: 'the QR decoder kept for offline use', timeout: 10_000 },
    )
    .toBe(true);
}

const scanDialog = (page: Page) => page.getByRole('dialog', { name: 'Scan a vehicle label' });

async function openScan(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Scan' }).click();
  await expect(scanDialog(page)).toBeVisible();
  return scanDialog(page);
}

for (const [name, device] of [...DEVICES, ['desktop', DESKTOP] as const]) {
  test(`a label's code opens the vehicle's today card, which leads to the pick-up and to blocking it (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext(device);
    try {
      await freshAgencyOwner(context, context.request, 'Label Cars');
      const suffix = uniqueSuffix();
      const customer = await createCustomer(context.request, 'Nora', `Label${suffix}`);
      const vehicle = await createVehicle(context.request, `T${suffix}`, { next_service_date: isoDay(-2) });
      const booking = await apiJson<{ id: number }>(context.request, 'POST', 'bookings/', {
        customer: customer.id,
        vehicle: vehicle.id,
        start_date: isoDay(0),
        end_date: isoDay(2),
      });
      const page = await context.newPage();

      // The label's address, as the QR code holds it; a lower-case code is read too.
      await page.goto(`/v/${vehicle.label_code.toLowerCase()}`);
      await expect(page.getByRole('heading', { level: 1, name: vehicle.registration_number })).toBeVisible();
      await expect(page.getByText(`${vehicle.make} ${vehicle.model} · Blue`)).toBeVisible();
      const now = page.getByRole('region', { name: 'Now' });
      await expect(now.getByText(`Nora Label${suffix}`)).toBeVisible();
      await expect(now.getByRole('link', { name: `Booking #${booking.id} details` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Next booking' })).toContainText('No booking ahead.');
      await expect(page.getByRole('region', { name: 'Last inspection' })).toContainText('No inspection recorded yet.');
      await expect(page.getByRole('region', { name: 'Service' }).getByText('Overdue')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Today' }).getByText(/^Service overdue since/)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/vehicle-today-${name}.png`, fullPage: true });

      // The Scan dialog: Escape closes it and gives the focus back to the button.
      const dialog = await openScan(page);
      await expect(dialog.getByText(/camera/i).first()).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Registration' })).toBeVisible();
      await page.screenshot({ path: `test-results/scan-dialog-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Scan' })).toBeFocused();

      await page.getByRole('link', { name: 'Start pick-up' }).click();
      await expect(page).toHaveURL(`/booking-details/${booking.id}?inspect=pickup`);
      await expect(page.getByRole('form', { name: 'Pickup inspection' })).toBeVisible();

      await page.goBack();
      await page.getByRole('link', { name: 'Block vehicle' }).click();
      await expect(page).toHaveURL(`/fleet/unavailability?vehicle=${vehicle.id}`);
      const period = page.getByRole('form', { name: 'Add period' });
      await expect(period.getByLabel('Vehicle')).toHaveValue(String(vehicle.id));
      await expect(period.getByLabel('From')).toHaveValue(isoDay(0));

      await page.goto('/v/0123456789');
      await expect(page.getByText('No vehicle of your fleet has this label.')).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

for (const [name, device] of DEVICES) {
  test(`Print labels downloads the PDF of the whole fleet or of the vehicles chosen (${name})`, async ({ browser }) => {
    const context = await browser.newContext(device);
    try {
      await freshAgencyOwner(context, context.request, 'Print Cars');
      const suffix = uniqueSuffix();
      // Short names: a label cuts what does not fit its width.
      const first = await createVehicle(context.request, suffix, {
        registration_number: `PA${suffix.slice(-6)}`.toUpperCase(),
        model: 'Mini',
      });
      const second = await createVehicle(context.request, suffix, {
        registration_number: `PB${suffix.slice(-6)}`.toUpperCase(),
        model: 'Polo',
      });
      const page = await context.newPage();
      await page.goto('/settings');
      const panel = page.getByRole('region', { name: 'Print labels' });
      await expect(panel.getByRole('radio', { name: 'All vehicles in service' })).toBeChecked();

      const [whole] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download labels (PDF)' }).click(),
      ]);
      expect(whole.suggestedFilename()).toBe('vehicle-labels.pdf');
      const wholeText = await pdfText(await readFile(await whole.path()));
      expect(wholeText).toContain(`${first.registration_number} Testmake Mini ${first.label_code}`);
      expect(wholeText).toContain(`${second.registration_number} Testmake Polo ${second.label_code}`);
      await expect(panel.getByText('Labels of every vehicle in service downloaded.')).toBeVisible();

      await panel.getByRole('radio', { name: 'Chosen vehicles' }).check();
      await panel.getByRole('button', { name: 'Download labels (PDF)' }).click();
      await expect(panel.getByText('Choose at least one vehicle.')).toBeVisible();
      await panel.getByLabel('Find a vehicle').fill(second.registration_number.toLowerCase());
      await expect(panel.getByRole('checkbox')).toHaveCount(1);
      await panel.getByRole('checkbox', { name: new RegExp(second.registration_number) }).check();
      await expect(panel.getByText('1 of 2 chosen')).toBeVisible();
      await expectAccessible(page);
      await panel.screenshot({ path: `test-results/print-labels-${name}.png` });
      const [chosen] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download labels (PDF)' }).click(),
      ]);
      const chosenText = await pdfText(await readFile(await chosen.path()));
      expect(chosenText).toContain(second.registration_number);
      expect(chosenText).not.toContain(first.registration_number);
      await expect(panel.getByText('Labels of 1 vehicle downloaded.')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test(`scanning a printed label opens the right vehicle's today card offline, and so does a typed registration (${name})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext(device);
    try {
      await freshAgencyOwner(context, context.request, 'Scan Cars');
      const suffix = uniqueSuffix();
      // The labels are in registration order: SA… first, SB… second on the sheet.
      const first = await createVehicle(context.request, `S${suffix}`, {
        registration_number: `SA${suffix}`.slice(0, 15),
      });
      const second = await createVehicle(context.request, `U${suffix}`, {
        registration_number: `SB${suffix}`.slice(0, 15),
      });
      const photo = await photoOfLabel(browser, await labelsPdf(context, [first, second]), 1);
      const page = await context.newPage();

      // The fleet is kept on the device once a staff page has been open (the Scan button fetches it).
      await page.goto('/staff/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await waitForServiceWorker(page);
      await waitForSavedQuery(page, { key: ['choices'], shows: second.label_code });
      await waitForKeptDecoder(page);
      await goOffline(context, page);

      const dialog = await openScan(page);
      await dialog.getByLabel('Scan a photo').setInputFiles({
        name: 'poster.png',
        mimeType: 'image/png',
        buffer: await foreignQr('https://example.com/spring-sale'),
      });
      await expect(dialog.getByText('This QR code is not one of our vehicle labels.')).toBeVisible();
      await dialog
        .getByLabel('Scan a photo')
        .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo });
      await expect(page).toHaveURL(`/v/${second.label_code}`);
      await expect(scanDialog(page)).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: second.registration_number })).toBeVisible();
      await expect(page.getByText(/^You are offline\. This is the vehicle as this device last saw it/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Block vehicle' })).toBeVisible();
      await page.screenshot({ path: `test-results/vehicle-today-offline-${name}.png`, fullPage: true });

      // No camera here: the registration typed as a person would, in lower case.
      const typing = await openScan(page);
      await typing.getByRole('textbox', { name: 'Registration' }).fill('zz99 zzz');
      await typing.getByRole('button', { name: 'Open' }).click();
      await expect(
        typing.getByText('No vehicle of your fleet kept on this device has this registration.'),
      ).toBeVisible();
      await typing.getByRole('textbox', { name: 'Registration' }).fill(first.registration_number.toLowerCase());
      await typing.getByRole('textbox', { name: 'Registration' }).press('Enter');
      await expect(page).toHaveURL(`/v/${first.label_code}`);
      await expect(page.getByRole('heading', { level: 1, name: first.registration_number })).toBeVisible();

      // Part of a plate lists the vehicles it fits, to choose from.
      const choosing = await openScan(page);
      await choosing.getByRole('textbox', { name: 'Registration' }).fill(first.registration_number.slice(0, 1));
      const matches = choosing.getByRole('list', { name: 'Matching vehicles' });
      await expect(matches.getByRole('link')).toHaveCount(2);
      await matches.getByRole('link', { name: new RegExp(second.registration_number) }).click();
      await expect(page).toHaveURL(`/v/${second.label_code}`);
    } finally {
      await context.close();
    }
  });
}

/** Chromium with a fake camera (Chromium's test pattern, or `frame` shown over and over), allowed. */
function cameraChromium(frame?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(frame ? [`--use-file-for-fake-video-capture=${frame}`] : []),
    ],
  });
}

/** Only watches: every camera stream the pages open, to see whether each is stopped. */
async function watchCameraStreams(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    Object.assign(window, { e2eCameraStreams: streams });
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** The state of every camera track the page opened ('live' or 'ended'). */
const cameraTracks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { e2eCameraStreams: MediaStream[] }).e2eCameraStreams.flatMap((stream) =>
      stream.getTracks().map((track) => track.readyState),
    ),
  );

for (const [name, device] of [...DEVICES, ['desktop', DESKTOP] as const]) {
  test(`the viewfinder: the camera is on while the dialog is, and off by choice or on close (${name})`, async ({
    baseURL,
  }) => {
    const cameraBrowser = await cameraChromium();
    try {
      const context = await cameraBrowser.newContext({ ...device, baseURL, permissions: ['camera'] });
      await watchCameraStreams(context);
      await freshAgencyOwner(context, context.request, 'Viewfinder Cars');
      const page = await context.newPage();
      await page.goto('/staff/dashboard');
      const dialog = await openScan(page);
      await expect(dialog.getByText("Point the camera at the vehicle's label.")).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/scan-viewfinder-${name}.png` });
      expect(await cameraTracks(page)).toEqual(['live']);

      await dialog.getByRole('button', { name: 'Stop camera' }).click();
      await expect(dialog.getByText('The camera is off.')).toBeVisible();
      expect(await cameraTracks(page)).toEqual(['ended']);
      await dialog.getByRole('button', { name: 'Use the camera' }).click();
      await expect(dialog.getByText("Point the camera at the vehicle's label.")).toBeVisible();
      expect(await cameraTracks(page)).toEqual(['ended', 'live']);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(await cameraTracks(page)).toEqual(['ended', 'ended']);
    } finally {
      await cameraBrowser.close();
    }
  });
}

test("the camera reads a label held up to it, opens that vehicle's card and goes off (tablet)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const setUp = await browser.newContext();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'fleet-camera-'));
  let cameraBrowser: Browser | null = null;
  try {
    const owner = await freshAgencyOwner(setUp, setUp.request, 'Camera Cars');
    const suffix = uniqueSuffix();
    const first = await createVehicle(setUp.request, `C${suffix}`, { registration_number: `CA${suffix}`.slice(0, 15) });
    const second = await createVehicle(setUp.request, `D${suffix}`, {
      registration_number: `CB${suffix}`.slice(0, 15),
    });
    const label = await photoOfLabel(browser, await labelsPdf(setUp, [first, second]), 1);
    // What the camera sees: the label held up in front of a white wall, as one MJPEG frame that
    // Chromium's fake camera shows over and over.
    const frame = path.join(folder, 'label.mjpeg');
    await writeFile(
      frame,
      await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#ffffff' } })
        .composite([{ input: await sharp(label).resize({ height: 560 }).toBuffer() }])
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
    cameraBrowser = await cameraChromium(frame);
    const context = await cameraBrowser.newContext({ ...TABLET, baseURL, permissions: ['camera'] });
    await watchCameraStreams(context);
    await signInContext(context, owner.username);
    const page = await context.newPage();
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Scan' }).click();
    await expect(page).toHaveURL(`/v/${second.label_code}`, { timeout: 15_000 });
    await expect(scanDialog(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: second.registration_number })).toBeVisible();
    const live = await cameraTracks(page);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((state) => state === 'ended')).toBe(true);
  } finally {
    await cameraBrowser?.close();
    await setUp.close();
    await rm(folder, { recursive: true, force: true });
  }
});
