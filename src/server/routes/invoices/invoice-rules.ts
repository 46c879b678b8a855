import { rentalDays } from '#domain/dates';
import type { InvoiceableBooking, InvoiceLineValues } from '../../repositories/invoices.ts';
import { britishDate } from '../../services/booking-refusals.ts';

/**
 * A draft's lines from its booking: the rental days at the vehicle's daily rate, the booking's
 * discount as a negative line, and, when staff recorded a booking amount other than that
 * (days × rate − discount), an adjustment line for the difference, so the subtotal is always
 * the amount agreed on the booking.
 */
export function linesFromBooking(booking: InvoiceableBooking): InvoiceLineValues[] {
  const days = rentalDays(booking.start_date, booking.end_date);
  const vehicle = `${booking.make} ${booking.model} (${booking.registration_number})`;
  const period = `${britishDate(booking.start_date)} – ${britishDate(booking.end_date)}`;
  const lines: InvoiceLineValues[] = [
    {
      description: `Rental of ${vehicle}, ${period}, ${days} ${days === 1 ? 'day' : 'days'}`,
      quantity: days,
      unit_amount: booking.price_per_day,
    },
  ];
  if (booking.discount_amount > 0) {
    lines.push({
      description: booking.discount_description?.trim() || 'Discount',
      quantity: 1,
      unit_amount: -booking.discount_amount,
    });
  }
  const difference = booking.booking_amount - (days * booking.price_per_day - booking.discount_amount);
  if (difference !== 0) {
    lines.push({ description: 'Adjustment to the agreed booking amount', quantity: 1, unit_amount: difference });
  }
  return lines;
}
