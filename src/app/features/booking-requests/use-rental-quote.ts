import { useMemo } from 'react';
import { quoteFromView, quotesDiffer } from '#domain/quote-view';
import { isIsoDate, isTime } from '#domain/dates';
import { formatMoney as toDecimal } from '#domain/money';
import { quoteRental } from '#domain/quote';
import type { RatePlanView } from '#domain/api/rate-plan';
import type { Quote, QuoteProblem, QuoteVehicle, RatePlan } from '#domain/rate-plan';
import { ratePlanFromView } from '#domain/rate-plan-view';
import { ApiError } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useServerQuote, type QuoteBody } from './api/get-quote.ts';
import type { ShownVehicle } from './api/get-public-vehicle.ts';
import { useVehicleRatePlan } from './api/get-vehicle-rate-plan.ts';
import { publicQuoteVehicle, quoteInput } from './device-quote.ts';

/** What the person chose so far on a request form, as the quote reads it. */
export interface RentalChoice {
  startDate: string;
  endDate: string;
  pickupTime: string;
  dropoffTime: string;
  pickupLocationId: number | null;
  dropoffLocationId: number | null;
  extras: { extraId: number; quantity: number }[];
  driverAge: number | null;
  /**
   * Staff's discount in minor units (a line of the quote); null while what was typed is no amount
   * (nothing is priced then). Left out on the request forms.
   */
  discount?: number | null;
}

export interface RentalQuote {
  /** The agency's price list (cached on the device); null until it is known. */
  plan: RatePlan | null;
  planPending: boolean;
  /** Dates (and times) are chosen and in order: there is something to price. */
  chosen: boolean;
  /** The lines to show: the server's once it answered for this very choice, else the device's estimate. */
  quote: Quote | null;
  /** The server answered for the current choice: the lines are its own, not an estimate. */
  confirmed: boolean;
  /** The server's quote differs from what the device computed: the agency's rates changed meanwhile. */
  changed: boolean;
  /** Why it cannot be priced, on a field of the form (the server's 400/409, or the device's own). */
  problem: QuoteProblem | null;
}

/** How long the choice must stay still before the server is asked to confirm it. */
const CONFIRM_AFTER_MS = 300;

function bodyFor(vehicleId: number | null, choice: RentalChoice): QuoteBody | null {
  const { startDate, endDate, pickupTime, dropoffTime } = choice;
  if (vehicleId === null) return null;
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate) return null;
  if (!isTime(pickupTime) || !isTime(dropoffTime)) return null;
  if (choice.discount === null) return null;
  return {
    vehicle_id: vehicleId,
    start_date: startDate,
    end_date: endDate,
    pickup_time: pickupTime,
    dropoff_time: dropoffTime,
    pickup_location_id: choice.pickupLocationId,
    dropoff_location_id: choice.dropoffLocationId,
    extras: choice.extras.map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity })),
    driver_age: choice.driverAge,
    // Staff only: the request forms never send one.
    ...(choice.discount !== undefined && choice.discount > 0 ? { discount_amount: toDecimal(choice.discount) } : {}),
  };
}

/** The server's refusal as a problem on a field; a refusal naming none is said on the quote. */
function problemOf(error: unknown): QuoteProblem | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const [field, messages] = Object.entries(error.fields)[0] ?? [];
  return { field: field ?? 'quote', message: messages?.[0] ?? error.message };
}

/** Where the device's price list comes from: a query of the vehicle's agency's plan. */
export interface PlanSource {
  data: RatePlanView | undefined;
  isPending: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * The itemised price of a choice (issue 21), for any form that prices a rental: computed on the
 * device at once from the plan with the one quote function, and confirmed by POST quotes/ once the
 * choice stays still ~300 ms. Offline the device's estimate stands. `vehicleOf` reads the vehicle
 * as the quote needs it from the plan; a null vehicle id means nothing is chosen yet.
 */
export function usePlanQuote(
  vehicleId: number | null,
  vehicleOf: (plan: RatePlan) => QuoteVehicle | null,
  planSource: PlanSource,
  choice: RentalChoice,
): RentalQuote {
  const plan = useMemo(() => (planSource.data ? ratePlanFromView(planSource.data) : null), [planSource.data]);

  const body = bodyFor(vehicleId, choice);
  const bodyText = body ? JSON.stringify(body) : null;
  const settledText = useDebouncedValue(bodyText, CONFIRM_AFTER_MS);
  // Asked only once the choice has settled, and only for the choice on screen.
  const server = useServerQuote(bodyText !== null && settledText === bodyText ? body : null);

  // Cheap (it grows with the seasons, not the days): computed on every render, at once.
  const quoteVehicle = plan && body ? vehicleOf(plan) : null;
  const device =
    plan && body && quoteVehicle ? quoteRental(plan, quoteInput(quoteVehicle, body, choice.discount ?? 0)) : null;

  const answered = server.data && server.isSuccess && bodyText !== null && settledText === bodyText;
  const serverQuote = useMemo(
    () => (answered && server.data ? quoteFromView(server.data) : null),
    [answered, server.data],
  );
  const refused = bodyText !== null && settledText === bodyText ? problemOf(server.error) : null;
  const estimate = device?.ok ? device.quote : null;

  return {
    plan,
    // Offline with no plan kept here, the query waits for the network: that is not "loading".
    planPending: planSource.isPending && planSource.fetchStatus === 'fetching',
    chosen: body !== null,
    quote: refused ? null : (serverQuote ?? estimate),
    confirmed: serverQuote !== null && !refused,
    changed: serverQuote !== null && estimate !== null && quotesDiffer(estimate, serverQuote),
    problem: refused ?? (device && !device.ok ? device.problem : null),
  };
}

/**
 * The itemised price of a request form's choice (issue 21), from the vehicle's agency's plan as
 * the public reads it (GET public-vehicles/{id}/rate-plan/, kept on the device).
 */
export function useRentalQuote(vehicle: ShownVehicle, choice: RentalChoice): RentalQuote {
  const planQuery = useVehicleRatePlan(vehicle.id);
  return usePlanQuote(vehicle.id, (plan) => publicQuoteVehicle(vehicle, plan), planQuery, choice);
}
