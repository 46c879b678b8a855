import { describe, expect, it } from 'vitest';
import {
  agreementHash,
  assembleAgreement,
  canonicalJson,
  describeAgreementChange,
  onlyPickupInspectionAdded,
  type AgreementFacts,
} from './agreement.ts';

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
    addressLines: ['1 High Street', null, 'Leeds', 'United Kingdom'],
    licenseNumber: 'CUSTO 901234 CC9AB',
    licenseExpiry: '2030-01-31',
    licenseOnFile: true,
  },
  vehicle: { make: 'Toyota', model: 'Corolla', registration: 'AA11 AAA', mileageAllowanceKmPerDay: 200 },
  currency: 'GBP',
  quote: {
    lines: [
      { kind: 'rental', label: 'Rental, 3 days', quantity: 3, unitAmount: 4500, amount: 13500 },
      { kind: 'extra', label: 'Additional driver', quantity: 2, unitAmount: 1000, amount: 2000 },
    ],
    total: 15500,
  },
  terms: { pricePerExtraKm: 25, fuelPolicy: 'full_to_full', fuelPricePerEighth: 1200 },
  pickupInspection: { mileage: 12010, fuelEighths: 8, damageMarks: [{ x: 0.25, y: 0.1, note: 'Scratch' }], photos: 2 },
  rentalTerms: { version: 3, text: 'Return the car clean.' },
});

describe('the rental agreement', () => {
  it('is assembled from the booking: names, lines, terms, inspection, drivers from the extra lines', () => {
    const content = assembleAgreement(facts());
    expect(content.customer).toEqual({
      name: 'MS Casey Customer',
      address: '1 High Street, Leeds, United Kingdom',
      license_number: 'CUSTO 901234 CC9AB',
      license_expiry: '2030-01-31',
      license_on_file: true,
    });
    expect(content.additional_drivers).toBe(2);
    expect(content.price).toEqual({
      currency: 'GBP',
      lines: [
        { label: 'Rental, 3 days', quantity: 3, unit_amount: '45.00', amount: '135.00' },
        { label: 'Additional driver', quantity: 2, unit_amount: '10.00', amount: '20.00' },
      ],
      total: '155.00',
      deposit: '200.00',
    });
    expect(content.booking.dropoff_location).toBe('Not given');
    expect(content.mileage).toEqual({ allowance_km_per_day: 200, price_per_extra_km: '0.25' });
    expect(content.fuel).toEqual({ policy: 'full_to_full', price_per_eighth: '12.00' });
    expect(content.pickup_inspection?.photos).toBe(2);
    expect(content.terms).toEqual({ version: 3, text: 'Return the car clean.' });
  });

  it('without a stored quote has one line of the booking amount; without terms, version null', () => {
    const content = assembleAgreement({ ...facts(), quote: null, rentalTerms: null, pickupInspection: null });
    expect(content.price.lines).toEqual([{ label: 'Rental', quantity: 1, unit_amount: '135.00', amount: '135.00' }]);
    expect(content.price.total).toBe('135.00');
    expect(content.additional_drivers).toBe(0);
    expect(content.terms).toEqual({ version: null, text: '' });
  });

  it('has a canonical form that ignores key order and spacing', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe('{"a":[{"c":"x","d":null}],"b":1}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });

  it('same input gives the same hash; any field change gives another', async () => {
    const content = assembleAgreement(facts());
    const hash = await agreementHash(content);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await agreementHash(assembleAgreement(facts()))).toBe(hash);
    // Keys in another order: the same content, the same hash.
    const reordered = Object.fromEntries(Object.entries(content).reverse());
    expect(Object.keys(reordered)[0]).toBe('terms');
    expect(await agreementHash(reordered)).toBe(hash);
    const variants: ((f: AgreementFacts) => void)[] = [
      (f) => (f.booking.endDate = '2026-06-04'),
      (f) => (f.booking.pickupTime = '10:00'),
      (f) => (f.booking.deposit = 20001),
      (f) => (f.customer.licenseExpiry = '2031-01-31'),
      (f) => (f.customer.licenseNumber = 'CUSTO 901234 CC9AC'),
      (f) => (f.customer.licenseNumber = null),
      (f) => (f.vehicle.registration = 'AA11 AAB'),
      (f) => f.quote?.lines.pop(),
      (f) => (f.terms.fuelPricePerEighth = 1300),
      (f) => f.pickupInspection?.damageMarks.push({ x: 0.5, y: 0.5, note: '' }),
      (f) => (f.rentalTerms = { version: 4, text: 'Return the car clean.' }),
      (f) => (f.agency.phone = '+44 20 7946 0001'),
    ];
    for (const change of variants) {
      const changed = facts();
      change(changed);
      expect(await agreementHash(assembleAgreement(changed))).not.toBe(hash);
    }
  });

  it('says in one sentence what changed', () => {
    const shown = assembleAgreement(facts());
    expect(describeAgreementChange(shown, assembleAgreement(facts()))).toBeNull();
    const priced = facts();
    if (priced.quote) priced.quote.total = 16000;
    expect(describeAgreementChange(shown, assembleAgreement(priced))).toBe(
      'The price lines changed since the agreement was shown.',
    );
    const inspected = facts();
    inspected.pickupInspection = null;
    inspected.rentalTerms = { version: 4, text: 'New.' };
    expect(describeAgreementChange(shown, assembleAgreement(inspected))).toBe(
      'The pickup inspection and the rental terms changed since the agreement was shown.',
    );
    const renumbered = facts();
    renumbered.customer.licenseNumber = 'NEWNO 123456 AB1CD';
    expect(describeAgreementChange(shown, assembleAgreement(renumbered))).toBe(
      "The customer's license number changed since the agreement was shown.",
    );
    renumbered.customer.firstName = 'Kasey';
    expect(describeAgreementChange(shown, assembleAgreement(renumbered))).toBe(
      "The customer's details and the customer's license number changed since the agreement was shown.",
    );
    const moved = facts();
    moved.customer.addressLines = ['2 High Street'];
    expect(describeAgreementChange(shown, assembleAgreement(moved))).toBe(
      "The customer's details changed since the agreement was shown.",
    );
    expect(describeAgreementChange({ ...shown, extra: 1 }, assembleAgreement(facts()))).toBe(
      'The agreement changed since it was shown.',
    );
  });

  it('tells a content that differs only by the pickup inspection recorded since it was signed', () => {
    const before = facts();
    before.pickupInspection = null;
    const signed = assembleAgreement(before);
    const inspected = assembleAgreement(facts());
    expect(inspected.pickup_inspection).not.toBeNull();
    expect(onlyPickupInspectionAdded(signed, inspected)).toBe(true);
    // The same content, or an inspection that was there and changed, or anything else as well: no.
    expect(onlyPickupInspectionAdded(signed, signed)).toBe(false);
    expect(onlyPickupInspectionAdded(inspected, inspected)).toBe(false);
    const remarked = facts();
    remarked.pickupInspection?.damageMarks.push({ x: 0.1, y: 0.1, note: 'New' });
    expect(onlyPickupInspectionAdded(inspected, assembleAgreement(remarked))).toBe(false);
    const repriced = facts();
    if (repriced.quote) repriced.quote.total = 16000;
    expect(onlyPickupInspectionAdded(signed, assembleAgreement(repriced))).toBe(false);
    expect(onlyPickupInspectionAdded({ ...signed, extra: 1 }, inspected)).toBe(false);
    expect(onlyPickupInspectionAdded(null, inspected)).toBe(false);
    expect(onlyPickupInspectionAdded([signed], inspected)).toBe(false);
  });
});
