/**
 * Fields the price list's forms share (issue 21: seasons, length tiers, extras, one-way fees):
 * amounts with an upper bound, and a change to the day rate given either as a rate of its own or
 * as a share in basis points.
 */
import * as v from 'valibot';
import { formatMoney } from '../money.ts';
import { choice, money, optionalMoney, optionalWholeNumber } from './fields.ts';

/**
 * The largest amount a price list takes (1000000.00: a vehicle's day rate and deposit, every
 * amount of the rate plan): far above any rental, far inside both engines' integers.
 */
export const MAX_PRICE_LIST_AMOUNT = 100_000_000;
const TOO_LARGE = (label: string) => `${label} must be at most ${formatMoney(MAX_PRICE_LIST_AMOUNT)}.`;

/** An amount in minor units, 0 allowed (a free one-way pair). */
export function priceListAmount(label: string) {
  return v.pipe(money(label), v.maxValue(MAX_PRICE_LIST_AMOUNT, TOO_LARGE(label)));
}

/** An amount in minor units above 0 (a day rate, an extra's price). */
export function positivePrice(label: string) {
  return v.pipe(priceListAmount(label), v.minValue(1, `${label} must be more than 0.`));
}

/** An amount that may be left out (null: none). */
export function optionalPriceListAmount(label: string) {
  return v.pipe(
    optionalMoney(label),
    v.check((value) => value === null || value <= MAX_PRICE_LIST_AMOUNT, TOO_LARGE(label)),
  );
}

export const ADJUSTMENT_KINDS = ['day_rate', 'percent'] as const;
export const ADJUSTMENT_KIND_MESSAGE = 'Adjustment must be day_rate or percent.';

export const DAY_RATE_REQUIRED = 'Day rate is required when the adjustment is a day rate.';
export const DAY_RATE_POSITIVE = 'Day rate must be more than 0.';
export const DAY_RATE_NOT_WITH_PERCENT = 'Leave the day rate empty when the adjustment is a percentage.';
export const BASIS_POINTS_REQUIRED = 'Basis points are required when the adjustment is a percentage.';
export const BASIS_POINTS_NOT_WITH_DAY_RATE = 'Leave the basis points empty when the adjustment is a day rate.';

/**
 * `adjustment_kind` with `day_rate` (a decimal string) or `basis_points` (+2000 = 20 % more,
 * -1000 = 10 % less), the other absent or null. `basisPoints` is what a percentage may be.
 */
export function adjustmentFields(basisPoints: { min: number; max: number }) {
  return {
    adjustment_kind: choice(ADJUSTMENT_KINDS, ADJUSTMENT_KIND_MESSAGE),
    day_rate: optionalPriceListAmount('Day rate'),
    basis_points: optionalWholeNumber('Basis points', basisPoints),
  };
}

interface AdjustmentInput {
  adjustment_kind: (typeof ADJUSTMENT_KINDS)[number];
  day_rate: number | null;
  basis_points: number | null;
}

/**
 * The rules between the three fields, each reported on the field to correct: a day rate needs
 * `day_rate` above 0 and no basis points; a percentage needs basis points (not 0 when `zero`
 * says why) and no day rate.
 */
export function adjustmentRules<T extends AdjustmentInput>(percent: { zero?: string } = {}) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    const fields: Record<string, unknown> = {
      adjustment_kind: input.adjustment_kind,
      day_rate: input.day_rate,
      basis_points: input.basis_points,
    };
    const on = (key: 'day_rate' | 'basis_points', message: string) =>
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: fields, key, value: input[key] }] });
    if (input.adjustment_kind === 'day_rate') {
      if (input.day_rate === null) on('day_rate', DAY_RATE_REQUIRED);
      else if (input.day_rate <= 0) on('day_rate', DAY_RATE_POSITIVE);
      if (input.basis_points !== null) on('basis_points', BASIS_POINTS_NOT_WITH_DAY_RATE);
    } else {
      if (input.basis_points === null) on('basis_points', BASIS_POINTS_REQUIRED);
      else if (input.basis_points === 0 && percent.zero) on('basis_points', percent.zero);
      if (input.day_rate !== null) on('day_rate', DAY_RATE_NOT_WITH_PERCENT);
    }
  });
}
