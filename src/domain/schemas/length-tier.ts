import * as v from 'valibot';
import { id, optionalWholeNumber, requiredText, wholeNumber } from './fields.ts';
import { adjustmentFields, adjustmentRules } from './price-list-fields.ts';

export const TIER_MIN_DAYS_MAX = 1000;
export const TIER_REDUCTION = 'A tier takes a share off: basis points from -9000 to -1 (-1000 = 10 % off).';

const tierFields = v.object({
  name: requiredText('Name', 100),
  min_days: wholeNumber('Minimum days', { min: 2, max: TIER_MIN_DAYS_MAX }),
  ...adjustmentFields({ min: -9000, max: 50000 }),
  basis_points: v.pipe(
    optionalWholeNumber('Basis points', { min: -2_000_000_000 }),
    v.check((value) => value === null || (value >= -9000 && value <= -1), TIER_REDUCTION),
  ),
});

/**
 * A length tier (POST length-tiers/, PUT length-tiers/{id}/ with the whole tier again): from
 * `min_days` rental days on, a day rate of its own (e.g. a monthly rate per day) or a reduction.
 */
export const lengthTierSchema = v.pipe(tierFields, adjustmentRules<v.InferOutput<typeof tierFields>>());
export type LengthTierInput = v.InferOutput<typeof lengthTierSchema>;

export const lengthTierIdParams = v.object({ id: id('Length tier') });
