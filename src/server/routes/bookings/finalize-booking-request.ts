import { isHoldExpired } from '#domain/request-hold';
import { finalizeSchema } from '#domain/schemas/customer';
import { conflict, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { finalizeBookingRequest, findRequestForFinalize } from '../../repositories/booking-requests.ts';
import { findCustomerBooking } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { paymentProvider } from '../../services/payments/provider.ts';
import { mailBookingConfirmed } from './booking-confirmed-mail.ts';
import { requestIdParams } from './booking-params.ts';
import {
  bookingConflict,
  holdEndedSentence,
  REQUEST_ALREADY_CONFIRMED,
  REQUEST_NOT_ACCEPTED,
  REQUEST_NOT_FOUND,
  refuseRetiredVehicle,
} from './booking-refusals.ts';
import { cardImageUrl } from './card-image-url.ts';

/**
 * POST booking-request/:id/finalize/: the customer confirms their accepted request (step 3 of
 * the wizard) while its hold runs (after that, a 409 says it expired): address and next of kin are stored and the confirmed booking created, together.
 * With pay_now the payment provider takes the deposit in the same transaction. Answers the
 * booking in the customer's shape.
 */
export const finalizeBookingRequestRoute = defineRoute({
  method: 'POST',
  url: 'booking-request/:id/finalize/',
  access: ['customer'],
  params: requestIdParams,
  body: finalizeSchema,
  async handler({ deps, user, params, body, request: call }) {
    const customer = await findCustomerByUserId(deps.db, user.id);
    const request = await findRequestForFinalize(deps.db, params.id);
    if (!customer || !request || request.customer_id !== customer.id) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'accepted') throw conflict(REQUEST_NOT_ACCEPTED);
    if (request.booking_id !== null) throw conflict(REQUEST_ALREADY_CONFIRMED);
    const hold = { status: request.status, has_booking: false, hold_until: request.hold_until };
    if (request.hold_until && isHoldExpired(hold, deps.now())) throw conflict(holdEndedSentence(request.hold_until));
    if (!customer.drivers_license_key) throw conflict("Please upload your driver's license first.");
    await refuseRetiredVehicle(deps, request.vehicle_id);

    const now = deps.now().toISOString();
    let bookingId: number;
    try {
      bookingId = await finalizeBookingRequest(deps.db, deps.dialect, {
        requestId: request.id,
        customerId: customer.id,
        userId: user.id,
        paymentMethod: body.pay_now ? 'debit_card' : 'cash',
        now,
        // No card is charged here (services/payments/provider): "pay now" records the deposit due at the desk.
        ...(body.pay_now && {
          afterBooking: (trx, booking) =>
            paymentProvider.requestDeposit(trx, {
              bookingId: booking.id,
              agencyId: booking.agencyId,
              amount: booking.deposit,
              method: 'debit_card',
              dueOn: booking.startDate,
              customerUserId: user.id,
              now,
            }),
        }),
        customer: {
          national_id: body.national_id,
          street_address: body.street_address,
          address_line2: body.address_line2,
          city: body.city,
          country: body.country,
          next_of_kin1_first_name: body.next_of_kin1_first_name,
          next_of_kin1_last_name: body.next_of_kin1_last_name,
          next_of_kin1_id_number: body.next_of_kin1_id_number,
          next_of_kin1_phone: body.next_of_kin1_phone,
          updated_at: now,
        },
      });
    } catch (error) {
      throw bookingConflict(error);
    }
    // The customer's view of their new booking, as GET bookings/{id}/ gives it: no staff fields.
    const booking = await findCustomerBooking(deps.db, bookingId, customer.id, cardImageUrl(deps));
    await mailBookingConfirmed(deps, request.id, booking, call.log);
    return { booking_id: bookingId, booking };
  },
});
