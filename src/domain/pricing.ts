import { DEFAULT_DROPOFF_TIME, DEFAULT_PICKUP_TIME } from './constants.ts';
import { priceWithPlan } from './quote.ts';
import { emptyRatePlan } from './rate-plan-view.ts';

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

/** The quote's arithmetic with a plan that holds nothing: every day at the vehicle's own rate. */
const NO_PLAN = emptyRatePlan(0, 'XXX', 0);

/**
 * The price of a rental; null while the dates are not two valid days in order. The quote
 * (src/domain/quote.ts) with an empty rate plan, so there is one price function: an agency's
 * seasons, tiers, extras and fees are more lines of the same code.
 */
export function priceRental(input: PriceInput): Price | null {
  const { startDate, endDate, pricePerDay, discount = 0 } = input;
  const priced = priceWithPlan(NO_PLAN, {
    vehicle: { id: 0, categoryId: null, pricePerDay, deposit: 0, mileageAllowance: 0 },
    startDate,
    endDate,
    pickupTime: DEFAULT_PICKUP_TIME,
    dropoffTime: DEFAULT_DROPOFF_TIME,
    pickupLocationId: null,
    dropoffLocationId: null,
    extras: [],
    driverAge: null,
    discount,
  });
  if (!priced.ok) return null;
  const { quote, discountExceedsRental } = priced;
  // An empty plan gives rental lines and the discount's, nothing else.
  const lines = quote.lines.map(({ kind, quantity, unitAmount, amount }): PriceLine => ({
    kind: kind === 'discount' ? 'discount' : 'rental',
    quantity,
    unitAmount,
    amount,
  }));
  const rental = lines.filter((line) => line.kind === 'rental').reduce((sum, line) => sum + line.amount, 0);
  return {
    days: quote.days,
    lines,
    rental,
    discount,
    total: Math.max(0, quote.total),
    discountExceedsRental,
  };
}

/**
 * What a booking agreed at `agreed` adds to (or takes off) its price: the adjustment line of an
 * invoice when staff recorded an amount other than the priced one.
 */
export function adjustmentTo(price: Price, agreed: number): number {
  return agreed - price.lines.reduce((sum, line) => sum + line.amount, 0);
}
