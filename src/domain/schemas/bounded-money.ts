import * as v from 'valibot';
import { money, optionalMoney } from './fields.ts';

/**
 * The largest amount a price list takes (a vehicle's day rate and deposit, the rate plan's
 * amounts): 1,000,000.00. Money columns are 32-bit integers of minor units on PostgreSQL, so an
 * amount the money pieces accept (up to nine digits) could overflow them: a 500 instead of a 400.
 */
export const MAX_PRICE_AMOUNT = 100_000_000;

const atMost = (label: string) => `${label} must be at most 1000000.00.`;

/** A required amount of a price list, in minor units. */
export function boundedMoney(label: string) {
  return v.pipe(
    money(label),
    v.check((value) => value <= MAX_PRICE_AMOUNT, atMost(label)),
  );
}

/** An amount of a price list that may be left out (null). */
export function optionalBoundedMoney(label: string) {
  return v.pipe(
    optionalMoney(label),
    v.check((value) => value === null || value <= MAX_PRICE_AMOUNT, atMost(label)),
  );
}
