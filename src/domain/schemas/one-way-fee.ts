import * as v from 'valibot';
import { id } from './fields.ts';
import { priceListAmount } from './price-list-fields.ts';

export const SAME_LOCATION = 'The dropoff location must differ from the pickup location.';

/**
 * A one-way fee (POST one-way-fees/, PUT one-way-fees/{id}/ with the whole fee again): what a
 * rental picked up at one of the agency's locations and dropped off at another pays; 0 is free.
 */
export const oneWayFeeSchema = v.pipe(
  v.object({
    from_location_id: id('Pickup location'),
    to_location_id: id('Dropoff location'),
    amount: priceListAmount('Amount'),
  }),
  v.forward(
    v.partialCheck(
      [['from_location_id'], ['to_location_id']],
      (input) => input.from_location_id !== input.to_location_id,
      SAME_LOCATION,
    ),
    ['to_location_id'],
  ),
);
export type OneWayFeeInput = v.InferOutput<typeof oneWayFeeSchema>;

export const oneWayFeeIdParams = v.object({ id: id('One-way fee') });
