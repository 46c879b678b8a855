/**
 * The scanner's decoding path: the pixels of one camera frame or photo → the text of the QR code
 * in it. The browser's BarcodeDetector where it reads QR codes; elsewhere (Firefox, Safari on a
 * desktop, Chromium on Linux) jsQR, a small maintained decoder whose chunk is fetched only there.
 */

/** An image's RGBA pixels: an ImageData, or what a test builds without a canvas. */
export interface QrPixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

type Decode = (image: QrPixels) => Promise<string | null>;

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorApi {
  new (options: { formats: string[] }): { detect(image: ImageData): Promise<{ rawValue: string }[]> };
  getSupportedFormats(): Promise<string[]>;
}

function nativeDetector(): BarcodeDetectorApi | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorApi }).BarcodeDetector;
}

async function chooseDecoder(): Promise<Decode> {
  const Native = nativeDetector();
  const formats = Native ? await Native.getSupportedFormats().catch(() => []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (image) => {
      const frame = image instanceof ImageData ? image : new ImageData(image.data, image.width, image.height);
      const [found] = await detector.detect(frame);
      return found?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  // Printed labels are dark on light: trying the inverted image as well would double the work of every frame.
  return async (image) =>
    jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

let decoder: Promise<Decode> | null = null;

/** The decoder, chosen at the first call; a jsQR fetch that failed (offline) is tried again at the next. */
function chosenDecoder(): Promise<Decode> {
  const chosen = (decoder ??= chooseDecoder());
  chosen.catch(() => {
    if (decoder === chosen) decoder = null;
  });
  return chosen;
}

/** The text of the QR code in `image`, or null when none can be read. */
export async function decodeQr(image: QrPixels): Promise<string | null> {
  return (await chosenDecoder())(image);
}

/**
 * Chooses the decoder ahead of the first scan: where it is jsQR, its chunk is fetched now — not
 * precached (decision 059), but kept by the service worker once fetched, so that a device that has
 * been online on a staff page scans offline too. Where the browser reads QR codes itself, nothing
 * is fetched.
 */
export function prepareQrDecoder(): void {
  chosenDecoder().catch(() => undefined);
}
