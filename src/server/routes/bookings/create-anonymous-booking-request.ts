import { anonymousBookingRequestSchema } from '#domain/schemas/booking-request';
import { conflict, fieldError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { type AnonymousBookingRequestReceipt, insertBookingRequest } from '../../repositories/booking-requests.ts';
import { findBlockingBooking, findBookableVehicle } from '../../repositories/bookings.ts';
import { DATES_NOT_AVAILABLE, VEHICLE_NOT_AVAILABLE } from './create-booking-request.ts';

/** POST rentals/booking-requests/: a visitor's request with contact details instead of an account. */
export const createAnonymousBookingRequest = defineRoute({
  method: 'POST',
  url: 'rentals/booking-requests/',
  access: 'public',
  body: anonymousBookingRequestSchema,
  async handler({ deps, body }): Promise<AnonymousBookingRequestReceipt> {
    const vehicle = await findBookableVehicle(deps.db, body.vehicle_id);
    if (!vehicle || vehicle.agency_status !== 'approved') throw fieldError(400, 'vehicle_id', VEHICLE_NOT_AVAILABLE);
    if (await findBlockingBooking(deps.db, vehicle.id, body.start_date, body.end_date)) {
      throw conflict(DATES_NOT_AVAILABLE);
    }
    const createdAt = deps.now().toISOString();
    const id = await insertBookingRequest(deps.db, {
      customer_id: null,
      vehicle_id: vehicle.id,
      agency_id: vehicle.agency_id,
      first_name: body.first_name,
      last_name: body.last_name,
      phone_number: body.phone_number,
      email: body.email,
      start_date: body.start_date,
      end_date: body.end_date,
      pickup_time: body.pickup_time,
      dropoff_time: body.dropoff_time,
      pickup_location_id: null,
      dropoff_location_id: null,
      message: body.message,
      status: 'pending',
      staff_notes: null,
      is_reviewed: 0,
      reviewed_by: null,
      reviewed_at: null,
      created_at: createdAt,
    });
    // A visitor gets nothing of the agency's back, only what identifies their request.
    return {
      id,
      status: 'pending',
      vehicle: vehicle.id,
      start_date: body.start_date,
      end_date: body.end_date,
      created_at: createdAt,
    };
  },
});
