import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads the standard fonts' metrics from its own folder (a path in Node), else it warns on each page.
const FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of a PDF, page after page, its pieces joined by single spaces. */
export async function pdfText(data: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(data), standardFontDataUrl: FONTS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}
