import type { PublicVehicle } from '#domain/api/vehicles';
import { parseMoney } from '#domain/money';
import type { QuoteInput, QuoteVehicle, RatePlan } from '#domain/rate-plan';

/**
 * The device's side of a quote, kept free of React and the network so a test can price a choice
 * exactly as the forms do and hold it against the server's answer (tests/api/price-agreement.test.ts).
 */

/** The body of POST quotes/ the forms send: what the person chose so far. */
export interface QuoteBody {
  vehicle_id: number;
  start_date: string;
  end_date: string;
  pickup_time: string;
  dropoff_time: string;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  extras: { extra_id: number; quantity: number }[];
  driver_age: number | null;
  /** Staff's discount (Add and Edit Booking); the request forms send none. */
  discount_amount?: string;
}

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
