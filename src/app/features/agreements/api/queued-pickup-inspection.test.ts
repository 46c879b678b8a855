import { describe, expect, it } from 'vitest';
import { agreementHash, assembleAgreement, type AgreementFacts } from '#domain/agreement';
import type { OutboxEntry, OutboxState } from '../../../offline/outbox.ts';
import { queuedPickupInspection } from './queued-pickup-inspection.ts';
import { signatureRequest, signatureTarget } from './sign-agreement.ts';

const facts = (): AgreementFacts => ({
  booking: {
    id: 7,
    startDate: '2026-06-01',
    endDate: '2026-06-03',
    pickupTime: '09:00',
    dropoffTime: '18:00',
    pickupLocation: 'Leeds Station',
    dropoffLocation: null,
    amount: 13500,
    deposit: 20000,
  },
  agency: { name: 'North Drive', email: 'north@example.com', phone: '+44 20 7946 0000', postalAddress: 'Leeds' },
  customer: {
    title: 'MS',
    firstName: 'Casey',
    lastName: 'Customer',
    addressLines: ['1 High Street'],
    licenseNumber: null,
    licenseExpiry: '2030-01-31',
    licenseOnFile: true,
  },
  vehicle: { make: 'Toyota', model: 'Corolla', registration: 'AA11 AAA', mileageAllowanceKmPerDay: 200 },
  currency: 'GBP',
  quote: null,
  terms: { pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1200 },
  pickupInspection: null,
  rentalTerms: { version: 1, text: 'Return the car full.' },
});

/** A pickup inspection's outbox entry, with the fields as the inspection form sends them. */
function entry(
  fields: Record<string, string>,
  options: { state?: OutboxState; url?: string; photos?: number } = {},
): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    kind: 'inspection',
    target: 'booking:7',
    label: 'Pickup inspection',
    state: options.state ?? 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    errorFields: null,
    createdAt: 1,
    seq: 1,
    version: 1,
    userId: 3,
    request: {
      kind: 'inspection',
      target: 'booking:7',
      method: 'POST',
      url: options.url ?? 'bookings/7/inspections/pickup/',
      form: {
        fields,
        files: { photos: Array.from({ length: options.photos ?? 2 }, () => new Blob(['jpeg'])) },
      },
      invalidate: [],
      label: 'Pickup inspection',
    },
  };
}

const FIELDS = {
  mileage: ' 12010 ',
  fuel_eighths: '6',
  damage_marks: JSON.stringify([
    { x: 0.25, y: 0.1, note: '  Scratch ' },
    { x: 0.5, y: 0.5 },
  ]),
  notes: '',
};

describe('the pickup inspection kept on the device, in the agreement it shows', () => {
  it('reads the inspection as the server records it, so the content hashes the same on both', async () => {
    const queued = queuedPickupInspection([entry(FIELDS)]);
    expect(queued).toEqual({
      inspection: {
        mileage: 12010,
        fuel_eighths: 6,
        damage_marks: [
          { x: 0.25, y: 0.1, note: 'Scratch' },
          { x: 0.5, y: 0.5, note: '' },
        ],
        photos: 2,
      },
      withoutAgreement: false,
    });
    // What the server assembles once it has recorded the inspection.
    const server = assembleAgreement({
      ...facts(),
      pickupInspection: {
        mileage: 12010,
        fuelEighths: 6,
        damageMarks: [
          { x: 0.25, y: 0.1, note: 'Scratch' },
          { x: 0.5, y: 0.5, note: '' },
        ],
        photos: 2,
      },
    });
    const device = { ...assembleAgreement(facts()), pickup_inspection: queued?.inspection ?? null };
    expect(await agreementHash(device)).toBe(await agreementHash(server));
  });

  it('says when the car is handed over without an agreement, and ignores returns, refused and unreadable entries', () => {
    expect(
      queuedPickupInspection([entry({ ...FIELDS, no_agreement_reason: 'Tablet broken.' })])?.withoutAgreement,
    ).toBe(true);
    expect(queuedPickupInspection([])).toBeNull();
    expect(queuedPickupInspection([entry(FIELDS, { url: 'bookings/7/inspections/return/' })])).toBeNull();
    expect(queuedPickupInspection([entry(FIELDS, { state: 'attention' })])).toBeNull();
    expect(queuedPickupInspection([entry(FIELDS, { state: 'conflict' })])).toBeNull();
    expect(queuedPickupInspection([entry({ ...FIELDS, mileage: 'lots' })])).toBeNull();
    expect(queuedPickupInspection([entry(FIELDS, { photos: 0 })])?.inspection.photos).toBe(0);
  });

  it('queues signatures behind the booking’s inspection: one outbox target, sent in order', () => {
    const signature = signatureRequest({
      bookingId: 7,
      signer: 'customer',
      content: assembleAgreement(facts()),
      contentHash: 'a'.repeat(64),
      drawn: null,
      typedName: 'Casey',
      label: 'Customer signature',
    });
    expect(signature.target).toBe(signatureTarget(7));
    expect(signature.target).toBe(entry(FIELDS).target);
  });
});
