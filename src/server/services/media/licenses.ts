import { payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import { encodeWebp, type UploadedFile } from '../images.ts';

export const LICENSE_NOT_ACCEPTED = 'The license must be an image (JPG, PNG, etc.) or a PDF.';
const TOO_LARGE = 'File size should not exceed 5MB.';
const LICENSE_SIZE = { width: 1600, height: 1600 };
/**
 * Page entries that can run or carry something besides what the page shows: actions,
 * annotations (links, form fields, attached files, scripts), metadata and app-private data.
 */
const PAGE_EXTRAS = ['AA', 'Annots', 'Metadata', 'PieceInfo'];

/** A license ready to store: its bytes, its content type and the key's extension. */
export interface PreparedLicense {
  data: Buffer;
  type: 'image/webp' | 'application/pdf';
  extension: 'webp' | 'pdf';
}

export function isPdf(file: UploadedFile): boolean {
  return file.data.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * A license is an image (re-encoded to WebP, so no metadata) or a PDF (rebuilt from its pages
 * alone). Anything else, or either one that cannot be read, is refused with 415.
 */
export async function prepareLicense(file: UploadedFile, maxBytes: number, field: string): Promise<PreparedLicense> {
  if (file.data.length > maxBytes) throw payloadTooLarge(TOO_LARGE, { [field]: [TOO_LARGE] });
  if (isPdf(file)) {
    const data = await rebuildPdf(file.data);
    if (!data) throw unsupportedMediaType(LICENSE_NOT_ACCEPTED, { [field]: [LICENSE_NOT_ACCEPTED] });
    return { data, type: 'application/pdf', extension: 'pdf' };
  }
  const [data] = await encodeWebp(file, [LICENSE_SIZE], field, LICENSE_NOT_ACCEPTED);
  return { data, type: 'image/webp', extension: 'webp' };
}

/**
 * Copies the pages into a new document, so nothing document-level comes along: no Info
 * dictionary (author, software, dates), no XMP metadata, no OpenAction, no document JavaScript,
 * outlines, forms or embedded files. Page annotations, actions and metadata are dropped before
 * the copy. Null when pdf-lib cannot read it: encrypted, damaged, or no pages.
 */
async function rebuildPdf(bytes: Buffer): Promise<Buffer | null> {
  // Loaded at the first PDF: importing pdf-lib costs every start a tenth of its time (decision 024).
  const { PDFDocument, PDFName } = await import('pdf-lib');
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = source.getPages();
    if (pages.length === 0) return null;
    for (const page of pages) for (const name of PAGE_EXTRAS) page.node.delete(PDFName.of(name));
    const clean = await PDFDocument.create({ updateMetadata: false });
    const copies = await clean.copyPages(
      source,
      pages.map((_, index) => index),
    );
    for (const page of copies) clean.addPage(page);
    return Buffer.from(await clean.save());
  } catch {
    return null;
  }
}
