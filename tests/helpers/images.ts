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
 * A one-page PDF carrying what a licence must not keep: an Info dictionary (author, title), XMP
 * metadata, document JavaScript, an OpenAction script and a link annotation that runs a script.
 */
export async function pdfWithExtras(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 270]);
  page.drawText('DRIVING LICENCE', { x: 40, y: 200, size: 24 });
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

/** A PDF licence as a multipart file field. */
export async function pdfFile(name = 'licence.pdf'): Promise<FileSpec> {
  return { name, type: 'application/pdf', data: await pdfWithExtras() };
}
