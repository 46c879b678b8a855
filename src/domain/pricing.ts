import { isIsoDate, rentalDays } from './dates.ts';

/**
 * A rental's price, worked out in one place: the server prices bookings with it (the authority)
 * and the app shows the same figures as an estimate while a form is filled. Money is in minor
 * units throughout; the lines say how the total was made, so extras and rate plans can be added
 * as more lines without changing the callers.
 */
export interface PriceInput {
  /** ISO dates, both inclusive. */
  startDate: string;
  endDate: string;
  /** The vehicle's daily rate. */
  pricePerDay: number;
  /** Taken off the rental; none when left out. */
  discount?: number;
}

export type PriceLineKind = 'rental' | 'discount';

export interface PriceLine {
  kind: PriceLineKind;
  quantity: number;
  unitAmount: number;
  /** quantity × unitAmount; negative for a discount. */
  amount: number;
}

export interface Price {
  /** Rental days, counted inclusively. */
  days: number;
  lines: PriceLine[];
  /** The rental before any discount. */
  rental: number;
  discount: number;
  /** What the booking costs: the rental less the discount, never below zero. */
  total: number;
  /** The discount is more than the rental: the server refuses it, a form says so. */
  discountExceedsRental: boolean;
}

/** The price of a rental; null while the dates are not two valid days in order. */
export function priceRental(input: PriceInput): Price | null {
  const { startDate, endDate, pricePerDay, discount = 0 } = input;
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return null;
  const days = rentalDays(startDate, endDate);
  const rental = days * pricePerDay;
  const lines: PriceLine[] = [{ kind: 'rental', quantity: days, unitAmount: pricePerDay, amount: rental }];
  if (discount > 0) lines.push({ kind: 'discount', quantity: 1, unitAmount: -discount, amount: -discount });
  return {
    days,
    lines,
    rental,
    discount,
    total: Math.max(0, rental - discount),
    discountExceedsRental: discount > rental,
  };
}

/**
 * What a booking agreed at `agreed` adds to (or takes off) its price: the adjustment line of an
 * invoice when staff recorded an amount other than the priced one.
 */
export function adjustmentTo(price: Price, agreed: number): number {
  return agreed - price.lines.reduce((sum, line) => sum + line.amount, 0);
}
