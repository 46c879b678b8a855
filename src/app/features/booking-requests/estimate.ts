import { formatMoney as toDecimal, parseMoney } from '#domain/money';
import { priceRental } from '#domain/pricing';

export interface Estimate {
  /** Rental days, counted inclusively as the server counts them. */
  days: number;
  /** The API's decimal form, e.g. "135.00". */
  total: string;
}

/**
 * The price the server would give the dates chosen so far (the one price function,
 * src/domain/pricing.ts); null until both dates are valid and in order. Only an estimate: the
 * agency sets the final amount.
 */
export function estimateTotal(pricePerDay: string, startDate: string, endDate: string): Estimate | null {
  const perDay = parseMoney(pricePerDay);
  if (perDay === null) return null;
  const price = priceRental({ startDate, endDate, pricePerDay: perDay });
  return price ? { days: price.days, total: toDecimal(price.total) } : null;
}
