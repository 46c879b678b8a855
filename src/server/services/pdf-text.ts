import type { PDFFont } from 'pdf-lib';

/** A4 in PDF points. */
export const A4: [number, number] = [595.28, 841.89];

/**
 * What `font` can draw of `value`: the standard fonts draw WinAnsi only, so a character in another
 * script shows as '?' rather than failing the whole PDF.
 */
export function drawableText(font: PDFFont): (value: string) => string {
  const drawable = new Set(font.getCharacterSet());
  return (value) => Array.from(value, (char) => (drawable.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}
