/** Longest side of a photo as it is queued: damage stays legible, and a dozen fit on a tablet offline. */
export const PHOTO_LONGEST_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/**
 * Scales a camera photo down on the device (keeping its orientation) and re-encodes it as JPEG,
 * so the outbox keeps a few hundred KB instead of several MB and the upload is quick in the yard.
 * Rejects when the browser cannot decode the file.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas on this device.');
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
