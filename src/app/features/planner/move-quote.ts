import type { StaffBookingDetail } from '#domain/api/bookings';
import type { QuoteBody } from '#domain/api/quotes';
import { parseMoney } from '#domain/money';
import type { Place } from './planner-model.ts';

/**
 * The POST quotes/ body for a booking at another place: everything that prices it as stored (times,
 * places, extras, driver's age, discount), the vehicle and days as moved. The server prices the
 * move itself the same way (movedBookingInput), so the two agree while the rates stand.
 */
export function movedQuoteBody(booking: StaffBookingDetail, to: Place): QuoteBody {
  const discount = parseMoney(booking.discount_amount) ?? 0;
  return {
    vehicle_id: to.vehicle,
    start_date: to.start_date,
    end_date: to.end_date,
    pickup_time: booking.pickup_time,
    dropoff_time: booking.dropoff_time,
    pickup_location_id: booking.pickup_location_id,
    dropoff_location_id: booking.dropoff_location_id,
    extras: (booking.quote?.extras ?? []).map((extra) => ({ extra_id: extra.extra_id, quantity: extra.quantity })),
    driver_age: booking.driver_age,
    ...(discount > 0 ? { discount_amount: booking.discount_amount } : {}),
  };
}
