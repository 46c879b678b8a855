import { parseMoney } from '#domain/money';
import { priceRental } from '#domain/pricing';

export interface SuggestedAmount {
  days: number;
  /** Minor units, as the form shows them in "days × price − discount". */
  price: number;
  discount: number;
  amount: number;
}

/**
 * The amount Add Booking and Edit Booking suggest: what the server prices the booking at when the
 * amount is left empty, by the same function (src/domain/pricing.ts). Null until the dates, the
 * vehicle's price and the discount make sense.
 */
export function suggestedAmount(
  values: { start?: string; end?: string; discount?: string },
  pricePerDay: string | null,
): SuggestedAmount | null {
  const { start = '', end = '', discount = '' } = values;
  const perDay = pricePerDay === null ? null : parseMoney(pricePerDay);
  const off = discount.trim() === '' ? 0 : parseMoney(discount);
  if (perDay === null || off === null) return null;
  const price = priceRental({ startDate: start, endDate: end, pricePerDay: perDay, discount: off });
  return price ? { days: price.days, price: perDay, discount: off, amount: price.total } : null;
}
