import type { QuoteBody } from '#domain/api/quotes';
import type { PublicVehicle } from '#domain/api/vehicles';
import { parseMoney } from '#domain/money';
import type { QuoteInput, QuoteVehicle, RatePlan } from '#domain/rate-plan';

export type { QuoteBody };

/**
 * The device's side of a quote, kept free of React and the network so a test can price a choice
 * exactly as the forms do and hold it against the server's answer (tests/api/price-agreement.test.ts).
 */

/** A POST quotes/ body as the quote function reads it, with staff's discount in minor units. */
export function quoteInput(vehicle: QuoteVehicle, body: QuoteBody, discount: number): QuoteInput {
  return {
    vehicle,
    startDate: body.start_date,
    endDate: body.end_date,
    pickupTime: body.pickup_time,
    dropoffTime: body.dropoff_time,
    pickupLocationId: body.pickup_location_id,
    dropoffLocationId: body.dropoff_location_id,
    extras: body.extras.map((extra) => ({ extraId: extra.extra_id, quantity: extra.quantity })),
    driverAge: body.driver_age,
    discount,
  };
}

type PricedVehicle = Pick<PublicVehicle, 'id' | 'category' | 'price_per_day' | 'deposit' | 'mileage_allowance'>;

/** The public vehicle as the quote reads it: it names its category, the plan knows its id. */
export function publicQuoteVehicle(vehicle: PricedVehicle, plan: RatePlan): QuoteVehicle {
  const category = plan.categories.find((candidate) => candidate.name === vehicle.category);
  return {
    id: vehicle.id,
    categoryId: category?.id ?? null,
    pricePerDay: parseMoney(vehicle.price_per_day) ?? 0,
    deposit: parseMoney(vehicle.deposit) ?? 0,
    mileageAllowance: vehicle.mileage_allowance,
  };
}
