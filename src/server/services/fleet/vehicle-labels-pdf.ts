import { encode } from 'uqr';
import { A4, drawableText } from '../pdf-text.ts';

/** What a vehicle's label shows. */
export interface LabelledVehicle {
  registration_number: string;
  make: string;
  model: string;
  label_code: string;
}

const MM = 72 / 25.4;
/**
 * The common 21-up A4 sheet of sticky labels (3 × 7, each 63.5 × 38.1 mm; 7.2 mm side margins,
 * 15.1 mm top margin, 2.5 mm between columns), so the PDF prints onto stock sheets as they are.
 */
const SHEET = {
  columns: 3,
  rows: 7,
  width: 63.5 * MM,
  height: 38.1 * MM,
  left: 7.2 * MM,
  top: 15.1 * MM,
  gap: 2.5 * MM,
};
/** Inside the label's edges, and between the QR code and the text. */
const PADDING = 3 * MM;
/** The QR code's side, its white border included: a phone reads it from a hand's length away. */
const QR_SIDE = 26 * MM;

/** The address a label's QR code opens: the vehicle's today card. */
export function labelUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v/${code}`;
}

/**
 * The vehicles' labels as an A4 PDF of 21-up sheets (issue 23): on each, the QR code of
 * `/v/{code}` (error correction M: a scuffed label still scans), the registration, make and
 * model, and the code itself for typing when the camera fails.
 */
export async function renderVehicleLabels(
  vehicles: readonly LabelledVehicle[],
  publicUrl: string,
): Promise<Uint8Array> {
  // Loaded at the first sheet, as the other PDFs: importing pdf-lib costs every start (decision 024).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Vehicle labels');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = drawableText(regular);
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.4);
  const perPage = SHEET.columns * SHEET.rows;
  let page = pdf.addPage(A4);

  vehicles.forEach((vehicle, index) => {
    const slot = index % perPage;
    if (index > 0 && slot === 0) page = pdf.addPage(A4);
    const column = slot % SHEET.columns;
    const row = Math.floor(slot / SHEET.columns);
    const x = SHEET.left + column * (SHEET.width + SHEET.gap);
    const top = A4[1] - SHEET.top - row * SHEET.height;

    // The code: a square of modules, its own white border included (uqr's `border`).
    const qr = encode(labelUrl(publicUrl, vehicle.label_code), { ecc: 'M', border: 2 });
    const module = QR_SIDE / qr.size;
    const qrLeft = x + PADDING;
    const qrTop = top - (SHEET.height - QR_SIDE) / 2;
    qr.data.forEach((line, r) => {
      line.forEach((dark, c) => {
        if (!dark) return;
        page.drawRectangle({
          x: qrLeft + c * module,
          y: qrTop - (r + 1) * module,
          // A hair wider than the module: no white seams between neighbours when rasterised.
          width: module + 0.05,
          height: module + 0.05,
          color: black,
        });
      });
    });

    const textLeft = qrLeft + QR_SIDE + PADDING;
    const textWidth = x + SHEET.width - PADDING - textLeft;
    // Cut with an ellipsis where it would run off the label.
    const fit = (value: string, size: number, font: typeof regular) => {
      const text = clean(value);
      if (font.widthOfTextAtSize(text, size) <= textWidth) return text;
      let cut = text;
      while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > textWidth) cut = cut.slice(0, -1);
      return `${cut}…`;
    };
    page.drawText(fit(vehicle.registration_number, 12, bold), {
      x: textLeft,
      y: top - PADDING - 14,
      size: 12,
      font: bold,
      color: black,
    });
    // Make and model on a line each: "Volkswagen" over "Golf Estate" fits where both in one would not.
    [vehicle.make, vehicle.model].forEach((line, index) => {
      page.drawText(fit(line, 9, regular), {
        x: textLeft,
        y: top - PADDING - 28 - index * 11,
        size: 9,
        font: regular,
        color: grey,
      });
    });
    page.drawText(clean(vehicle.label_code), {
      x: textLeft,
      y: top - SHEET.height + PADDING + 2,
      size: 8,
      font: regular,
      color: grey,
    });
  });
  return pdf.save();
}
