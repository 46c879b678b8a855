import type { StaffBookingInput, StaffBookingUpdateInput } from '#domain/schemas/booking';
import type { AuthUser, Deps } from '../../context.ts';
import type { FieldErrors } from '../../http/errors.ts';
import { rentalPrice } from '../../services/booking-price.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { type BookableVehicle, type BookingChanges, findBookableVehicle } from '../../repositories/bookings.ts';
import { isCustomerInScope } from '../../repositories/customers.ts';
import { fieldsError } from '../../services/booking-refusals.ts';

/**
 * What Add Booking and Edit Booking both check: the vehicle and the customer must be the
 * caller's; the amount defaults to days × price − discount, and that discount may not exceed
 * the price. Returns the row's values; the booking's agency is the vehicle's.
 */
export async function staffBookingValues(
  deps: Deps,
  user: AuthUser,
  body: StaffBookingInput | StaffBookingUpdateInput,
): Promise<BookingChanges> {
  const scope = agencyScope(user);
  const vehicle = await findBookableVehicle(deps.db, body.vehicle);
  const customerReachable = await isCustomerInScope(deps.db, body.customer, scope);
  const fields: FieldErrors = {};
  const ownVehicle: BookableVehicle | null =
    vehicle && (scope === null || vehicle.agency_id === scope) ? vehicle : null;
  if (!ownVehicle) fields.vehicle = ['Choose a vehicle from your fleet.'];
  if (!customerReachable) fields.customer = ['Choose a customer from your customer list.'];
  if (!ownVehicle || !customerReachable) throw fieldsError(fields);

  const amount = body.booking_amount ?? rentalPrice(body, ownVehicle.price_per_day, deps.config.currency);
  return {
    customer_id: body.customer,
    vehicle_id: ownVehicle.id,
    agency_id: ownVehicle.agency_id,
    start_date: body.start_date,
    end_date: body.end_date,
    pickup_time: body.pickup_time,
    dropoff_time: body.dropoff_time,
    pickup_location: body.pickup_location,
    dropoff_location: body.dropoff_location,
    booking_amount: amount,
    booking_deposit: body.booking_deposit ?? ownVehicle.deposit,
    payment_method: body.payment_method,
    booking_status: body.booking_status,
    estimated_mileage: body.estimated_mileage,
    discount_amount: body.discount_amount,
    discount_description: body.discount_description,
    notes: body.notes,
  };
}
