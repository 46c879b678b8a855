import { isIsoDate, rentalDays } from '#domain/dates';
import { formatMoney as toDecimal, parseMoney } from '#domain/money';

export interface Estimate {
  /** Rental days, counted inclusively as the server counts them. */
  days: number;
  /** The API's decimal form, e.g. "135.00". */
  total: string;
}

/**
 * Days × price per day for the dates chosen so far, in minor units so no float creeps in; null
 * until both dates are valid and in order. Only an estimate: the agency sets the final amount.
 */
export function estimateTotal(pricePerDay: string, startDate: string, endDate: string): Estimate | null {
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return null;
  const price = parseMoney(pricePerDay);
  if (price === null) return null;
  const days = rentalDays(startDate, endDate);
  return { days, total: toDecimal(price * days) };
}
