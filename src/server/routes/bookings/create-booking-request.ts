import type { CustomerBookingRequest } from '#domain/api/bookings';
import { bookingRequestSchema } from '#domain/schemas/booking-request';
import { conflict, type FieldErrors, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { findCustomerRequest, insertBookingRequest } from '../../repositories/booking-requests.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { vehicleLocationIds } from '../../repositories/vehicles.ts';
import { checkDatesFree, fieldsError, REQUEST_NOT_FOUND, requestableVehicle } from './booking-refusals.ts';
import { cardImageUrl } from './card-image-url.ts';
import { mailRequestArrival } from './request-arrival-mail.ts';

/** POST booking-requests/: a signed-in customer asks to book a vehicle of an approved agency. */
export const createBookingRequest = defineRoute({
  method: 'POST',
  url: 'booking-requests/',
  access: ['customer'],
  body: bookingRequestSchema,
  async handler({ deps, user, request, body }) {
    const vehicle = await requestableVehicle(deps, body.vehicle_id);
    const pickupPoints = new Set(await vehicleLocationIds(deps.db, vehicle.id));
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
    await checkDatesFree(deps, vehicle.id, body.start_date, body.end_date);
    // The reply is read and stored inside the write's transaction (see plugins/idempotency-commit).
    let created: CustomerBookingRequest | undefined;
    await insertBookingRequest(
      deps.db,
      {
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
        created_at: deps.now().toISOString(),
      },
      async (trx, id) => {
        created = await findCustomerRequest(trx, id, customer.id, cardImageUrl(deps));
        if (created) await storeReplyWithWrite(trx, request, 201, created);
      },
    );
    if (!created) throw notFound(REQUEST_NOT_FOUND);
    await mailRequestArrival(deps, created.id, request.log);
    return created;
  },
});
