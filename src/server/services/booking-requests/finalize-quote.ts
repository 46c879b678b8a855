import type { Kysely } from 'kysely';
import type { Quote } from '#domain/rate-plan';
import type { FinalizeInput } from '#domain/schemas/customer';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import type { findRequestBookingTerms } from '../../repositories/booking-requests.ts';
import type { ExtraTaken } from '../../repositories/extra-reservations.ts';
import { priceRental } from '../quotes/quote-rental.ts';
import { asStored, customerDriverAge, type LicenceHolder, type RequestQuote, requestQuote } from './request-quote.ts';

type RequestTerms = Awaited<ReturnType<typeof findRequestBookingTerms>>;

/** The quote a request's booking is made with, and the fresh quote when the wizard changed the choice. */
export interface ConfirmedQuote {
  /** Undefined: a request sent before quotes, confirmed as it was (priced by the day). */
  quote: RequestQuote | undefined;
  /** Set when the choice changed: the current plan's quote for it, as POST quotes/ would answer. */
  fresh: Quote | null;
}

function sameExtras(stored: readonly ExtraTaken[], chosen: readonly { extra_id: number; quantity: number }[]): boolean {
  if (stored.length !== chosen.length) return false;
  return chosen.every((choice) =>
    stored.some((extra) => extra.extraId === choice.extra_id && extra.quantity === choice.quantity),
  );
}

/**
 * The quote the customer's confirmation books (issue 21), in its transaction. The extras and the
 * driver's age the wizard sends replace the request's (a missing `extras` keeps the request's; a
 * date of birth on the customer's record decides the age). Unchanged, the booking takes the
 * request's stored quote, whatever the rates are now. Changed, the choice is priced with the
 * agency's current plan (priceRental: refusals on their field, the stock counted without the
 * request's own held extras); the booking then checks the stock again under the locks.
 */
export async function confirmedQuote(
  deps: Deps,
  trx: Kysely<Database>,
  user: AuthUser,
  terms: RequestTerms,
  customer: LicenceHolder,
  input: Pick<FinalizeInput, 'extras' | 'driver_age'>,
): Promise<ConfirmedQuote> {
  const stored = await requestQuote(trx, terms);
  const driverAge = customerDriverAge(customer, terms.start_date, input.driver_age ?? terms.driver_age);
  const extras =
    input.extras ?? (stored?.extras ?? []).map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity }));
  const unchanged = stored
    ? sameExtras(stored.extras, extras) && driverAge === stored.driverAge
    : extras.length === 0 && input.driver_age === null;
  if (unchanged) return { quote: stored, fresh: null };

  const priced = await priceRental(
    { ...deps, db: trx },
    {
      vehicle_id: terms.vehicle_id,
      start_date: terms.start_date,
      end_date: terms.end_date,
      pickup_time: terms.pickup_time,
      dropoff_time: terms.dropoff_time,
      pickup_location_id: terms.pickup_location_id,
      dropoff_location_id: terms.dropoff_location_id,
      extras,
      driver_age: driverAge,
      discount_amount: null,
    },
    user,
    deps.now().toISOString(),
    { requestId: terms.id },
  );
  const lines = asStored(priced.quote);
  return {
    quote: {
      planVersion: priced.quote.planVersion,
      driverAge,
      lines,
      extras: priced.extras,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
      termsFrom: 'now',
    },
    fresh: priced.quote,
  };
}
