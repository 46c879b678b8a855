import { bookingRequestSchema } from '#domain/schemas/booking-request';
import { conflict, type FieldErrors, fieldError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import {
  findCustomerRequest,
  insertBookingRequest,
  vehiclePickupLocationIds,
} from '../../repositories/booking-requests.ts';
import { findBlockingBooking, findBookableVehicle } from '../../repositories/bookings.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { cardImageUrl, fieldsError, REQUEST_NOT_FOUND } from './common.ts';

export const VEHICLE_NOT_AVAILABLE = 'This vehicle is not available.';
export const DATES_NOT_AVAILABLE = 'This vehicle is not available for those dates.';

/** POST booking-requests/: a signed-in customer asks to book a vehicle of an approved agency. */
export const createBookingRequest = defineRoute({
  method: 'POST',
  url: 'booking-requests/',
  access: ['customer'],
  body: bookingRequestSchema,
  async handler({ deps, user, body }) {
    const vehicle = await findBookableVehicle(deps.db, body.vehicle_id);
    if (!vehicle || vehicle.agency_status !== 'approved') throw fieldError(400, 'vehicle_id', VEHICLE_NOT_AVAILABLE);
    const pickupPoints = await vehiclePickupLocationIds(deps.db, vehicle.id);
    const fields: FieldErrors = {};
    if (!pickupPoints.has(body.pickup_location_id)) {
      fields.pickup_location_id = ['Choose a pickup location of this vehicle.'];
    }
    if (!pickupPoints.has(body.dropoff_location_id)) {
      fields.dropoff_location_id = ['Choose a dropoff location of this vehicle.'];
    }
    if (Object.keys(fields).length) throw fieldsError(fields);
    const customer = await findCustomerByUserId(deps.db, user.id);
    if (!customer) throw conflict('Your customer profile is missing.');
    if (await findBlockingBooking(deps.db, vehicle.id, body.start_date, body.end_date)) {
      throw conflict(DATES_NOT_AVAILABLE);
    }
    const id = await insertBookingRequest(deps.db, {
      customer_id: customer.id,
      vehicle_id: vehicle.id,
      agency_id: vehicle.agency_id,
      first_name: null,
      last_name: null,
      phone_number: null,
      email: null,
      start_date: body.start_date,
      end_date: body.end_date,
      pickup_time: body.pickup_time,
      dropoff_time: body.dropoff_time,
      pickup_location_id: body.pickup_location_id,
      dropoff_location_id: body.dropoff_location_id,
      message: body.message,
      status: 'pending',
      staff_notes: null,
      is_reviewed: 0,
      reviewed_by: null,
      reviewed_at: null,
      created_at: deps.now().toISOString(),
    });
    const created = await findCustomerRequest(deps.db, id, customer.id, cardImageUrl(deps));
    if (!created) throw notFound(REQUEST_NOT_FOUND);
    return created;
  },
});
