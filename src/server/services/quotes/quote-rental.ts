import { isStaffRole } from '#domain/constants';
import { formatMoney, MAX_AMOUNT } from '#domain/money';
import { quoteRental } from '#domain/quote';
import type { Quote } from '#domain/rate-plan';
import type { QuoteRequest } from '#domain/schemas/quote';
import type { AuthUser, Deps } from '../../context.ts';
import { type ExtraTaken, extraStockUse } from '../../repositories/extra-reservations.ts';
import { quoteVehicleFacts } from '../../repositories/quote-facts.ts';
import { Conflict, fieldRefusal, Invalid, NotFound, Refused } from '../errors.ts';
import { PUBLIC_VEHICLE_NOT_FOUND } from '../rate-plan.ts';
import { pricingPlan } from './pricing-plan.ts';
import { stockSentence } from './promise-extras.ts';

/** A rental's price by the agency's current plan, and the extras it would take from which stock. */
export interface PricedRental {
  quote: Quote;
  agencyId: number;
  extras: ExtraTaken[];
}

/**
 * Prices a rental the way every booking and request is priced (the server is the authority):
 * the vehicle's agency's current rate plan, the pure quote of src/domain/quote.ts, and the
 * stock of each limited extra at the pickup location for those dates. Nothing is stored or
 * promised; a write checks the stock again under its lock (promise-extras.ts).
 */
export async function priceRental(
  deps: Deps,
  input: QuoteRequest,
  caller: AuthUser | null,
  now: string,
  /** The booking or request being priced again (an edit), whose own extras are not counted against it. */
  except: { bookingId?: number; requestId?: number } = {},
): Promise<PricedRental> {
  const { db } = deps;
  if (input.discount_amount !== null && input.discount_amount > 0 && !isStaffRole(caller?.role)) {
    throw fieldRefusal(Refused, 'discount_amount', 'Only staff may give a discount.');
  }
  const vehicle = await quoteVehicleFacts(db, input.vehicle_id);
  // The public sees an approved agency's vehicles only; the agency's own staff and the operator
  // price its vehicles whatever its status (a pending agency books its own customers).
  const ownStaff = caller?.role === 'staff' || (isStaffRole(caller?.role) && caller?.agencyId === vehicle?.agencyId);
  if (!vehicle || (!vehicle.agencyApproved && !ownStaff)) throw new NotFound(PUBLIC_VEHICLE_NOT_FOUND);
  for (const [field, locationId] of [
    ['pickup_location_id', input.pickup_location_id],
    ['dropoff_location_id', input.dropoff_location_id],
  ] as const) {
    if (locationId !== null && !vehicle.locationIds.includes(locationId)) {
      throw fieldRefusal(Invalid, field, 'This vehicle is not picked up or dropped off there.');
    }
  }
  const plan = await pricingPlan(deps, vehicle.agencyId, vehicle.planVersion);
  const result = quoteRental(plan, {
    vehicle: {
      id: vehicle.id,
      categoryId: vehicle.categoryId,
      pricePerDay: vehicle.pricePerDay,
      deposit: vehicle.deposit,
      mileageAllowance: vehicle.mileageAllowance,
    },
    startDate: input.start_date,
    endDate: input.end_date,
    pickupTime: input.pickup_time,
    dropoffTime: input.dropoff_time,
    pickupLocationId: input.pickup_location_id,
    dropoffLocationId: input.dropoff_location_id,
    extras: input.extras.map((extra) => ({ extraId: extra.extra_id, quantity: extra.quantity })),
    driverAge: input.driver_age,
    discount: input.discount_amount ?? 0,
  });
  if (!result.ok) throw fieldRefusal(Invalid, result.problem.field, result.problem.message);
  if (result.quote.total > MAX_AMOUNT || result.quote.lines.some((line) => Math.abs(line.amount) > MAX_AMOUNT)) {
    throw fieldRefusal(
      Invalid,
      'end_date',
      `This rental would cost more than ${formatMoney(MAX_AMOUNT)}: choose fewer days.`,
    );
  }

  const extras: ExtraTaken[] = [];
  for (const chosen of input.extras) {
    const extra = plan.extras.find((candidate) => candidate.id === chosen.extra_id);
    if (!extra) continue;
    if (extra.stock === null) {
      extras.push({ extraId: extra.id, quantity: chosen.quantity, locationId: null });
      continue;
    }
    if (input.pickup_location_id === null) {
      throw fieldRefusal(Invalid, 'extras', `${extra.name}: choose a pickup location to take it from.`);
    }
    const use = await extraStockUse(
      db,
      extra.id,
      input.pickup_location_id,
      {
        startDate: input.start_date,
        endDate: input.end_date,
        now,
      },
      except,
    );
    const left = use ? use.stock - use.promised : 0;
    if (chosen.quantity > left) throw fieldRefusal(Conflict, 'extras', stockSentence(extra.name, left));
    extras.push({ extraId: extra.id, quantity: chosen.quantity, locationId: input.pickup_location_id });
  }
  return { quote: result.quote, agencyId: vehicle.agencyId, extras };
}
