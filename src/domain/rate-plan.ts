/**
 * An agency's price list as the quote reads it (issue 21), and the quote it gives: the shapes the
 * server (the authority, `POST quotes/`) and the app (an estimate from the cached plan) share.
 *
 * Units, everywhere in this file: money in minor units (pence), shares in basis points
 * (1000 = 10 %), dates as ISO days (ranges inclusive at both ends), times as "HH:MM".
 */

/** A change to a day rate: a rate of its own, or a share added to (or taken off) the base. */
export type RateAdjustment =
  | { kind: 'day_rate'; dayRate: number }
  /** +2000 = 20 % more than the base, -1000 = 10 % less. */
  | { kind: 'percent'; basisPoints: number };

/** The agency's own list of kinds of vehicle: Economy, Compact, SUV, Van… */
export interface VehicleCategory {
  id: number;
  name: string;
  /** The day rate of its vehicles that have none of their own; null when it sets none. */
  baseDayRate: number | null;
}

/** A named run of days (Summer, 1 Jul – 31 Aug) that prices each of its days differently. */
export interface Season {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  adjustment: RateAdjustment;
  /** The categories it applies to; empty: every vehicle of the agency. */
  categoryIds: number[];
}

/** A length rule: from `minDays` rental days on, e.g. "7+ days −10 %" or "28+ days monthly rate". */
export interface LengthTier {
  id: number;
  /** Named on the quote, e.g. "7+ days". */
  name: string;
  minDays: number;
  /** A percent changes the rental's day lines; a day rate replaces every day's rate. */
  adjustment: RateAdjustment;
}

/** Something rented with the vehicle: an additional driver, a damage waiver, a child seat, GPS… */
export interface Extra {
  id: number;
  name: string;
  charge: 'per_day' | 'per_rental';
  /** Per unit, per day or per rental as `charge` says. */
  price: number;
  /** The most one unit costs over a whole rental; null when uncapped. */
  capPerRental: number | null;
  /** The most units one rental may take (1 for an additional driver, 3 child seats…). */
  maxQuantity: number;
  /** Null: unlimited (a waiver). Otherwise the units kept at each pickup location. */
  stock: { locationId: number; quantity: number }[] | null;
}

export interface Fees {
  /** Pickup location ≠ dropoff location: the pair's amount, else the flat amount, else free. */
  oneWay: { flat: number | null; pairs: { fromLocationId: number; toLocationId: number; amount: number }[] };
  /** A driver younger than `underAge` on the first day; null when the agency charges none. */
  youngDriver: { underAge: number; charge: 'per_day' | 'per_rental'; amount: number } | null;
  /** A pickup or a dropoff outside opening hours, charged once for each; null when none. */
  outOfHours: { opens: string; closes: string; amount: number } | null;
}

export type FuelPolicy = 'full_to_full' | 'same_to_same' | 'prepaid';

/** Shown on the quote as terms; charged at return (the next issue). */
export interface RentalTerms {
  /** Beyond the vehicle's allowance (`mileage_allowance` km per day). */
  pricePerExtraKm: number;
  fuelPolicy: FuelPolicy;
  /** Each eighth of a tank missing at return. */
  fuelPricePerEighth: number;
}

export interface RatePlan {
  agencyId: number;
  /** Bumped by every change to the plan; a quote names the version it was made with. */
  version: number;
  currency: string;
  /** Basis points, 2000 = 20 %. */
  taxRate: number;
  /** The prices the agency enters include the tax (the quote then says how much of it is tax). */
  pricesIncludeTax: boolean;
  /**
   * One hour's share of the day rate: a rental shorter than a day (and a late return) is priced
   * by the hour, never above the day rate. 0: no hourly pricing, a short rental is a day.
   */
  hourlyBasisPoints: number;
  categories: VehicleCategory[];
  seasons: Season[];
  tiers: LengthTier[];
  extras: Extra[];
  fees: Fees;
  terms: RentalTerms;
}

/** The vehicle as the quote needs it. */
export interface QuoteVehicle {
  id: number;
  categoryId: number | null;
  /** SPEC's `price_per_day`: the base day rate. */
  pricePerDay: number;
  deposit: number;
  /** Km per day included (SPEC's `mileage_allowance`). */
  mileageAllowance: number;
}

export interface QuoteInput {
  vehicle: QuoteVehicle;
  startDate: string;
  endDate: string;
  pickupTime: string;
  dropoffTime: string;
  pickupLocationId: number | null;
  dropoffLocationId: number | null;
  extras: { extraId: number; quantity: number }[];
  /** The driver's age on the first day; null when not known (no young-driver fee is charged). */
  driverAge: number | null;
  /** Taken off by staff (SPEC's `discount_amount`); none when left out. */
  discount?: number;
}

export type QuoteLineKind = 'rental' | 'tier' | 'extra' | 'fee' | 'discount' | 'tax';

export interface QuoteLine {
  kind: QuoteLineKind;
  /** Stable per line: 'rental:base', 'rental:season:3', 'tier:2', 'extra:5', 'fee:one_way', 'fee:young_driver', 'fee:out_of_hours', 'discount', 'tax'. */
  code: string;
  /** As people read it: "Summer (4 days)", "7+ days −10 %", "Child seat × 2". */
  label: string;
  quantity: number;
  unitAmount: number;
  /** What the line adds to the total (negative for a tier's or a discount's reduction). */
  amount: number;
}

export interface Quote {
  planVersion: number;
  currency: string;
  /** Rental days, counted inclusively as SPEC does. */
  days: number;
  /** Set when the rental was priced by the hour (shorter than a day). */
  hours: number | null;
  /** Every line of the price; `total` is their sum. */
  lines: QuoteLine[];
  /** The tier that applied, named; null when none. */
  tier: string | null;
  /** The tax in the total: a line of its own when prices exclude it, inside the lines when they include it. */
  tax: number;
  taxIncluded: boolean;
  total: number;
  /** The vehicle's deposit: held, not part of the total. */
  deposit: number;
  terms: RentalTerms & { mileageAllowanceKm: number };
}

/** Why a quote cannot be given, said for one input field (e.g. an extra that is not offered). */
export interface QuoteProblem {
  field: string;
  message: string;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; problem: QuoteProblem };
