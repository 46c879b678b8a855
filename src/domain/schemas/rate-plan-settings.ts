import * as v from 'valibot';
import { isTime } from '../dates.ts';
import type { FuelPolicy } from '../rate-plan.ts';
import { boolean, choice, optionalWholeNumber, wholeNumber } from './fields.ts';
import { optionalPriceListAmount, priceListAmount } from './price-list-fields.ts';

export const FUEL_POLICIES = ['full_to_full', 'same_to_same', 'prepaid'] as const satisfies readonly FuelPolicy[];
export const CHARGE_BASES = ['per_day', 'per_rental'] as const;

/** A day: a longer grace would make a late day free. */
export const LATE_GRACE_MAX_MINUTES = 1440;

export const FUEL_POLICY_MESSAGE = 'Fuel policy must be full to full, same to same or prepaid.';
export const YOUNG_DRIVER_CHARGE_MESSAGE = 'Young driver fee must be per day or per rental.';
export const HOURS_NEED_BOTH = 'Give both the opening and the closing time, or neither.';
export const CLOSES_BEFORE_OPENS = 'Closing time must be after opening time.';

/** "HH:MM" or nothing: missing, null and blank all become null. */
function optionalTime(label: string) {
  return v.pipe(
    v.optional(v.nullable(v.string(`${label} must be a time (HH:MM).`)), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value === null || isTime(value), `${label} must be a time (HH:MM).`),
  );
}

/**
 * The rate plan's single settings (PUT rate-plan/settings/, the Rates & extras form): the whole
 * set each time. An unticked box is sent as nothing, so `prices_include_tax` left out is false.
 */
export const ratePlanSettingsSchema = v.pipe(
  v.object({
    prices_include_tax: boolean('Prices include tax', false),
    hourly_basis_points: wholeNumber('Hourly share', { min: 0, max: 10_000 }),
    one_way_flat_fee: optionalPriceListAmount('One-way fee'),
    young_driver_under_age: optionalWholeNumber('Young driver age', { min: 18, max: 30 }),
    young_driver_charge: choice(CHARGE_BASES, YOUNG_DRIVER_CHARGE_MESSAGE),
    young_driver_amount: priceListAmount('Young driver fee'),
    out_of_hours_opens: optionalTime('Opening time'),
    out_of_hours_closes: optionalTime('Closing time'),
    out_of_hours_amount: priceListAmount('Out-of-hours fee'),
    price_per_extra_km: priceListAmount('Price per extra km'),
    fuel_policy: choice(FUEL_POLICIES, FUEL_POLICY_MESSAGE),
    fuel_price_per_eighth: priceListAmount('Fuel price per eighth'),
    /** Left out (an older form): the grace period stays as it is. */
    late_grace_minutes: optionalWholeNumber('Late return grace', { max: LATE_GRACE_MAX_MINUTES }),
  }),
  v.forward(
    v.partialCheck(
      [['out_of_hours_opens'], ['out_of_hours_closes']],
      (input) => (input.out_of_hours_opens === null) === (input.out_of_hours_closes === null),
      HOURS_NEED_BOTH,
    ),
    ['out_of_hours_closes'],
  ),
  v.forward(
    v.partialCheck(
      [['out_of_hours_opens'], ['out_of_hours_closes']],
      (input) =>
        input.out_of_hours_opens === null ||
        input.out_of_hours_closes === null ||
        input.out_of_hours_opens < input.out_of_hours_closes,
      CLOSES_BEFORE_OPENS,
    ),
    ['out_of_hours_closes'],
  ),
);
export type RatePlanSettingsInput = v.InferOutput<typeof ratePlanSettingsSchema>;
