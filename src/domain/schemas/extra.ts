import * as v from 'valibot';
import { choice, id, requiredText, wholeNumber } from './fields.ts';
import { optionalPriceListAmount, positivePrice } from './price-list-fields.ts';

export const EXTRA_CHARGES = ['per_day', 'per_rental'] as const;
export const EXTRA_CHARGE_MESSAGE = 'Charge must be per_day or per_rental.';
export const CAP_BELOW_PRICE = 'Cap per rental cannot be below the price.';
export const STOCK_SHAPE = 'Stock must be null (unlimited) or a list of {location_id, quantity}.';
export const STOCK_LOCATION_TWICE = 'List each location at most once in the stock.';
export const EXTRA_STOCK_LOCATIONS_MAX = 200;
export const EXTRA_STOCK_QUANTITY_MAX = 10_000;

const stockLine = v.object(
  {
    location_id: id('Location'),
    quantity: wholeNumber('Quantity', { max: EXTRA_STOCK_QUANTITY_MAX }),
  },
  STOCK_SHAPE,
);

const extraFields = v.object({
  name: requiredText('Name', 100),
  charge: choice(EXTRA_CHARGES, EXTRA_CHARGE_MESSAGE),
  price: positivePrice('Price'),
  cap_per_rental: optionalPriceListAmount('Cap per rental'),
  max_quantity: wholeNumber('Maximum quantity', { min: 1, max: 20 }),
  stock: v.optional(
    v.nullable(
      v.pipe(
        v.array(stockLine, STOCK_SHAPE),
        v.maxLength(EXTRA_STOCK_LOCATIONS_MAX, `Stock may list at most ${EXTRA_STOCK_LOCATIONS_MAX} locations.`),
        v.check((lines) => new Set(lines.map((line) => line.location_id)).size === lines.length, STOCK_LOCATION_TWICE),
      ),
    ),
    null,
  ),
});

/**
 * An extra (POST extras/, PUT extras/{id}/ with the whole extra again): its price per day or per
 * rental, an optional cap on what one unit costs over a rental, how many one rental may take, and
 * either unlimited (`stock` null) or the units kept at each of the agency's pickup locations.
 */
export const extraSchema = v.pipe(
  extraFields,
  v.forward(
    v.partialCheck(
      [['price'], ['cap_per_rental']],
      (input) => input.cap_per_rental === null || input.cap_per_rental >= input.price,
      CAP_BELOW_PRICE,
    ),
    ['cap_per_rental'],
  ),
);
export type ExtraInput = v.InferOutput<typeof extraSchema>;

export const extraIdParams = v.object({ id: id('Extra') });
