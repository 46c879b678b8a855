import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { decodeQr, type QrPixels } from './decode-qr.ts';
import { labelCodeFromScan } from './label-code.ts';

/** A QR code as a label prints it: black modules on white, `scale` pixels each, with its border. */
function qrPixels(text: string, scale = 4): QrPixels {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const width = qr.size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  qr.data.forEach((line, row) =>
    line.forEach((dark, column) => {
      if (!dark) return;
      for (let y = row * scale; y < (row + 1) * scale; y += 1) {
        for (let x = column * scale; x < (column + 1) * scale; x += 1)
          data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      }
    }),
  );
  return { data, width, height: width };
}

describe('decodeQr', () => {
  it("reads a label's address, and the code in it", async () => {
    const text = await decodeQr(qrPixels('https://fleet.example.com/v/0A1B2C3D4E'));
    expect(text).toBe('https://fleet.example.com/v/0A1B2C3D4E');
    expect(labelCodeFromScan(text ?? '')).toBe('0A1B2C3D4E');
  });

  it('says null for an image without a QR code', async () => {
    const blank = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
    expect(await decodeQr(blank)).toBeNull();
  });
});
