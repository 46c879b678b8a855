import type * as v from 'valibot';
import type { StaffBooking } from '#domain/api/bookings';
import { isHoldExpired } from '#domain/request-hold';
import type { requestBookingSchema } from '#domain/schemas/booking';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { contactOnlyCustomer } from '../../repositories/contact-customer.ts';
import { findAgencyCustomerByEmail, insertCustomer } from '../../repositories/customers.ts';
import { findRequestBookingTerms } from '../../repositories/booking-requests.ts';
import { getStaffBooking, RequestAlreadyBookedError, RequestNotConfirmableError } from '../../repositories/bookings.ts';
import { rentalPrice } from '../booking-price.ts';
import { bookingConflict } from '../booking-refusals.ts';
import { placeBooking } from '../bookings/place-booking.ts';
import { Conflict } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { copyQuoteToBooking, requestQuote } from './request-quote.ts';
import { requestToBook, staffHoldEndedSentence } from './request-to-book.ts';

const NOT_ACCEPTED = 'Only an accepted booking request can be made into a booking.';

/** Who a visitor's request is booked for: the agency's customer with this e-mail, or a new record made from it. */
async function customerFor(
  trx: Kysely<Database>,
  visitor: { agencyId: number; first_name: string; last_name: string; phone_number: string; email: string },
  now: string,
): Promise<number> {
  const found = await findAgencyCustomerByEmail(trx, visitor.agencyId, visitor.email);
  if (found) return found.id;
  return insertCustomer(trx, contactOnlyCustomer(visitor, { user_id: null, agency_id: visitor.agencyId }, now));
}

/**
 * Staff make an accepted request, whose hold still runs, into its booking in one step (decision
 * 035). Vehicle, dates, times and places are the request's, and so are its stored quote's lines
 * and extras (their stock checked again under their locks, the request's own hold not counted);
 * the amount is the quote's total unless staff give one (a request sent before quotes is priced
 * by the day). A visitor's request is booked for the agency's customer with its
 * e-mail, or a customer record made from it. The booking is linked to the request (has_booking),
 * which ends the hold; all in one transaction with the reply stored for a replayed
 * Idempotency-Key. A conflict (409) when not accepted, expired, already booked, or the dates are
 * booked, blocked or held by another request.
 */
export async function bookRequest(
  deps: Deps,
  user: AuthUser,
  requestId: number,
  input: v.InferOutput<typeof requestBookingSchema>,
  replyKey: ReplyKey | null,
): Promise<StaffBooking> {
  const { agencyId, request, vehicle } = await requestToBook(deps, user, requestId);
  if (request.status !== 'accepted') throw new Conflict(NOT_ACCEPTED);
  if (request.booking_id !== null)
    throw new Conflict(`This booking request already has booking #${request.booking_id}.`);
  const now = deps.now();
  if (request.hold_until && isHoldExpired(request, now)) throw new Conflict(staffHoldEndedSentence(request.hold_until));

  const dates = { start_date: request.start_date, end_date: request.end_date, discount_amount: 0 };
  const person = request.customer_details;
  const at = now.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const customerId =
        request.customer !== null
          ? request.customer
          : await customerFor(
              trx,
              {
                agencyId,
                first_name: person.first_name,
                last_name: person.last_name,
                phone_number: person.phone_number,
                email: person.email,
              },
              at,
            );
      // The request's stored quote (none for one sent before quotes) prices the booking, unless staff typed an amount.
      const quote = await requestQuote(trx, await findRequestBookingTerms(trx, request.id));
      const bookingId = await placeBooking(
        trx,
        deps.dialect,
        {
          customer_id: customerId,
          booking_request_id: request.id,
          vehicle_id: vehicle.id,
          agency_id: vehicle.agency_id,
          start_date: request.start_date,
          end_date: request.end_date,
          pickup_time: request.pickup_time,
          dropoff_time: request.dropoff_time,
          pickup_location: request.pickup_location?.name ?? null,
          dropoff_location: request.dropoff_location?.name ?? null,
          booking_amount:
            input.booking_amount ?? quote?.total ?? rentalPrice(dates, vehicle.price_per_day, deps.config.currency),
          rate_plan_version: quote?.planVersion ?? null,
          driver_age: quote?.driverAge ?? null,
          booking_deposit: input.booking_deposit ?? vehicle.deposit,
          payment_method: input.payment_method,
          booking_status: input.booking_status,
          estimated_mileage: null,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: user.id,
          created_at: at,
        },
        { now: at, confirmsRequest: request.id },
      );
      if (quote) {
        const booking = {
          id: bookingId,
          requestId: request.id,
          vehicleId: vehicle.id,
          startDate: request.start_date,
          endDate: request.end_date,
        };
        await copyQuoteToBooking(trx, deps, quote, { ...booking, now: at });
      }
      const created = await getStaffBooking(trx, bookingId);
      await storeReplyWithWrite(trx, replyKey, 201, created);
      return created;
    });
  } catch (error) {
    if (error instanceof RequestNotConfirmableError) {
      throw new Conflict(error.holdUntil ? staffHoldEndedSentence(error.holdUntil) : NOT_ACCEPTED);
    }
    throw bookingConflict(isUniqueViolation(error) ? new RequestAlreadyBookedError() : error);
  }
}
