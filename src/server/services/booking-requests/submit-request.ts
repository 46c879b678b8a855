import type * as v from 'valibot';
import type { AnonymousBookingRequestReceipt } from '#domain/api/booking-requests';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import type { anonymousBookingRequestSchema, bookingRequestSchema } from '#domain/schemas/booking-request';
import type { Deps } from '../../context.ts';
import { findCustomerRequest } from '../../repositories/booking-requests.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { requestQuoteViews } from '../../repositories/stored-quotes.ts';
import { vehicleLocationIds } from '../../repositories/vehicles.ts';
import { cardImageUrl } from '../card-image-url.ts';
import { checkDatesFree, fieldsError, REQUEST_NOT_FOUND, requestableVehicle } from '../booking-refusals.ts';
import { Conflict, type FieldMessages, NotFound } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { customerDriverAge, insertPricedRequest, refuseLicenceExpiringBefore } from './request-quote.ts';

type CustomerRequestInput = v.InferOutput<typeof bookingRequestSchema>;
type VisitorRequestInput = v.InferOutput<typeof anonymousBookingRequestSchema>;

/**
 * A signed-in customer asks to book a vehicle of an approved agency, from one of its pickup
 * points, for days no booking or unavailability period takes, with a driving licence that lasts
 * to the return. The request is priced by the server (its lines, plan version, driver's age and
 * extras stored with it) and stored with its reply (for a replayed Idempotency-Key) in one
 * transaction. The driver's age is the customer's on the start date when their profile has a
 * date of birth, else the body's.
 */
export async function submitCustomerRequest(
  deps: Deps,
  userId: number,
  input: CustomerRequestInput,
  replyKey: ReplyKey | null,
): Promise<CustomerBookingRequest> {
  const vehicle = await requestableVehicle(deps, input.vehicle_id);
  const pickupPoints = new Set(await vehicleLocationIds(deps.db, vehicle.id));
  const fields: FieldMessages = {};
  if (!pickupPoints.has(input.pickup_location_id)) {
    fields.pickup_location_id = ['Choose a pickup location of this vehicle.'];
  }
  if (!pickupPoints.has(input.dropoff_location_id)) {
    fields.dropoff_location_id = ['Choose a dropoff location of this vehicle.'];
  }
  if (Object.keys(fields).length) throw fieldsError(fields);
  const customer = await findCustomerByUserId(deps.db, userId);
  if (!customer) throw new Conflict('Your customer profile is missing.');
  refuseLicenceExpiringBefore(customer, input.end_date);
  await checkDatesFree(deps, vehicle.id, input.start_date, input.end_date);
  const driverAge = customerDriverAge(customer, input.start_date, input.driver_age);
  const created = await deps.db.transaction().execute(async (trx) => {
    const { id } = await insertPricedRequest(
      deps,
      trx,
      {
        customer_id: customer.id,
        vehicle_id: vehicle.id,
        agency_id: vehicle.agency_id,
        first_name: null,
        last_name: null,
        phone_number: null,
        email: null,
        start_date: input.start_date,
        end_date: input.end_date,
        pickup_time: input.pickup_time,
        dropoff_time: input.dropoff_time,
        pickup_location_id: input.pickup_location_id,
        dropoff_location_id: input.dropoff_location_id,
        message: input.message,
        created_at: deps.now().toISOString(),
      },
      { ...input, driver_age: driverAge },
    );
    const request = await findCustomerRequest(trx, id, customer.id, cardImageUrl(deps));
    if (request) await storeReplyWithWrite(trx, replyKey, 201, request);
    return request;
  });
  if (!created) throw new NotFound(REQUEST_NOT_FOUND);
  return created;
}

/**
 * A visitor's request, with contact details instead of an account, priced and stored like a
 * customer's (the driver's age is the body's). The visitor gets nothing of the agency's back,
 * only what identifies their request and the quote it was stored with.
 */
export async function submitVisitorRequest(
  deps: Deps,
  input: VisitorRequestInput,
  replyKey: ReplyKey | null,
): Promise<AnonymousBookingRequestReceipt> {
  const vehicle = await requestableVehicle(deps, input.vehicle_id);
  await checkDatesFree(deps, vehicle.id, input.start_date, input.end_date);
  const createdAt = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const { id, priced } = await insertPricedRequest(
      deps,
      trx,
      {
        customer_id: null,
        vehicle_id: vehicle.id,
        agency_id: vehicle.agency_id,
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        email: input.email,
        start_date: input.start_date,
        end_date: input.end_date,
        pickup_time: input.pickup_time,
        dropoff_time: input.dropoff_time,
        pickup_location_id: input.pickup_location_id,
        dropoff_location_id: input.dropoff_location_id,
        message: input.message,
        created_at: createdAt,
      },
      input,
    );
    const quotes = await requestQuoteViews(trx, [{ id, planVersion: priced.quote.planVersion }]);
    const quote = quotes.get(id);
    if (!quote) throw new NotFound(REQUEST_NOT_FOUND);
    const receipt: AnonymousBookingRequestReceipt = {
      id,
      status: 'pending',
      vehicle: vehicle.id,
      start_date: input.start_date,
      end_date: input.end_date,
      created_at: createdAt,
      quote,
    };
    await storeReplyWithWrite(trx, replyKey, 201, receipt);
    return receipt;
  });
}
