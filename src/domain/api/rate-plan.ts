import type { FuelPolicy } from '../rate-plan.ts';

/**
 * An agency's rate plan on the wire (issue 21). Money travels as decimal strings ("45.00") like
 * every amount of the API; shares as basis points (1000 = 10 %); dates as ISO days.
 * `ratePlanFromView` (src/domain/rate-plan-view.ts) turns it into the quote's `RatePlan`.
 */

export type ChargeBasis = 'per_day' | 'per_rental';
export type AdjustmentKind = 'day_rate' | 'percent';

export interface VehicleCategoryView {
  id: number;
  name: string;
  /** The day rate of its vehicles that have none of their own; null when it sets none. */
  base_day_rate: string | null;
  /** How many of the agency's vehicles are in it. */
  vehicles: number;
}

export interface SeasonView {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  adjustment_kind: AdjustmentKind;
  /** Set when `adjustment_kind` is day_rate. */
  day_rate: string | null;
  /** Set when `adjustment_kind` is percent: +2000 = 20 % above the base, -1000 = 10 % below. */
  basis_points: number | null;
  /** Empty: every vehicle of the agency. */
  category_ids: number[];
}

export interface LengthTierView {
  id: number;
  name: string;
  min_days: number;
  adjustment_kind: AdjustmentKind;
  day_rate: string | null;
  basis_points: number | null;
}

export interface ExtraView {
  id: number;
  name: string;
  charge: ChargeBasis;
  price: string;
  cap_per_rental: string | null;
  max_quantity: number;
  /** Null: unlimited. Otherwise the units kept at each pickup location. */
  stock: { location_id: number; quantity: number }[] | null;
}

export interface OneWayFeeView {
  id: number;
  from_location_id: number;
  to_location_id: number;
  amount: string;
}

/** The plan's single settings (PUT rate-plan/settings/ sends the same fields). */
export interface RatePlanSettingsView {
  prices_include_tax: boolean;
  /** One hour's share of the day rate; 0: a rental shorter than a day costs a day. */
  hourly_basis_points: number;
  /** Charged when the dropoff location differs and no pair names an amount; null: free. */
  one_way_flat_fee: string | null;
  /** Drivers younger than this pay the young-driver fee; null: no such fee. */
  young_driver_under_age: number | null;
  young_driver_charge: ChargeBasis;
  young_driver_amount: string;
  /** "HH:MM"; both null: no out-of-hours fee. */
  out_of_hours_opens: string | null;
  out_of_hours_closes: string | null;
  out_of_hours_amount: string;
  price_per_extra_km: string;
  fuel_policy: FuelPolicy;
  fuel_price_per_eighth: string;
  /** Minutes after the due time a return is still on time; later, it is charged (issue 22). */
  late_grace_minutes: number;
}

/** GET rate-plan/ (staff) and GET public-vehicles/{id}/rate-plan/ (anyone: the vehicle's agency's plan). */
export interface RatePlanView {
  agency_id: number;
  version: number;
  currency: string;
  /** Basis points, 2000 = 20 %. */
  tax_rate: number;
  settings: RatePlanSettingsView;
  categories: VehicleCategoryView[];
  seasons: SeasonView[];
  tiers: LengthTierView[];
  /** Only the extras still offered. */
  extras: ExtraView[];
  one_way_fees: OneWayFeeView[];
}
