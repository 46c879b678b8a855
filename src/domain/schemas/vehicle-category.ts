import * as v from 'valibot';
import { id, requiredText } from './fields.ts';
import { optionalPriceListAmount } from './price-list-fields.ts';

export const CATEGORY_NAME_TAKEN = 'A category with this name already exists.';
export const BASE_RATE_NOT_POSITIVE = 'Base day rate must be more than 0.';

/**
 * A vehicle category of the caller's agency (POST vehicle-categories/, and PUT with the whole
 * category again): its name, and the day rate of its vehicles that have none of their own.
 */
export const vehicleCategorySchema = v.object({
  name: requiredText('Name', 60),
  base_day_rate: v.pipe(
    optionalPriceListAmount('Base day rate'),
    v.check((value) => value === null || value > 0, BASE_RATE_NOT_POSITIVE),
  ),
});
export type VehicleCategoryInput = v.InferOutput<typeof vehicleCategorySchema>;

export const vehicleCategoryIdParams = v.object({ id: id('Category') });
