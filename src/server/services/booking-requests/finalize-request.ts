import type { CustomerBooking } from '#domain/api/bookings';
import { moneyText } from '#domain/money';
import { priceRental } from '#domain/pricing';
import { quoteToView } from '#domain/quote-view';
import { isHoldExpired } from '#domain/request-hold';
import type { FinalizeInput } from '#domain/schemas/customer';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { findRequestBookingTerms, findRequestForFinalize } from '../../repositories/booking-requests.ts';
import { findCustomerBooking, RequestAlreadyBookedError } from '../../repositories/bookings.ts';
import { findCustomerByUserId, updateCustomerDetails } from '../../repositories/customers.ts';
import {
  bookingConflict,
  holdEndedSentence,
  REQUEST_ALREADY_CONFIRMED,
  REQUEST_NOT_ACCEPTED,
  REQUEST_NOT_FOUND,
  refuseRetiredVehicle,
} from '../booking-refusals.ts';
import { placeBooking } from '../bookings/place-booking.ts';
import { cardImageUrl } from '../card-image-url.ts';
import { Conflict, fieldRefusal, NotFound, PriceChanged } from '../errors.ts';
import { paymentProvider } from '../payments/provider.ts';
import { confirmedQuote } from './finalize-quote.ts';
import { copyQuoteToBooking, refuseLicenceExpiringBefore } from './request-quote.ts';

/** "The price changed to £512.40 since you saw it. Check the new price and confirm again." */
export function priceChangedSentence(total: number, currency: string): string {
  return `The price changed to ${moneyText(total, currency)} since you saw it. Check the new price and confirm again.`;
}

export interface FinalizedRequest {
  booking_id: number;
  booking: CustomerBooking | undefined;
}

/**
 * The customer confirms their accepted request (step 3 of the wizard) while its hold runs (after
 * that, a conflict says it expired). In one transaction, under the vehicle's lock: the booking is
 * created (confirmed, with the request's stored quote: its lines, total and extras, the extras'
 * stock checked again under their locks; with extras or the driver's age changed in the wizard,
 * the current plan's quote for the new choice, finalize-quote.ts; a request sent before quotes is
 * priced from the vehicle), the customer's address and next of kin stored, and with pay_now the deposit
 * recorded as due at the desk (no card is charged here, services/payments/provider) — or nothing
 * is. A request finalized first by a concurrent call is a conflict (409), as are dates taken
 * meanwhile. A licence expiring before the return is refused (400 on end_date), and a total other
 * than `expected_total` (what the screen showed) is a 409 on it carrying the new quote: nothing
 * is written.
 */
export async function finalizeBookingRequest(
  deps: Deps,
  user: AuthUser,
  requestId: number,
  input: FinalizeInput,
): Promise<FinalizedRequest> {
  const customer = await findCustomerByUserId(deps.db, user.id);
  const request = await findRequestForFinalize(deps.db, requestId);
  if (!customer || !request || request.customer_id !== customer.id) throw new NotFound(REQUEST_NOT_FOUND);
  if (request.status !== 'accepted') throw new Conflict(REQUEST_NOT_ACCEPTED);
  if (request.booking_id !== null) throw new Conflict(REQUEST_ALREADY_CONFIRMED);
  const hold = { status: request.status, has_booking: false, hold_until: request.hold_until };
  if (request.hold_until && isHoldExpired(hold, deps.now())) throw new Conflict(holdEndedSentence(request.hold_until));
  if (!customer.drivers_license_key) throw new Conflict("Please upload your driver's license first.");
  // The license step's dates, when sent, stand for the record's: the booking is checked and priced with them.
  const holder = {
    date_of_birth: input.date_of_birth === undefined ? customer.date_of_birth : input.date_of_birth,
    license_expiry: input.license_expiry === undefined ? customer.license_expiry : input.license_expiry,
  };
  refuseLicenceExpiringBefore(holder, request.end_date);
  await refuseRetiredVehicle(deps, request.vehicle_id);

  const now = deps.now().toISOString();
  const paymentMethod = input.pay_now ? 'debit_card' : 'cash';
  let bookingId: number;
  try {
    bookingId = await deps.db.transaction().execute(async (trx) => {
      const terms = await findRequestBookingTerms(trx, request.id);
      // A request sent with a quote is booked at its quote's total (or, with the extras or age
      // changed in the wizard, at the current plan's); one sent before quotes, by the day.
      const { quote, fresh } = await confirmedQuote(deps, trx, user, terms, holder, input);
      const total =
        quote?.total ??
        priceRental({ startDate: terms.start_date, endDate: terms.end_date, pricePerDay: terms.price_per_day })
          ?.total ??
        0;
      if (input.expected_total !== null && input.expected_total !== total) {
        const sentence = priceChangedSentence(total, deps.config.currency);
        throw fresh
          ? new PriceChanged(sentence, quoteToView(fresh))
          : fieldRefusal(Conflict, 'expected_total', sentence);
      }
      // placeBooking locks the vehicle first, so a concurrent finalize of this request waits
      // there and then finds the booking the first one made.
      const id = await placeBooking(
        trx,
        deps.dialect,
        {
          customer_id: customer.id,
          vehicle_id: terms.vehicle_id,
          agency_id: terms.agency_id,
          booking_request_id: request.id,
          start_date: terms.start_date,
          end_date: terms.end_date,
          pickup_time: terms.pickup_time,
          dropoff_time: terms.dropoff_time,
          pickup_location: terms.pickup_location,
          dropoff_location: terms.dropoff_location,
          pickup_location_id: terms.pickup_location_id,
          dropoff_location_id: terms.dropoff_location_id,
          booking_amount: total,
          rate_plan_version: quote?.planVersion ?? terms.rate_plan_version,
          driver_age: quote?.driverAge ?? terms.driver_age,
          booking_deposit: terms.deposit,
          payment_method: paymentMethod,
          booking_status: 'confirmed',
          estimated_mileage: null,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: user.id,
          created_at: now,
        },
        { now, confirmsRequest: request.id },
      );
      if (quote) {
        const booking = {
          id,
          requestId: request.id,
          vehicleId: terms.vehicle_id,
          startDate: terms.start_date,
          endDate: terms.end_date,
          now,
        };
        await copyQuoteToBooking(trx, deps, quote, booking);
      }
      await updateCustomerDetails(trx, customer.id, {
        national_id: input.national_id,
        street_address: input.street_address,
        address_line2: input.address_line2,
        city: input.city,
        country: input.country,
        next_of_kin1_first_name: input.next_of_kin1_first_name,
        next_of_kin1_last_name: input.next_of_kin1_last_name,
        next_of_kin1_id_number: input.next_of_kin1_id_number,
        next_of_kin1_phone: input.next_of_kin1_phone,
        date_of_birth: holder.date_of_birth,
        license_expiry: holder.license_expiry,
        ...(input.license_number === undefined ? {} : { license_number: input.license_number }),
        updated_at: now,
      });
      if (input.pay_now) {
        await paymentProvider.requestDeposit(trx, {
          bookingId: id,
          agencyId: terms.agency_id,
          amount: terms.deposit,
          method: 'debit_card',
          dueOn: terms.start_date,
          customerUserId: user.id,
          now,
        });
      }
      return id;
    });
  } catch (error) {
    throw bookingConflict(isUniqueViolation(error) ? new RequestAlreadyBookedError() : error);
  }
  // The customer's view of their new booking, as GET bookings/{id}/ gives it: no staff fields.
  const booking = await findCustomerBooking(deps.db, bookingId, customer.id, cardImageUrl(deps));
  return { booking_id: bookingId, booking };
}
