import { anonymousBookingRequestSchema } from '#domain/schemas/booking-request';
import { defineRoute } from '../../http/route.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { type AnonymousBookingRequestReceipt, insertBookingRequest } from '../../repositories/booking-requests.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { checkDatesFree, requestableVehicle } from './booking-refusals.ts';
import { mailRequestArrival } from './request-arrival-mail.ts';

/** POST rentals/booking-requests/: a visitor's request with contact details instead of an account. */
export const createAnonymousBookingRequest = defineRoute({
  method: 'POST',
  url: 'rentals/booking-requests/',
  access: 'public',
  body: anonymousBookingRequestSchema,
  async handler({ deps, request, body }): Promise<AnonymousBookingRequestReceipt> {
    await limitAnonymousWrite(deps, 'booking-requests', { address: request.ip, email: body.email });
    const vehicle = await requestableVehicle(deps, body.vehicle_id);
    await checkDatesFree(deps, vehicle.id, body.start_date, body.end_date);
    const createdAt = deps.now().toISOString();
    // A visitor gets nothing of the agency's back, only what identifies their request.
    const receipt = (id: number): AnonymousBookingRequestReceipt => ({
      id,
      status: 'pending',
      vehicle: vehicle.id,
      start_date: body.start_date,
      end_date: body.end_date,
      created_at: createdAt,
    });
    const id = await insertBookingRequest(
      deps.db,
      {
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
        created_at: createdAt,
      },
      (trx, newId) => storeReplyWithWrite(trx, request, 201, receipt(newId)),
    );
    await mailRequestArrival(deps, id, request.log);
    return receipt(id);
  },
});
