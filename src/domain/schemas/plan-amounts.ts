import * as v from 'valibot';
import { money, optionalMoney } from './fields.ts';

/**
 * The largest amount a rate plan takes: 1,000,000.00. Money columns are 32-bit integers of minor
 * units on PostgreSQL, so an amount the money pieces accept (up to nine digits) could overflow them.
 */
export const MAX_PLAN_AMOUNT = 100_000_000;

const atMost = (label: string) => `${label} must be at most 1000000.00.`;

/** A required amount of a rate plan, in minor units. */
export function planAmount(label: string) {
  return v.pipe(
    money(label),
    v.check((value) => value <= MAX_PLAN_AMOUNT, atMost(label)),
  );
}

/** An amount a rate plan may leave out (null). */
export function optionalPlanAmount(label: string) {
  return v.pipe(
    optionalMoney(label),
    v.check((value) => value === null || value <= MAX_PLAN_AMOUNT, atMost(label)),
  );
}
