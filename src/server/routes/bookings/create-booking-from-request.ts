import type { StaffBooking } from '#domain/api/bookings';
import { isHoldExpired } from '#domain/request-hold';
import { requestBookingSchema } from '#domain/schemas/booking';
import { conflict } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { bookRequest, RequestNotConfirmableError } from '../../repositories/booking-requests.ts';
import { getStaffBooking } from '../../repositories/bookings.ts';
import { requestIdParams } from './booking-params.ts';
import { bookingConflict } from './booking-refusals.ts';
import { requestToBook, staffHoldEndedSentence } from './request-booking-rules.ts';
import { rentalPrice } from './staff-booking-rules.ts';

const NOT_ACCEPTED = 'Only an accepted booking request can be made into a booking.';

/**
 * POST staff-booking-requests/:id/booking/: staff make an accepted request, whose hold still
 * runs, into its booking in one step (decision 035). Vehicle, dates, times and places are the
 * request's; the amount is priced like Add Booking's unless given. A visitor's request is booked
 * for the agency's customer with its e-mail, or a customer record made from it. The booking is
 * linked to the request (has_booking), which ends the hold; all in one transaction with the reply
 * stored for a replayed Idempotency-Key. 409 when not accepted, expired, already booked, or the
 * dates are booked, blocked or held by another request.
 */
export const createBookingFromRequest = defineRoute({
  method: 'POST',
  url: 'staff-booking-requests/:id/booking/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  body: requestBookingSchema,
  async handler({ deps, user, params, body, request: http }) {
    const { agencyId, request, vehicle } = await requestToBook(deps, user, params.id);
    if (request.status !== 'accepted') throw conflict(NOT_ACCEPTED);
    if (request.booking_id !== null) throw conflict(`This booking request already has booking #${request.booking_id}.`);
    const now = deps.now();
    if (request.hold_until && isHoldExpired(request, now)) throw conflict(staffHoldEndedSentence(request.hold_until));

    const dates = { start_date: request.start_date, end_date: request.end_date, discount_amount: 0 };
    const person = request.customer_details;
    let created: StaffBooking | undefined;
    try {
      await bookRequest(deps.db, deps.dialect, {
        requestId: request.id,
        customer:
          request.customer !== null
            ? { id: request.customer }
            : {
                agencyId,
                first_name: person.first_name,
                last_name: person.last_name,
                phone_number: person.phone_number,
                email: person.email,
              },
        booking: {
          vehicle_id: vehicle.id,
          agency_id: vehicle.agency_id,
          start_date: request.start_date,
          end_date: request.end_date,
          pickup_time: request.pickup_time,
          dropoff_time: request.dropoff_time,
          pickup_location: request.pickup_location?.name ?? null,
          dropoff_location: request.dropoff_location?.name ?? null,
          booking_amount: body.booking_amount ?? rentalPrice(dates, vehicle.price_per_day, deps.config.currency),
          booking_deposit: body.booking_deposit ?? vehicle.deposit,
          payment_method: body.payment_method,
          booking_status: body.booking_status,
          estimated_mileage: null,
          discount_amount: 0,
          discount_description: null,
          notes: null,
          created_by: user.id,
          created_at: now.toISOString(),
        },
        now: now.toISOString(),
        afterBooking: async (trx, bookingId) => {
          created = await getStaffBooking(trx, bookingId);
          await storeReplyWithWrite(trx, http, 201, created);
        },
      });
    } catch (error) {
      if (error instanceof RequestNotConfirmableError) {
        throw conflict(error.holdUntil ? staffHoldEndedSentence(error.holdUntil) : NOT_ACCEPTED);
      }
      throw bookingConflict(error);
    }
    // Set inside the committed transaction; never missing once bookRequest returned.
    if (!created) throw new Error('booking created without its reply');
    return created;
  },
});
