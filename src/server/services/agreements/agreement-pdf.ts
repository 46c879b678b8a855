import { FUEL_POLICY_WORDS, type AgreementContent, type AgreementSigner } from '#domain/agreement';
import { fuelLabel } from '#domain/schemas/inspection';
import { A4, drawableText } from '../pdf-text.ts';

/** A signature as printed: the drawn PNG or the typed name, and both times. */
export interface PrintedSignature {
  signer: AgreementSigner;
  png: Buffer | null;
  typedName: string | null;
  recordedBy: string | null;
  /** The hash of the content this person signed. */
  contentHash: string;
  signedAt: string;
  receivedAt: string;
}

const MARGIN = 50;
const LINE = 13;

const britishDate = (isoDate: string) => isoDate.split('-').reverse().join('/');
const stamp = (iso: string) => `${iso.slice(0, 10).split('-').reverse().join('/')} ${iso.slice(11, 19)} UTC`;

/**
 * The signed agreement as an A4 PDF: every section of the content, the terms' text, both
 * signatures (the drawn image, or the typed name) with the time signed on the device and the time
 * received, and the content hash at the foot of every page. When the customer signed before the
 * pickup inspection (decision 050), the PDF says so: the customer's signature names the hash of what
 * they signed, the inspection is marked as recorded at pickup, and staff's names the final hash.
 */
export async function renderAgreementPdf(
  content: AgreementContent,
  contentHash: string,
  signatures: readonly PrintedSignature[],
): Promise<Buffer> {
  // Loaded with the first agreement: importing pdf-lib costs every start a tenth of its time (decision 024).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Rental agreement, booking #${content.booking.id}`);
  pdf.setAuthor(content.agency.name);
  // Fixed dates: the same agreement renders the same bytes whatever the time of rendering.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  const [width, height] = A4;
  const usable = width - 2 * MARGIN;

  const clean = drawableText(regular);
  const wrap = (value: string, maxWidth: number, size = 10): string[] => {
    const lines: string[] = [];
    for (const paragraph of clean(value).split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
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
        if (regular.widthOfTextAtSize(joined, size) <= maxWidth) current = joined;
        else {
          lines.push(current);
          current = piece;
        }
      }
      lines.push(current);
    }
    return lines;
  };

  let page = pdf.addPage(A4);
  let top = height - MARGIN;
  const room = (needed: number) => {
    if (top - needed >= MARGIN + 30) return;
    page = pdf.addPage(A4);
    top = height - MARGIN;
  };
  const write = (value: string, options: { size?: number; font?: typeof bold; x?: number } = {}) => {
    const size = options.size ?? 10;
    for (const line of wrap(value, usable - (options.x ?? 0), size)) {
      room(LINE);
      page.drawText(line, { x: MARGIN + (options.x ?? 0), y: top, size, font: options.font ?? regular, color: ink });
      top -= size + 3;
    }
  };
  const heading = (value: string) => {
    top -= 6;
    room(LINE * 3);
    write(value, { size: 12, font: bold });
  };
  const fact = (label: string, value: string) => write(`${label}: ${value}`);

  write('Rental agreement', { size: 18, font: bold });
  write(`Booking #${content.booking.id}`, { size: 11 });

  heading('Agency');
  write(content.agency.name, { font: bold });
  if (content.agency.address) write(content.agency.address);
  write(`${content.agency.email}   ${content.agency.phone}`);

  heading('Customer');
  write(content.customer.name, { font: bold });
  fact('Address', content.customer.address || 'Not given');
  fact('License number', content.customer.license_number ?? 'not on file');
  fact(
    'License',
    `${content.customer.license_on_file ? 'on file' : 'not on file'}, expires ${
      content.customer.license_expiry ? britishDate(content.customer.license_expiry) : 'not given'
    }`,
  );
  fact('Additional drivers', String(content.additional_drivers));

  heading('Vehicle and rental');
  fact('Vehicle', `${content.vehicle.make} ${content.vehicle.model}`);
  fact('Registration', content.vehicle.registration);
  fact(
    'Pickup',
    `${britishDate(content.booking.start_date)} ${content.booking.pickup_time}, ${content.booking.pickup_location}`,
  );
  fact(
    'Dropoff',
    `${britishDate(content.booking.end_date)} ${content.booking.dropoff_time}, ${content.booking.dropoff_location}`,
  );

  heading('Price');
  const currency = content.price.currency;
  for (const line of content.price.lines) {
    write(`${line.label}   ${line.quantity} x ${line.unit_amount} = ${line.amount} ${currency}`);
  }
  write(`Total: ${content.price.total} ${currency}`, { font: bold });
  fact('Deposit', `${content.price.deposit} ${currency}`);
  fact(
    'Mileage',
    `${content.mileage.allowance_km_per_day} km a day included, then ${content.mileage.price_per_extra_km} ${currency} a km`,
  );
  fact(
    'Fuel',
    `${FUEL_POLICY_WORDS[content.fuel.policy]}, ${content.fuel.price_per_eighth} ${currency} an eighth of a tank`,
  );

  const customerHash = signatures.find((item) => item.signer === 'customer')?.contentHash;
  const signedBeforePickup = customerHash !== undefined && customerHash !== contentHash;
  heading(
    signedBeforePickup
      ? 'Pickup inspection (recorded at pickup after the customer signed; countersigned by staff)'
      : 'Pickup inspection',
  );
  const inspection = content.pickup_inspection;
  if (inspection) {
    fact('Mileage', `${inspection.mileage} km`);
    fact('Fuel', fuelLabel(inspection.fuel_eighths));
    fact('Photos', String(inspection.photos));
    fact('Damage marks', inspection.damage_marks.length ? '' : 'none');
    inspection.damage_marks.forEach((mark, index) =>
      write(
        `${index + 1}. at ${Math.round(mark.x * 100)}% across, ${Math.round(mark.y * 100)}% down: ${mark.note || '-'}`,
        { x: 12 },
      ),
    );
  } else {
    write('Not recorded when the agreement was signed.');
  }

  heading(content.terms.version === null ? 'Terms (none written)' : `Terms, version ${content.terms.version}`);
  if (content.terms.text) write(content.terms.text);

  heading('Signatures');
  for (const signature of signatures) {
    room(110);
    write(signature.signer === 'customer' ? 'Customer' : 'For the agency', { font: bold });
    if (signature.png) {
      const image = await pdf.embedPng(signature.png);
      const scaled = image.scaleToFit(220, 70);
      page.drawImage(image, { x: MARGIN, y: top - scaled.height, width: scaled.width, height: scaled.height });
      top -= scaled.height + 6;
    } else {
      write(`Typed name: ${signature.typedName ?? ''}`);
    }
    if (signedBeforePickup) {
      fact(
        signature.signer === 'customer'
          ? 'Signed the content before the pickup inspection, hash'
          : 'Countersigned the content with the pickup inspection, hash',
        signature.contentHash,
      );
    }
    fact('Signed on the device', stamp(signature.signedAt));
    fact('Received by the server', stamp(signature.receivedAt));
    if (signature.recordedBy) fact('Recorded by', signature.recordedBy);
    top -= 6;
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(`Content hash (SHA-256): ${contentHash}`, {
      x: MARGIN,
      y: MARGIN - 10,
      size: 7,
      font: regular,
      color: ink,
    });
    each.drawText(`Page ${index + 1} of ${pages.length}`, {
      x: width - MARGIN - 50,
      y: MARGIN - 22,
      size: 7,
      font: regular,
      color: ink,
    });
  });
  return Buffer.from(await pdf.save());
}
