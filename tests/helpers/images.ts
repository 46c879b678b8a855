import sharp from 'sharp';
import type { FileSpec } from './client.ts';

/** A solid blue PNG drawn by sharp: a real image the server has to decode. */
export async function png(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
}

/** A solid orange JPEG, with the EXIF tags given (to prove the server strips them). */
export async function jpeg(width = 640, height = 480, exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c63' } }).jpeg();
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** A PNG as a multipart file field. */
export async function pngFile(name = 'image.png', width?: number, height?: number): Promise<FileSpec> {
  return { name, type: 'image/png', data: await png(width, height) };
}
