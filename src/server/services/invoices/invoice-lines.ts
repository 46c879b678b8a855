import { adjustmentTo, type PriceLineKind, priceRental } from '#domain/pricing';
import type { InvoiceableBooking, InvoiceLineValues } from '../../repositories/invoices.ts';
import { britishDate } from '../booking-refusals.ts';

/**
 * A draft's lines from its booking, priced by the one price function (src/domain/pricing.ts):
 * the rental days at the vehicle's daily rate, the booking's discount as a negative line, and,
 * when staff recorded a booking amount other than that, an adjustment line for the difference,
 * so the subtotal is always the amount agreed on the booking.
 */
export function linesFromBooking(booking: InvoiceableBooking): InvoiceLineValues[] {
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
