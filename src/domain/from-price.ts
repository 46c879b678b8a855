import { addDays } from './dates.ts';
import { baseDayRate, dayRuns, type DayRatePlan, type DayRateVehicle } from './quote.ts';

/** How far ahead a card's "from" price looks: the coming year, today included. */
export const FROM_PRICE_DAYS = 365;

/**
 * The lowest day rate `plan` gives `vehicle` on any of the FROM_PRICE_DAYS days from `today`
 * (issue 21's "from £X/day" on the landing's cards), or null when that is its base rate (its own
 * `price_per_day`, or its category's), so a card only says "from" when seasons vary the price.
 * The days are read by the quote's own rules (`dayRuns`: which seasons apply to the category,
 * percentages on the base, the shortest overlapping season wins), so the card never promises a
 * rate no quote gives. Length tiers, hours, extras, fees and tax are not in it: a day rate is.
 */
export function fromDayRate(plan: DayRatePlan, vehicle: DayRateVehicle, today: string): number | null {
  const runs = dayRuns(plan, vehicle, today, addDays(today, FROM_PRICE_DAYS - 1));
  const lowest = Math.min(...runs.map((run) => run.rate));
  return lowest === baseDayRate(plan, vehicle) ? null : lowest;
}
