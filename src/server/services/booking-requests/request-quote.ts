import type { QuoteBody } from '#domain/api/quotes';
import type { Kysely } from 'kysely';
import type { Quote } from '#domain/rate-plan';
import { ageOn } from '#domain/schemas/customer';
import type { Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import {
  insertBookingRequest,
  type RequestSubmission,
  setRequestPlanVersion,
} from '../../repositories/booking-requests.ts';
import {
  type ExtraTaken,
  insertBookingExtras,
  insertRequestExtras,
  requestExtras,
} from '../../repositories/extra-reservations.ts';
import {
  requestQuoteLines,
  type StoredQuoteLine,
  storeBookingQuoteLines,
  storeRequestQuoteLines,
} from '../../repositories/quote-lines.ts';
import { copyRequestTermsToBooking, storeBookingTerms, storeRequestTerms } from '../../repositories/booking-terms.ts';
import { britishDate } from '../booking-refusals.ts';
import { fieldRefusal, Invalid } from '../errors.ts';
import { assertExtrasInStock } from '../quotes/promise-extras.ts';
import { type PricedRental, priceRental } from '../quotes/quote-rental.ts';

/** What a request is priced for: the body's rental (a quote's, without staff's discount), the driver's age decided. */
export type RequestRental = Omit<QuoteBody, 'discount_amount'>;

/** The customer's record as the request reads it: their date of birth and their licence's expiry. */
export interface LicenceHolder {
  date_of_birth: string | null;
  license_expiry: string | null;
}

/**
 * The driver's age a signed-in customer's request is priced for: their age on the start date when
 * their profile has a date of birth (what the body says is then ignored), else the body's.
 */
export function customerDriverAge(customer: LicenceHolder, startDate: string, bodyAge: number | null): number | null {
  return customer.date_of_birth ? ageOn(customer.date_of_birth, startDate) : bodyAge;
}

/** A licence that expires before the return refuses the request (400 on end_date). */
export function refuseLicenceExpiringBefore(customer: LicenceHolder, endDate: string): void {
  if (customer.license_expiry !== null && customer.license_expiry < endDate) {
    throw fieldRefusal(
      Invalid,
      'end_date',
      `Your driving license expires on ${britishDate(customer.license_expiry)}, before the return. Update it in Settings first.`,
    );
  }
}

/**
 * Prices a request with the server's one rule (priceRental) inside its transaction: the
 * vehicle's agency's current plan, the stock of limited extras at the pickup location. Refusals
 * are priceRental's, on their field. No discount: only staff give one.
 */
async function priceRequest(deps: Deps, trx: Kysely<Database>, rental: RequestRental): Promise<PricedRental> {
  return priceRental({ ...deps, db: trx }, { ...rental, discount_amount: null }, null, deps.now().toISOString());
}

/** A fresh quote's lines as stored: nothing overridden. */
export function asStored(quote: Quote): StoredQuoteLine[] {
  return quote.lines.map((line) => ({ ...line, quotedAmount: null, overrideReason: null }));
}

/**
 * Stores a new request with what the server priced it at, in the caller's transaction: its lines,
 * the plan's version, the driver's age and the extras it takes (with their stock location). The
 * row is written first: on SQLite that write takes the database's write lock before anything is
 * read, so another process writing meanwhile cannot leave this transaction on a stale snapshot
 * (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out). A refusal of the pricing rolls it back.
 */
export async function insertPricedRequest(
  deps: Deps,
  trx: Kysely<Database>,
  values: Omit<RequestSubmission, 'rate_plan_version' | 'driver_age'>,
  rental: RequestRental,
): Promise<{ id: number; priced: PricedRental }> {
  const id = await insertBookingRequest(trx, { ...values, rate_plan_version: null, driver_age: rental.driver_age });
  const priced = await priceRequest(deps, trx, rental);
  await setRequestPlanVersion(trx, id, priced.quote.planVersion);
  await storeRequestQuoteLines(trx, id, asStored(priced.quote));
  await storeRequestTerms(trx, id, rental.vehicle_id);
  await insertRequestExtras(trx, id, priced.extras);
  return { id, priced };
}

/** A request's stored quote, as its booking takes it; undefined for a request sent before quotes. */
export interface RequestQuote {
  planVersion: number;
  driverAge: number | null;
  lines: StoredQuoteLine[];
  extras: ExtraTaken[];
  /** The quote's total: exactly the sum of its lines (decision 044). */
  total: number;
  /** Whose terms (km, fuel, late return) the booking keeps: the request's, or today's when priced again. */
  termsFrom: 'request' | 'now';
}

export async function requestQuote(
  trx: Kysely<Database>,
  request: { id: number; rate_plan_version: number | null; driver_age: number | null },
): Promise<RequestQuote | undefined> {
  if (request.rate_plan_version === null) return undefined;
  const [lines, extras] = await Promise.all([requestQuoteLines(trx, request.id), requestExtras(trx, request.id)]);
  return {
    planVersion: request.rate_plan_version,
    driverAge: request.driver_age,
    lines,
    extras,
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    termsFrom: 'request',
  };
}

/**
 * The booking made from a request takes the request's quote: its lines, its terms and its extras, the stock
 * checked again under each extra's lock (the request's own hold not counted against it). Call in
 * the booking's transaction, after the booking is placed (the vehicle's lock is taken first, as
 * an acceptance takes it). Throws Conflict on `extras` when one is short.
 */
export async function copyQuoteToBooking(
  trx: Kysely<Database>,
  deps: Pick<Deps, 'dialect'>,
  quote: RequestQuote,
  booking: { id: number; requestId: number; vehicleId: number; startDate: string; endDate: string; now: string },
): Promise<void> {
  await assertExtrasInStock(trx, deps.dialect, {
    extras: quote.extras,
    startDate: booking.startDate,
    endDate: booking.endDate,
    now: booking.now,
    except: { requestId: booking.requestId, bookingId: booking.id },
  });
  await storeBookingQuoteLines(trx, booking.id, quote.lines);
  if (quote.termsFrom === 'request') {
    await copyRequestTermsToBooking(trx, booking.requestId, { id: booking.id, vehicleId: booking.vehicleId });
  } else {
    await storeBookingTerms(trx, booking.id, booking.vehicleId);
  }
  await insertBookingExtras(trx, booking.id, quote.extras);
}
