import sharp from 'sharp';
import { unsupportedMediaType } from '../http/errors.ts';

/** A file received in a multipart body, held in memory (bodies are size-limited). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** A box an image is scaled down to fit in, keeping its proportions. */
export interface WebpSize {
  width: number;
  height: number;
  quality?: number;
}

export const NOT_AN_IMAGE = 'Please select a valid image file (JPG, PNG, etc.).';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** About 7,000 × 7,000: more is a decompression bomb, not a photo of a car or a license. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Reads the file's content (never its name or declared type) and re-encodes it to WebP in each
 * size, without its metadata. Decoding happens lazily while encoding, so a file with a valid
 * signature but broken data (truncated, corrupt, lying about its dimensions) fails there:
 * every step sits inside this one check, which answers 415 with `message` on `field`.
 */
export async function encodeWebp<const S extends readonly WebpSize[]>(
  file: UploadedFile,
  sizes: S,
  field: string,
  message = NOT_AN_IMAGE,
): Promise<{ [K in keyof S]: Buffer }> {
  try {
    // failOn 'error' refuses what libvips can only half decode; rotate() applies the EXIF
    // orientation before the metadata is dropped.
    const image = sharp(file.data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { format } = await image.metadata();
    if (format && ACCEPTED_FORMATS.has(format)) {
      const encoded = await Promise.all(
        sizes.map(({ width, height, quality }) =>
          image
            .clone()
            .resize({ width, height, fit: 'inside', withoutEnlargement: true })
            .webp(quality ? { quality } : {})
            .toBuffer(),
        ),
      );
      // One buffer per size, in order: the tuple type says so to callers that destructure.
      return encoded as { [K in keyof S]: Buffer };
    }
  } catch {
    // not decodable or not encodable: refused below
  }
  throw unsupportedMediaType(message, { [field]: [message] });
}
