import { moneyText } from '#domain/money';
import { priceRental } from '#domain/pricing';
import { fieldRefusal, Invalid } from './errors.ts';

/**
 * The amount a booking is priced at when staff leave it empty, by the one price function
 * (src/domain/pricing.ts): the rental less the discount, which may not exceed the rental (400).
 * Create booking from a request (and its draft) uses it; Add and Edit Booking are priced by the
 * quote (services/bookings/staff-booking.ts).
 */
export function rentalPrice(
  dates: { start_date: string; end_date: string; discount_amount: number },
  pricePerDay: number,
  currency: string,
): number {
  const price = priceRental({
    startDate: dates.start_date,
    endDate: dates.end_date,
    pricePerDay,
    discount: dates.discount_amount,
  });
  // The body's schema has already refused dates out of order.
  if (!price) throw fieldRefusal(Invalid, 'end_date', 'End date cannot be before start date.');
  if (price.discountExceedsRental) {
    throw fieldRefusal(
      Invalid,
      'discount_amount',
      `Discount amount cannot be more than the rental price (${moneyText(price.rental, currency)}).`,
    );
  }
  return price.total;
}
