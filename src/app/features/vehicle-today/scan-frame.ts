import type { QrPixels } from './decode-qr.ts';

/** Large enough for a label across a photo of a sheet; small enough to decode several times a second. */
const MAX_SIDE = 1280;

/**
 * The pixels of a camera frame or a photo, scaled down to at most MAX_SIDE on its longer side,
 * through a canvas the caller keeps (one per scanner, not one per frame).
 */
export function framePixels(
  canvas: HTMLCanvasElement,
  source: CanvasImageSource,
  width: number,
  height: number,
  maxSide = MAX_SIDE,
): QrPixels | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
