import { taxOn } from '#domain/invoice-sums';
import { adjustmentTo, type PriceLineKind, priceRental } from '#domain/pricing';
import type { InvoiceableBooking, InvoiceLineValues } from '../../repositories/invoices.ts';
import type { StoredQuoteLine } from '../../repositories/quote-lines.ts';
import { britishDate } from '../booking-refusals.ts';

/**
 * A draft's lines from a booking made before quotes (no stored lines), priced by the one price function (src/domain/pricing.ts):
 * the rental days at the vehicle's daily rate, the booking's discount as a negative line, and,
 * when staff recorded a booking amount other than that, an adjustment line for the difference,
 * so the subtotal is always the amount agreed on the booking.
 */
export function linesFromBooking(booking: Omit<InvoiceableBooking, 'prices_include_tax'>): InvoiceLineValues[] {
  const price = priceRental({
    startDate: booking.start_date,
    endDate: booking.end_date,
    pricePerDay: booking.price_per_day,
    discount: booking.discount_amount,
  });
  if (!price) throw new Error(`booking ${booking.start_date}–${booking.end_date} has its dates out of order`);
  const vehicle = `${booking.make} ${booking.model} (${booking.registration_number})`;
  const period = `${britishDate(booking.start_date)} – ${britishDate(booking.end_date)}`;
  const describe = (kind: PriceLineKind) =>
    kind === 'rental'
      ? `Rental of ${vehicle}, ${period}, ${price.days} ${price.days === 1 ? 'day' : 'days'}`
      : booking.discount_description?.trim() || 'Discount';
  const lines: InvoiceLineValues[] = price.lines.map((line) => ({
    description: describe(line.kind),
    quantity: line.quantity,
    unit_amount: line.unitAmount,
  }));
  const difference = adjustmentTo(price, booking.booking_amount);
  if (difference !== 0) {
    lines.push({ description: 'Adjustment to the agreed booking amount', quantity: 1, unit_amount: difference });
  }
  return lines;
}

/** The net subtotal whose tax at `rate` brings the invoice to `total` (the nearest when no whole amount does). */
export function netOf(total: number, rate: number): number {
  const start = Math.round((total * 10_000) / (10_000 + rate));
  for (const candidate of [start, start - 1, start + 1, start - 2, start + 2]) {
    if (candidate + taxOn(candidate, rate) === total) return candidate;
  }
  return start;
}

/** `amounts` scaled to add up to `target` exactly: each rounded down, the rest given to the largest remainders. */
function shareOut(amounts: readonly number[], target: number): number[] {
  const whole = amounts.reduce((sum, amount) => sum + amount, 0);
  if (whole === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (amount * target) / whole);
  const shares = exact.map(Math.floor);
  let rest = target - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  order.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (rest <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    rest -= 1;
  }
  return shares;
}

function invoiceLine(description: string, quantity: number, amount: number): InvoiceLineValues {
  // Quantity × unit must be the amount to the penny: a share that does not divide is one unit.
  return amount % quantity === 0
    ? { description, quantity, unit_amount: amount / quantity }
    : { description, quantity: 1, unit_amount: amount };
}

/**
 * A draft's lines from the quote a booking was made with (issue 21, decision 045): each line's
 * label and amount as stored (an overridden line as overridden). The invoice works out its own tax
 * at the agency's rate, so the quote's tax line is left out; when the agency's prices include tax,
 * the lines are made net of it (shared out in proportion, to the penny). When the booking's amount
 * differs from the quote's total (staff typed one, or the tax rate changed), an adjustment line
 * brings the invoice's total to the booking's amount.
 */
export function linesFromQuote(
  booking: InvoiceableBooking,
  quoted: readonly StoredQuoteLine[],
): { lines: InvoiceLineValues[]; taxIncluded: boolean } {
  const priced = quoted.filter((line) => line.kind !== 'tax');
  const hasTaxLine = priced.length !== quoted.length;
  const taxIncluded = !hasTaxLine && booking.prices_include_tax === 1 && booking.tax_rate > 0;
  const gross = priced.reduce((sum, line) => sum + line.amount, 0);
  const amounts = taxIncluded
    ? shareOut(
        priced.map((line) => line.amount),
        netOf(gross, booking.tax_rate),
      )
    : priced.map((line) => line.amount);
  const lines = priced.map((line, index) =>
    taxIncluded
      ? invoiceLine(line.label, line.quantity, amounts[index] ?? 0)
      : invoiceLine(line.label, line.quantity, line.amount),
  );
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const difference = netOf(booking.booking_amount, booking.tax_rate) - subtotal;
  if (difference !== 0) {
    lines.push({ description: 'Adjustment to the agreed booking amount', quantity: 1, unit_amount: difference });
  }
  return { lines, taxIncluded };
}
