import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest, unsupportedMediaType } from '../../http/errors.ts';
import { encodeWebp, type UploadedFile } from '../images.ts';
import { prepareLicense } from './licenses.ts';
import type { ObjectStore, StoredObject } from './object-store.ts';

/** Widths produced for every vehicle image: a card and a detail view. */
export const VEHICLE_WIDTHS = { card: 480, detail: 1200 } as const;
const LOGO_WIDTH = 256;
/** An inspection photo is kept at up to 1600 px on its longest side: damage stays legible. */
const INSPECTION_PHOTO_SIZE = { width: 1600, height: 1600, quality: 80 };
const WEBP = 'image/webp';
/** The only names /media/ answers for: the derived images keys are made of, never a license. */
const PUBLIC_NAME = /^(vehicles|agencies)\/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}-\d+\.webp$/;

/**
 * The server's media: public images (vehicle pictures, agency logos, served at /media/) and
 * private licenses (only ever streamed by an access-checked route). Each upload is decoded and
 * re-encoded whole before anything is stored, so a refused file leaves nothing behind.
 */
export class MediaStore {
  constructor(
    private readonly publicObjects: ObjectStore,
    private readonly privateObjects: ObjectStore,
  ) {}

  vehicleImageUrl(key: string, width: keyof typeof VEHICLE_WIDTHS = 'detail'): string {
    return `/media/${key}-${VEHICLE_WIDTHS[width]}.webp`;
  }

  logoUrl(key: string): string {
    return `/media/${key}-${LOGO_WIDTH}.webp`;
  }

  /** Stores the card and detail sizes; returns the key both are derived from. */
  async storeVehicleImage(file: UploadedFile, field = 'images'): Promise<string> {
    const { card, detail } = VEHICLE_WIDTHS;
    const encoded = await encodeWebp(
      file,
      // A height bound keeps a freak tall image within what WebP can hold (16,383 pixels).
      [
        { width: card, height: card * 4, quality: 78 },
        { width: detail, height: detail * 4, quality: 78 },
      ],
      field,
    );
    const key = `vehicles/${randomUUID()}`;
    await putAll(this.publicObjects, [
      [`${key}-${card}.webp`, encoded[0]],
      [`${key}-${detail}.webp`, encoded[1]],
    ]);
    return key;
  }

  async storeLogo(file: UploadedFile, field = 'logo'): Promise<string> {
    const [logo] = await encodeWebp(file, [{ width: LOGO_WIDTH, height: LOGO_WIDTH }], field);
    const key = `agencies/${randomUUID()}`;
    await putAll(this.publicObjects, [[`${key}-${LOGO_WIDTH}.webp`, logo]]);
    return key;
  }

  async removeVehicleImages(keys: readonly string[]): Promise<void> {
    const widths = Object.values(VEHICLE_WIDTHS);
    if (keys.length) await this.publicObjects.remove(keys.flatMap((key) => widths.map((w) => `${key}-${w}.webp`)));
  }

  /** An agency's logo as stored (256 pixels wide, WebP); null when missing. */
  openLogo(key: string): Promise<StoredObject | null> {
    return this.publicObjects.get(`${key}-${LOGO_WIDTH}.webp`);
  }

  async removeLogos(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.publicObjects.remove(keys.map((key) => `${key}-${LOGO_WIDTH}.webp`));
  }

  /** A public image by the path under /media/; null for a name that is not one, or missing. */
  async openPublic(name: string): Promise<StoredObject | null> {
    return PUBLIC_NAME.test(name) ? this.publicObjects.get(name) : null;
  }

  /**
   * A license: an image (re-encoded) or a PDF (rebuilt without its metadata and scripts), at
   * most `maxBytes`. Returns the private key and the content type to serve it with.
   */
  async storeLicense(
    file: UploadedFile,
    maxBytes: number,
    field = 'drivers_license',
  ): Promise<{ key: string; type: string }> {
    const license = await prepareLicense(file, maxBytes, field);
    const key = `licenses/${randomUUID()}.${license.extension}`;
    await this.privateObjects.put(key, license.data, license.type);
    return { key, type: license.type };
  }

  openLicense(key: string): Promise<StoredObject | null> {
    return this.privateObjects.get(key);
  }

  async removeLicense(key: string): Promise<void> {
    await this.privateObjects.remove([key]);
  }

  /**
   * Inspection photos (private): every file is re-encoded before any is stored, so one that cannot
   * be read stores none; then all are stored or none. Keys and sizes in the order given.
   */
  async storeInspectionPhotos(
    files: readonly UploadedFile[],
    field: string,
  ): Promise<{ key: string; width: number; height: number }[]> {
    const encoded = await Promise.all(
      files.map(async (file) => {
        const [data] = await encodeWebp(file, [INSPECTION_PHOTO_SIZE], field);
        const { width = 0, height = 0 } = await sharp(data).metadata();
        return { key: `inspections/${randomUUID()}.webp`, data, width, height };
      }),
    );
    await putAll(
      this.privateObjects,
      encoded.map(({ key, data }) => [key, data] as const),
    );
    return encoded.map(({ key, width, height }) => ({ key, width, height }));
  }

  openInspectionPhoto(key: string): Promise<StoredObject | null> {
    return this.privateObjects.get(key);
  }

  async removeInspectionPhotos(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.privateObjects.remove(keys);
  }

  /**
   * A drawn signature (private): only a real PNG within `max` pixels, decoded whole and written
   * again as PNG without its metadata. 415 for anything else, 400 for one too large.
   */
  async storeSignature(file: UploadedFile, max: { width: number; height: number }, field: string): Promise<string> {
    let data: Buffer | null = null;
    let size = { width: 0, height: 0 };
    try {
      const image = sharp(file.data, { failOn: 'error', limitInputPixels: max.width * max.height });
      const { format, width = 0, height = 0 } = await image.metadata();
      size = { width, height };
      if (format === 'png' && width <= max.width && height <= max.height) data = await image.png().toBuffer();
    } catch {
      // not a decodable PNG: refused below
    }
    if (size.width > max.width || size.height > max.height) {
      const message = `A signature may be at most ${max.width} × ${max.height} pixels.`;
      throw badRequest(message, { [field]: [message] });
    }
    if (!data) {
      const message = 'A drawn signature must be a PNG image.';
      throw unsupportedMediaType(message, { [field]: [message] });
    }
    const key = `agreements/${randomUUID()}.png`;
    await this.privateObjects.put(key, data, 'image/png');
    return key;
  }

  /** A signed agreement's PDF (private). */
  async storeAgreementPdf(data: Buffer): Promise<string> {
    const key = `agreements/${randomUUID()}.pdf`;
    await this.privateObjects.put(key, data, 'application/pdf');
    return key;
  }

  /** A signature's PNG or an agreement's PDF; null when missing. */
  openAgreementFile(key: string): Promise<StoredObject | null> {
    return this.privateObjects.get(key);
  }

  async removeAgreementFiles(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.privateObjects.remove(keys);
  }

  close(): void {
    for (const store of new Set([this.publicObjects, this.privateObjects])) store.close();
  }
}

/** Stores every file or none: when one write fails, those already written are removed. */
async function putAll(store: ObjectStore, files: readonly (readonly [string, Buffer])[]): Promise<void> {
  const results = await Promise.allSettled(files.map(([key, data]) => store.put(key, data, WEBP)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await store.remove(files.map(([key]) => key)).catch(() => undefined);
    throw failed.reason;
  }
}
