/**
 * The rental agreement (issue 22): assembled from the booking's facts by one function that the
 * tablet (offline, from cached data) and the server both run, so both reach the same content and
 * the same SHA-256 over its canonical form (decision 050). A signature names that hash; the server
 * refuses one over content that is no longer the booking's, saying in one sentence what changed.
 */
import { formatMoney } from './money.ts';
import type { FuelPolicy, QuoteLineKind } from './rate-plan.ts';
import type { DamageMark } from './schemas/inspection.ts';

export const AGREEMENT_SIGNERS = ['customer', 'staff'] as const;
export type AgreementSigner = (typeof AGREEMENT_SIGNERS)[number];

/** What the agreement is made from: the booking's own facts, money in minor units. */
export interface AgreementFacts {
  booking: {
    id: number;
    startDate: string;
    endDate: string;
    pickupTime: string;
    dropoffTime: string;
    pickupLocation: string | null;
    dropoffLocation: string | null;
    /** The booking's own amount and deposit (the total when it has no stored quote lines). */
    amount: number;
    deposit: number;
  };
  agency: { name: string; email: string; phone: string; postalAddress: string };
  customer: {
    title: string;
    firstName: string;
    lastName: string;
    addressLines: (string | null)[];
    licenseNumber: string | null;
    licenseExpiry: string | null;
    licenseOnFile: boolean;
  };
  vehicle: { make: string; model: string; registration: string; mileageAllowanceKmPerDay: number };
  currency: string;
  /** The booking's stored quote (its locked lines and their total), or null for one made before quotes. */
  quote: {
    lines: { kind: QuoteLineKind; label: string; quantity: number; unitAmount: number; amount: number }[];
    total: number;
  } | null;
  terms: { pricePerExtraKm: number; fuelPolicy: FuelPolicy; fuelPricePerEighth: number };
  pickupInspection: { mileage: number; fuelEighths: number; damageMarks: DamageMark[]; photos: number } | null;
  /** The agency's current rental terms; null when it has written none yet. */
  rentalTerms: { version: number; text: string } | null;
}

export interface AgreementLine {
  label: string;
  quantity: number;
  unit_amount: string;
  amount: string;
}

/** The agreement as shown, signed and printed: wire shape, money as decimal strings. */
export interface AgreementContent {
  booking: {
    id: number;
    start_date: string;
    end_date: string;
    pickup_time: string;
    dropoff_time: string;
    pickup_location: string;
    dropoff_location: string;
  };
  agency: { name: string; email: string; phone: string; address: string };
  customer: {
    name: string;
    address: string;
    license_number: string | null;
    license_expiry: string | null;
    license_on_file: boolean;
  };
  /** The booking's "Additional driver" extra lines, as the number of drivers they add. */
  additional_drivers: number;
  vehicle: { make: string; model: string; registration: string };
  price: { currency: string; lines: AgreementLine[]; total: string; deposit: string };
  mileage: { allowance_km_per_day: number; price_per_extra_km: string };
  fuel: { policy: FuelPolicy; price_per_eighth: string };
  pickup_inspection: { mileage: number; fuel_eighths: number; damage_marks: DamageMark[]; photos: number } | null;
  terms: { version: number | null; text: string };
}

const ADDITIONAL_DRIVER = /additional driver/i;
const NOT_GIVEN = 'Not given';

/** The agreement made from the booking's facts; the same facts always make the same content. */
export function assembleAgreement(facts: AgreementFacts): AgreementContent {
  const { booking, customer } = facts;
  const lines: AgreementLine[] = facts.quote
    ? facts.quote.lines.map((line) => ({
        label: line.label,
        quantity: line.quantity,
        unit_amount: formatMoney(line.unitAmount),
        amount: formatMoney(line.amount),
      }))
    : [{ label: 'Rental', quantity: 1, unit_amount: formatMoney(booking.amount), amount: formatMoney(booking.amount) }];
  const additionalDrivers = (facts.quote?.lines ?? [])
    .filter((line) => line.kind === 'extra' && ADDITIONAL_DRIVER.test(line.label))
    .reduce((sum, line) => sum + Math.max(1, line.quantity), 0);
  const inspection = facts.pickupInspection;
  return {
    booking: {
      id: booking.id,
      start_date: booking.startDate,
      end_date: booking.endDate,
      pickup_time: booking.pickupTime,
      dropoff_time: booking.dropoffTime,
      pickup_location: booking.pickupLocation?.trim() || NOT_GIVEN,
      dropoff_location: booking.dropoffLocation?.trim() || NOT_GIVEN,
    },
    agency: {
      name: facts.agency.name,
      email: facts.agency.email,
      phone: facts.agency.phone,
      address: facts.agency.postalAddress.trim(),
    },
    customer: {
      name: [customer.title, customer.firstName, customer.lastName].filter((part) => part.trim()).join(' '),
      address: customer.addressLines
        .map((line) => line?.trim() ?? '')
        .filter(Boolean)
        .join(', '),
      license_number: customer.licenseNumber?.trim() || null,
      license_expiry: customer.licenseExpiry,
      license_on_file: customer.licenseOnFile,
    },
    additional_drivers: additionalDrivers,
    vehicle: { make: facts.vehicle.make, model: facts.vehicle.model, registration: facts.vehicle.registration },
    price: {
      currency: facts.currency,
      lines,
      total: formatMoney(facts.quote ? facts.quote.total : booking.amount),
      deposit: formatMoney(booking.deposit),
    },
    mileage: {
      allowance_km_per_day: facts.vehicle.mileageAllowanceKmPerDay,
      price_per_extra_km: formatMoney(facts.terms.pricePerExtraKm),
    },
    fuel: { policy: facts.terms.fuelPolicy, price_per_eighth: formatMoney(facts.terms.fuelPricePerEighth) },
    pickup_inspection: inspection
      ? {
          mileage: inspection.mileage,
          fuel_eighths: inspection.fuelEighths,
          damage_marks: inspection.damageMarks.map((mark) => ({ x: mark.x, y: mark.y, note: mark.note })),
          photos: inspection.photos,
        }
      : null,
    terms: { version: facts.rentalTerms?.version ?? null, text: facts.rentalTerms?.text ?? '' },
  };
}

/**
 * The canonical form that is hashed: JSON with every object's keys in code-point order and no
 * spaces, so key order and formatting never change the hash. Only plain JSON values are allowed.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('An agreement holds finite numbers only.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  throw new TypeError('An agreement holds plain JSON values only.');
}

/** SHA-256 of the canonical form, in lower-case hex, by Web Crypto (the browser's and Node's alike). */
export async function agreementHash(content: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(content));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How each part of the agreement is named when it changed, in the order they are checked. */
const SECTIONS: [keyof AgreementContent, string][] = [
  ['price', 'the price lines'],
  ['pickup_inspection', 'the pickup inspection'],
  ['terms', 'the rental terms'],
  ['booking', 'the dates, times or locations'],
  ['vehicle', 'the vehicle'],
  ['customer', "the customer's details"],
  ['additional_drivers', 'the additional drivers'],
  ['mileage', 'the mileage terms'],
  ['fuel', 'the fuel terms'],
  ['agency', "the agency's details"],
];

/**
 * One sentence saying what differs between the content a person was shown and the current one:
 * "The price lines changed since the agreement was shown." Null when nothing differs.
 */
export function describeAgreementChange(shown: unknown, current: AgreementContent): string | null {
  const before = (shown !== null && typeof shown === 'object' ? shown : {}) as Record<string, unknown>;
  const changed = SECTIONS.filter(
    ([key]) => canonicalJson(before[key] ?? null) !== canonicalJson(current[key]),
  ).flatMap(([key, name]) => (key === 'customer' ? customerChanges(before.customer, current.customer) : [name]));
  const known = new Set<string>(SECTIONS.map(([key]) => key));
  const unknown = Object.keys(before).some((key) => !known.has(key));
  if (changed.length === 0 && !unknown) return null;
  if (changed.length === 0) return 'The agreement changed since it was shown.';
  const names =
    changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(', ')} and ${changed[changed.length - 1]}`;
  const sentence = `${names ?? ''} changed since the agreement was shown.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The customer's license number is named on its own; any other change of theirs is "the customer's details". */
function customerChanges(shown: unknown, current: AgreementContent['customer']): string[] {
  const before = (shown !== null && typeof shown === 'object' ? shown : {}) as Record<string, unknown>;
  const { license_number: number, ...rest } = current;
  const { license_number: shownNumber, ...shownRest } = before;
  const names: string[] = [];
  if (canonicalJson(shownRest) !== canonicalJson(rest)) names.push("the customer's details");
  if ((shownNumber ?? null) !== number) names.push("the customer's license number");
  return names;
}

/**
 * True when what a customer signed and the current content differ only by the pickup inspection,
 * recorded after they signed (none in what they signed, one now): their signature still stands and
 * staff countersign the current content with the inspection (decision 050).
 */
export function onlyPickupInspectionAdded(signed: unknown, current: AgreementContent): boolean {
  if (signed === null || typeof signed !== 'object' || Array.isArray(signed)) return false;
  const before = signed as Record<string, unknown>;
  if (before.pickup_inspection !== null || current.pickup_inspection === null) return false;
  return canonicalJson(before) === canonicalJson({ ...current, pickup_inspection: null });
}

/** The fuel policy as people read it. */
export const FUEL_POLICY_WORDS: Record<FuelPolicy, string> = {
  full_to_full: 'Full to full',
  same_to_same: 'Same to same',
  prepaid: 'Prepaid',
};
