import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Invoice } from '#domain/api/invoices';
import { A4, drawableText } from './pdf-text.ts';

/** Who the invoice is from and to, beyond what the invoice itself carries. */
export interface InvoiceParties {
  /** `address` is the postal address's lines; `vatNumber` '' when the agency has none. */
  agency: { name: string; email: string; phone: string; address: string[]; vatNumber: string };
  /** The agency's logo as stored (WebP), or null. */
  logo: Readable | null;
  customer: { title: string; email: string; phone: string; address: string[] };
  /** The number of the void invoice this one replaces. */
  replacesNumber: number | null;
}

const MARGIN = 50;

const britishDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

async function pngOf(webp: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of webp) chunks.push(Buffer.from(chunk as Uint8Array));
  // A logo that no longer decodes leaves the invoice without one rather than without a PDF.
  return sharp(Buffer.concat(chunks))
    .png()
    .toBuffer()
    .catch(() => null);
}

/** Money as people read it, in the server's currency; the code where the standard fonts lack the symbol. */
function moneyFormat(currency: string): (amount: string) => string {
  const symbol = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  const code = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'code' });
  // WinAnsi (the standard fonts' encoding) has £, € and ¥; other symbols cannot be drawn.
  const drawable = /^[\x20-\x7e£€¥\u00a0-]*$/.test(symbol.format(-1));
  return (amount) => (drawable ? symbol : code).format(Number(amount)).replace(/\u00a0/g, ' ');
}

/**
 * An A4 invoice: the agency's logo and details, the customer, the booking, number and dates,
 * the lines and totals, and its status (DRAFT or VOID across the page when it is either).
 */
export async function renderInvoicePdf(invoice: Invoice, parties: InvoiceParties, currency: string): Promise<Buffer> {
  // Loaded at the first invoice: importing pdf-lib costs every start a tenth of its time (decision 024).
  const { PDFDocument, StandardFonts, rgb, degrees } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  // A draft has no number yet, so it is not yet "Invoice N" on the page or in the viewer's title bar.
  const title = invoice.number === null ? 'Draft invoice' : `Invoice ${invoice.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(parties.agency.name);
  let page = pdf.addPage(A4);
  const pages = [page];
  const [width, height] = A4;
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.4);
  const money = moneyFormat(currency);

  const clean = drawableText(regular);
  const text = (
    value: string,
    x: number,
    y: number,
    options: { size?: number; font?: typeof bold; right?: boolean } = {},
  ) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const safe = clean(value);
    const left = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y, size, font, color: rgb(0.1, 0.1, 0.15) });
  };

  /** Words laid out in lines no wider than `maxWidth` (a word longer than that is cut). */
  const wrap = (value: string, maxWidth: number, size = 10): string[] => {
    const lines: string[] = [];
    let current = '';
    for (const word of clean(value).split(/\s+/).filter(Boolean)) {
      let piece = word;
      while (regular.widthOfTextAtSize(piece, size) > maxWidth && piece.length > 1) {
        let cut = piece.length - 1;
        while (cut > 1 && regular.widthOfTextAtSize(piece.slice(0, cut), size) > maxWidth) cut -= 1;
        if (current) lines.push(current);
        lines.push(piece.slice(0, cut));
        current = '';
        piece = piece.slice(cut);
      }
      const joined = current ? `${current} ${piece}` : piece;
      if (regular.widthOfTextAtSize(joined, size) <= maxWidth) {
        current = joined;
      } else {
        lines.push(current);
        current = piece;
      }
    }
    if (current || lines.length === 0) lines.push(current);
    return lines;
  };

  let top = height - MARGIN;
  /** A new page when what comes next would run into the footer. */
  const room = (needed: number) => {
    if (top - needed >= MARGIN + 36) return;
    page = pdf.addPage(A4);
    pages.push(page);
    top = height - MARGIN;
  };
  const png = parties.logo ? await pngOf(parties.logo) : null;
  if (png) {
    const logo = await pdf.embedPng(png);
    const scaled = logo.scaleToFit(90, 60);
    page.drawImage(logo, { x: MARGIN, y: top - scaled.height, width: scaled.width, height: scaled.height });
  }
  const agencyX = png ? MARGIN + 105 : MARGIN;
  text(parties.agency.name, agencyX, top - 14, { size: 14, font: bold });
  // The agency's block: its postal address, then how to reach it, then its VAT number.
  // Wrapped short of the invoice's facts on the right, however long an address or e-mail is.
  const agencyWidth = width - MARGIN - 200 - agencyX;
  const agencyLines = [
    ...parties.agency.address,
    parties.agency.email,
    parties.agency.phone,
    ...(parties.agency.vatNumber ? [`VAT number: ${parties.agency.vatNumber}`] : []),
  ].flatMap((line) => wrap(line, agencyWidth));
  agencyLines.forEach((line, index) => text(line, agencyX, top - 30 - index * 13));
  const agencyBottom = top - 30 - (agencyLines.length - 1) * 13;

  text(title, width - MARGIN, top - 14, { size: 18, font: bold, right: true });
  const facts: [string, string][] = [
    ['Invoice number', invoice.number === null ? 'not issued' : String(invoice.number)],
    ['Issue date', invoice.issue_date ? britishDate(invoice.issue_date) : '-'],
    ['Status', invoice.status.toUpperCase()],
    ...(invoice.paid_date ? ([['Paid on', britishDate(invoice.paid_date)]] as [string, string][]) : []),
    ['Booking', `#${invoice.booking}`],
  ];
  facts.forEach(([label, value], index) => {
    const y = top - 34 - index * 14;
    text(`${label}:`, width - MARGIN - 110, y, { font: bold, right: true });
    text(value, width - MARGIN, y, { right: true });
  });
  top = Math.min(top - 34 - facts.length * 14 - 20, agencyBottom - 30);

  text('Bill to', MARGIN, top, { font: bold, size: 11 });
  const customer = [
    `${parties.customer.title} ${invoice.customer_details.first_name} ${invoice.customer_details.last_name}`,
    ...parties.customer.address,
    parties.customer.email,
    parties.customer.phone,
  ];
  customer.forEach((line, index) => text(line, MARGIN, top - 16 - index * 13));

  const { make, model, registration_number: registration } = invoice.vehicle_details;
  text('Rental', width / 2, top, { font: bold, size: 11 });
  text(`${make} ${model} (${registration})`, width / 2, top - 16);
  const { start_date: start, end_date: end } = invoice.booking_details;
  text(`${britishDate(start)} to ${britishDate(end)}`, width / 2, top - 29);
  top -= 16 + Math.max(customer.length, 2) * 13 + 24;

  const columns = {
    description: MARGIN,
    quantity: width - MARGIN - 190,
    unit: width - MARGIN - 90,
    amount: width - MARGIN,
  };
  page.drawRectangle({
    x: MARGIN - 4,
    y: top - 6,
    width: width - 2 * MARGIN + 8,
    height: 20,
    color: rgb(0.92, 0.93, 0.96),
  });
  text('Description', columns.description, top, { font: bold });
  text('Qty', columns.quantity, top, { font: bold, right: true });
  text('Unit price', columns.unit, top, { font: bold, right: true });
  text('Amount', columns.amount, top, { font: bold, right: true });
  top -= 22;
  for (const line of invoice.lines) {
    const description = wrap(line.description, columns.quantity - 40 - columns.description);
    room(description.length * 13);
    description.forEach((part, index) => text(part, columns.description, top - index * 13));
    text(String(line.quantity), columns.quantity, top, { right: true });
    text(money(line.unit_amount), columns.unit, top, { right: true });
    text(money(line.amount), columns.amount, top, { right: true });
    top -= description.length * 13 + 5;
  }
  room(8 + 3 * 16 + 20);
  page.drawLine({
    start: { x: width / 2, y: top + 6 },
    end: { x: width - MARGIN, y: top + 6 },
    thickness: 0.5,
    color: grey,
  });
  const sums: [string, string][] = [
    ['Subtotal', money(invoice.subtotal)],
    [`Tax (${Number(invoice.tax_rate)}%)`, money(invoice.tax)],
    ['Total', money(invoice.total)],
  ];
  sums.forEach(([label, value], index) => {
    const font = index === sums.length - 1 ? bold : regular;
    text(label, columns.unit, top - 8 - index * 16, { font, right: true });
    text(value, columns.amount, top - 8 - index * 16, { font, right: true });
  });
  top -= 8 + sums.length * 16 + 20;

  if (invoice.notes) {
    room(28);
    text('Notes', MARGIN, top, { font: bold });
    top -= 14;
    for (const part of invoice.notes.split('\n').flatMap((paragraph) => wrap(paragraph, width - 2 * MARGIN))) {
      room(13);
      text(part, MARGIN, top);
      top -= 13;
    }
  }

  const stamp = invoice.status === 'void' ? 'VOID' : invoice.status === 'draft' ? 'DRAFT' : null;
  for (const [index, each] of pages.entries()) {
    page = each;
    if (parties.replacesNumber !== null) {
      text(`This invoice replaces void invoice ${parties.replacesNumber}.`, MARGIN, MARGIN + 16, { size: 9 });
    }
    const vat = parties.agency.vatNumber ? ` - VAT ${parties.agency.vatNumber}` : '';
    const footer = `${parties.agency.name} - ${parties.agency.email} - ${parties.agency.phone}${vat}`;
    text(footer, MARGIN, MARGIN, { size: 8 });
    if (pages.length > 1)
      text(`Page ${index + 1} of ${pages.length}`, width - MARGIN, MARGIN, { size: 8, right: true });
    if (!stamp) continue;
    const size = 110;
    const stampWidth = bold.widthOfTextAtSize(stamp, size);
    page.drawText(stamp, {
      x: width / 2 - (stampWidth / 2) * Math.cos(Math.PI / 6),
      y: height / 2 - (stampWidth / 2) * Math.sin(Math.PI / 6),
      size,
      font: bold,
      rotate: degrees(30),
      color: invoice.status === 'void' ? rgb(0.8, 0.1, 0.1) : rgb(0.5, 0.5, 0.55),
      opacity: 0.25,
    });
  }
  return Buffer.from(await pdf.save());
}
