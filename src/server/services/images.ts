import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '../http/errors.ts';

/** A file received in a multipart body, held in memory (bodies are size-limited). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Widths produced for every vehicle image: a card and a detail view. */
export const VEHICLE_WIDTHS = { card: 480, detail: 1200 } as const;
const LOGO_WIDTH = 256;
const LICENSE_WIDTH = 1600;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/**
 * Public media (vehicle images, agency logos) live under DATA_DIR/media and are served at
 * /media/. Private files (driver's licences) live under DATA_DIR/private and are only ever
 * streamed by an authorised route.
 */
export class MediaStore {
  readonly publicDir: string;
  readonly privateDir: string;

  constructor(dataDir: string) {
    this.publicDir = path.join(dataDir, 'media');
    this.privateDir = path.join(dataDir, 'private');
  }

  vehicleImageUrl(key: string, width: keyof typeof VEHICLE_WIDTHS = 'detail'): string {
    return `/media/${key}-${VEHICLE_WIDTHS[width]}.webp`;
  }

  logoUrl(key: string): string {
    return `/media/${key}-${LOGO_WIDTH}.webp`;
  }

  async storeVehicleImage(file: UploadedFile, field = 'images'): Promise<string> {
    const input = await decodeImage(file, field);
    const key = `vehicles/${randomUUID()}`;
    await mkdir(path.join(this.publicDir, 'vehicles'), { recursive: true });
    for (const width of Object.values(VEHICLE_WIDTHS)) {
      const out = await input.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await writeFile(path.join(this.publicDir, `${key}-${width}.webp`), out);
    }
    return key;
  }

  async storeLogo(file: UploadedFile, field = 'logo'): Promise<string> {
    const input = await decodeImage(file, field);
    const key = `agencies/${randomUUID()}`;
    await mkdir(path.join(this.publicDir, 'agencies'), { recursive: true });
    const out = await input
      .resize({ width: LOGO_WIDTH, height: LOGO_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer();
    await writeFile(path.join(this.publicDir, `${key}-${LOGO_WIDTH}.webp`), out);
    return key;
  }

  async removeVehicleImage(key: string): Promise<void> {
    await Promise.all(
      Object.values(VEHICLE_WIDTHS).map((width) =>
        rm(path.join(this.publicDir, `${key}-${width}.webp`), { force: true }),
      ),
    );
  }

  async removeLogo(key: string): Promise<void> {
    await rm(path.join(this.publicDir, `${key}-${LOGO_WIDTH}.webp`), { force: true });
  }

  /**
   * A licence may be an image (re-encoded, metadata stripped) or a PDF (checked by its header).
   * Returns the private key and the content type to serve it with.
   */
  async storeLicense(
    file: UploadedFile,
    maxBytes: number,
    field = 'drivers_license',
  ): Promise<{ key: string; type: string }> {
    if (file.data.length > maxBytes) {
      throw payloadTooLarge('File size should not exceed 5MB.', { [field]: ['File size should not exceed 5MB.'] });
    }
    await mkdir(path.join(this.privateDir, 'licenses'), { recursive: true });
    if (file.data.subarray(0, 5).toString('latin1') === '%PDF-') {
      const key = `licenses/${randomUUID()}.pdf`;
      await writeFile(path.join(this.privateDir, key), file.data);
      return { key, type: 'application/pdf' };
    }
    const input = await decodeImage(file, field, 'The licence must be an image (JPG, PNG, etc.) or a PDF.');
    const key = `licenses/${randomUUID()}.webp`;
    const out = await input
      .resize({ width: LICENSE_WIDTH, height: LICENSE_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer();
    await writeFile(path.join(this.privateDir, key), out);
    return { key, type: 'image/webp' };
  }

  privatePath(key: string): string {
    return path.join(this.privateDir, key);
  }

  async removePrivate(key: string): Promise<void> {
    await rm(path.join(this.privateDir, key), { force: true });
  }
}

const NOT_AN_IMAGE = 'Please select a valid image file (JPG, PNG, etc.).';

/** Reads the file's content (never its name or declared type) and refuses what is not an image. */
async function decodeImage(file: UploadedFile, field: string, message = NOT_AN_IMAGE): Promise<Sharp> {
  try {
    const image = sharp(file.data, { failOn: 'error', limitInputPixels: 50_000_000 });
    const meta = await image.metadata();
    if (meta.format && ACCEPTED_FORMATS.has(meta.format)) {
      // rotate() applies the EXIF orientation; output carries no metadata unless asked.
      return image.rotate();
    }
  } catch {
    // not decodable: refused below
  }
  throw unsupportedMediaType(message, { [field]: [message] });
}
