import type { FuelPolicy, QuoteLineKind } from '../rate-plan.ts';

/**
 * A quote on the wire (POST quotes/, and the lines a booking or a request was made with). Money as
 * decimal strings like every amount of the API; `quoteToView` / `quoteFromView`
 * (src/domain/quote-view.ts) convert it to and from the domain's `Quote`.
 */
export interface QuoteLineView {
  kind: QuoteLineKind;
  code: string;
  label: string;
  quantity: number;
  unit_amount: string;
  amount: string;
  /** Set on a stored line staff overrode: the amount the quote gave. */
  quoted_amount?: string | null;
  override_reason?: string | null;
}

export interface QuoteTermsView {
  mileage_allowance_km: number;
  price_per_extra_km: string;
  fuel_policy: FuelPolicy;
  fuel_price_per_eighth: string;
}

export interface QuoteView {
  plan_version: number;
  currency: string;
  days: number;
  hours: number | null;
  lines: QuoteLineView[];
  tier: string | null;
  tax: string;
  tax_included: boolean;
  total: string;
  deposit: string;
  terms: QuoteTermsView;
}

/** An extra a booking or a request took, as its quote named it. */
export interface StoredExtraView {
  extra_id: number;
  name: string;
  quantity: number;
}

/**
 * The quote a booking or a request was made with, as stored (issue 21): its plan's version, its
 * lines (an overridden one keeps `quoted_amount` and `override_reason`), their total and the
 * extras it takes. A later change to the rates never changes it. Null on a reply for a booking or
 * request made before quotes.
 */
export interface StoredQuoteView {
  plan_version: number;
  lines: QuoteLineView[];
  total: string;
  extras: StoredExtraView[];
}

/** The body of POST quotes/ the forms send (what the person chose so far), and the planner for a moved booking. */
export interface QuoteBody {
  vehicle_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  extras: { extra_id: number; quantity: number }[];
  driver_age: number | null;
  /** Staff's discount (Add and Edit Booking); the request forms send none. */
  discount_amount?: string;
}
