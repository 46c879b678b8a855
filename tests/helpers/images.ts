import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
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

/** Words planted in a PDF where a document hides them, to prove the server strips every one. */
export const PDF_SECRETS = [
  'Jane Author',
  'Secret Title',
  'xmp-secret',
  'embedded-script',
  'open-action',
  'link-script',
];

/**
 * A one-page PDF carrying what a license must not keep: an Info dictionary (author, title), XMP
 * metadata, document JavaScript, an OpenAction script and a link annotation that runs a script.
 */
export async function pdfWithExtras(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 270]);
  page.drawText("DRIVER'S LICENSE", { x: 40, y: 200, size: 24 });
  doc.setAuthor('Jane Author');
  doc.setTitle('Secret Title');
  const { context, catalog } = doc;
  const xmp = context.stream('<x:xmpmeta xmlns:x="adobe:ns:meta/">xmp-secret</x:xmpmeta>', {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(xmp));
  doc.addJavaScript('hello', "app.alert('embedded-script');");
  const script = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  catalog.set(PDFName.of('OpenAction'), context.register(script("app.alert('open-action');")));
  const link = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [40, 190, 300, 230],
    A: script("app.alert('link-script');"),
  });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(link)]));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF license as a multipart file field. */
export async function pdfFile(name = 'license.pdf'): Promise<FileSpec> {
  return { name, type: 'application/pdf', data: await pdfWithExtras() };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG written by hand: its header says `width` × `height` RGB, its data is whatever is given. */
function handMadePng(width: number, height: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Images with a valid PNG signature and broken data, as found from outside: each must be refused
 * with 415, whichever step of decoding or re-encoding notices.
 */
export async function brokenImages(): Promise<Record<string, Buffer>> {
  const whole = await png();
  return {
    'a truncated PNG': whole.subarray(0, Math.floor(whole.length / 2)),
    'a PNG with a corrupt IDAT': handMadePng(100, 100, Buffer.from('not zlib data, '.repeat(8))),
    'a header claiming 1×65535 pixels': handMadePng(1, 65535, deflateSync(Buffer.alloc(10))),
    // 20,000 × 20,000 pixels (1.2 GB decoded) claimed by a file of a few hundred bytes.
    'a decompression bomb': handMadePng(20_000, 20_000, deflateSync(Buffer.alloc(20_000 * 3 + 1))),
  };
}

/** A valid PNG of 1 × 65,535 pixels: awkward, but an image, and taller than WebP can hold. */
export function tallPng(): Buffer {
  // Each row: filter byte 0, then one black RGB pixel.
  return handMadePng(1, 65_535, deflateSync(Buffer.alloc(65_535 * 4)));
}
