// bench:api, the signed agreement's PDF (issue 22): renderAgreementPdf as the countersignature
// runs it, in process, on a realistic agreement (eight price lines, five damage marks, 6,000
// characters of terms, two drawn 600 × 200 signatures), against the target of 300 ms a PDF. The
// first render (which loads pdf-lib) is shown apart; judged: the p95 of the warm renders.
//
// `benchAgreementPdf({ quick })` is called by scripts/bench-api.mjs (`--only=agreement-pdf` runs it
// alone); `node scripts/bench/agreement-pdf.mjs [--quick]` runs it directly after `npm run build:server`.
import sharp from 'sharp';
import { verdict } from './load.mjs';

const TARGET_MS = 300;

/** A drawn-looking signature: a dark stroke on white, as the pad sends it. */
function signaturePng(seed) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="white"/><path d="M40 140 C 120 ${20 + seed} 160 180 240 90 S 380 ${40 + seed} 460 150 540 60" stroke="#111827" stroke-width="3" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function facts() {
  const lines = Array.from({ length: 8 }, (_, index) => ({
    kind: index === 7 ? 'tax' : index > 3 ? 'extra' : 'rental',
    label: index === 5 ? 'Additional driver' : `Line ${index + 1} of the rental`,
    quantity: 1 + (index % 3),
    unitAmount: 1500 + index * 250,
    amount: (1500 + index * 250) * (1 + (index % 3)),
  }));
  return {
    booking: {
      id: 4242,
      startDate: '2026-06-01',
      endDate: '2026-06-10',
      pickupTime: '09:00',
      dropoffTime: '18:00',
      pickupLocation: 'Leeds Station',
      dropoffLocation: 'York Centre',
      amount: 0,
      deposit: 30000,
    },
    agency: {
      name: 'North Drive',
      email: 'north@example.com',
      phone: '+44 20 7946 0000',
      postalAddress: '1 Yard Lane\nLeeds',
    },
    customer: {
      title: 'MS',
      firstName: 'Casey',
      lastName: 'Customer',
      addressLines: ['1 High Street', 'Flat 2', 'Leeds', 'United Kingdom'],
      licenseExpiry: '2030-01-31',
      licenseOnFile: true,
    },
    vehicle: { make: 'Toyota', model: 'Corolla', registration: 'AA11 AAA', mileageAllowanceKmPerDay: 200 },
    currency: 'GBP',
    quote: { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) },
    terms: { pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1200 },
    pickupInspection: {
      mileage: 12010,
      fuelEighths: 8,
      damageMarks: Array.from({ length: 5 }, (_, index) => ({ x: 0.1 * index, y: 0.2, note: `Scratch ${index + 1}` })),
      photos: 4,
    },
    rentalTerms: {
      version: 3,
      text: Array.from(
        { length: 60 },
        (_, index) => `${index + 1}. The hirer returns the vehicle as received, with the fuel it had.`,
      ).join('\n'),
    },
  };
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];

export async function benchAgreementPdf({ quick = false } = {}) {
  const { assembleAgreement, agreementHash } = await import('../../dist/node/domain/agreement.js');
  const { renderAgreementPdf } = await import('../../dist/node/server/services/agreements/agreement-pdf.js');
  const content = assembleAgreement(facts());
  const hash = await agreementHash(content);
  const [customerPng, staffPng] = await Promise.all([signaturePng(10), signaturePng(60)]);
  const signatures = [
    {
      signer: 'customer',
      png: customerPng,
      typedName: null,
      recordedBy: 'Alex Agent',
      signedAt: '2026-06-01T08:59:00.000Z',
      receivedAt: '2026-06-01T09:05:00.000Z',
    },
    {
      signer: 'staff',
      png: staffPng,
      typedName: null,
      recordedBy: 'Alex Agent',
      signedAt: '2026-06-01T09:00:00.000Z',
      receivedAt: '2026-06-01T09:05:00.000Z',
    },
  ];
  const render = async () => {
    const started = performance.now();
    const pdf = await renderAgreementPdf(content, hash, signatures);
    return { ms: performance.now() - started, bytes: pdf.length };
  };
  const cold = await render();
  const runs = quick ? 10 : 50;
  const warm = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const result = await render();
    warm.push(result.ms);
    bytes = result.bytes;
  }
  warm.sort((a, b) => a - b);
  const p50 = percentile(warm, 0.5);
  const p95 = percentile(warm, 0.95);
  console.log(`first render (loads pdf-lib): ${cold.ms.toFixed(1)} ms`);
  console.log(
    `${runs} renders: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${warm[warm.length - 1].toFixed(1)} ms; ${Math.round(bytes / 1024)} KB a PDF`,
  );
  return {
    verdicts: [
      verdict(p95 <= TARGET_MS, 'agreement PDF render, p95', `${p95.toFixed(1)} ms`, `≤ ${TARGET_MS} ms`),
      verdict(
        cold.ms <= TARGET_MS * 2,
        'first agreement PDF (pdf-lib loaded)',
        `${cold.ms.toFixed(1)} ms`,
        `≤ ${TARGET_MS * 2} ms`,
      ),
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { verdicts } = await benchAgreementPdf({ quick: process.argv.includes('--quick') });
  process.exitCode = verdicts.every(Boolean) ? 0 : 1;
}
