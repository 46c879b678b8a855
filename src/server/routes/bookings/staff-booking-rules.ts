import type { StaffBooking, StaffBookingDetail } from '#domain/api/bookings';
import { parseMoney } from '#domain/money';
import type { StaffBookingInput, StaffBookingUpdateInput } from '#domain/schemas/booking';
import type { AuthUser, Deps } from '../../context.ts';
import type { FieldErrors } from '../../http/errors.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import type { BookingPricingFacts } from '../../repositories/booking-quotes.ts';
import { type BookableVehicle, type BookingPlace, findBookableVehicle } from '../../repositories/bookings.ts';
import { isCustomerInScope } from '../../repositories/customers.ts';
import { fieldsError, refuseRetiredVehicle } from '../../services/booking-refusals.ts';
import { editStaffBooking, staffBookingDetail, type StaffBookingWrite } from '../../services/bookings/staff-booking.ts';

/**
 * What Add Booking and Edit Booking both check: the vehicle and the customer must be the
 * caller's. Returns the row's values (the booking's agency is the vehicle's; an empty amount is
 * null, the quote's total once priced), the extras chosen and staff's line overrides.
 */
export async function staffBookingValues(
  deps: Deps,
  user: AuthUser,
  body: StaffBookingInput | StaffBookingUpdateInput,
): Promise<StaffBookingWrite> {
  const scope = agencyScope(user);
  const vehicle = await findBookableVehicle(deps.db, body.vehicle);
  const customerReachable = await isCustomerInScope(deps.db, body.customer, scope);
  const fields: FieldErrors = {};
  const ownVehicle: BookableVehicle | null =
    vehicle && (scope === null || vehicle.agency_id === scope) ? vehicle : null;
  if (!ownVehicle) fields.vehicle = ['Choose a vehicle from your fleet.'];
  if (!customerReachable) fields.customer = ['Choose a customer from your customer list.'];
  if (!ownVehicle || !customerReachable) throw fieldsError(fields);

  return {
    values: {
      customer_id: body.customer,
      vehicle_id: ownVehicle.id,
      agency_id: ownVehicle.agency_id,
      start_date: body.start_date,
      end_date: body.end_date,
      pickup_time: body.pickup_time,
      dropoff_time: body.dropoff_time,
      pickup_location: body.pickup_location,
      dropoff_location: body.dropoff_location,
      pickup_location_id: body.pickup_location_id,
      dropoff_location_id: body.dropoff_location_id,
      driver_age: body.driver_age,
      booking_amount: body.booking_amount,
      booking_deposit: body.booking_deposit ?? ownVehicle.deposit,
      payment_method: body.payment_method,
      booking_status: body.booking_status,
      estimated_mileage: body.estimated_mileage,
      discount_amount: body.discount_amount,
      discount_description: body.discount_description,
      notes: body.notes,
    },
    extras: body.extras,
    overrides: body.line_overrides,
  };
}

/**
 * A stored booking as the Edit Booking body that would keep it as it is, at another place (a
 * planner move, issue 23): the vehicle and days given; everything else as stored. The amount is
 * left empty so the move's new price is the quote's total, and no override is sent: a moved
 * booking is priced again as Edit Booking prices a change of dates.
 */
export function movedBookingInput(
  booking: StaffBooking,
  facts: BookingPricingFacts,
  to: { vehicle: number; start_date: string; end_date: string },
): StaffBookingUpdateInput {
  return {
    customer: booking.customer,
    vehicle: to.vehicle,
    start_date: to.start_date,
    end_date: to.end_date,
    pickup_time: booking.pickup_time,
    dropoff_time: booking.dropoff_time,
    pickup_location: booking.pickup_location,
    dropoff_location: booking.dropoff_location,
    pickup_location_id: facts.pickup_location_id,
    dropoff_location_id: facts.dropoff_location_id,
    extras: facts.extras.map((extra) => ({ extra_id: extra.extraId, quantity: extra.quantity })),
    driver_age: facts.driver_age,
    line_overrides: [],
    booking_amount: null,
    booking_deposit: parseMoney(booking.booking_deposit),
    payment_method: booking.payment_method,
    booking_status: booking.booking_status,
    estimated_mileage: booking.estimated_mileage,
    discount_amount: facts.discount_amount,
    discount_description: booking.discount_description,
    notes: booking.notes,
  };
}

/**
 * Edit Booking's steps once its body is known (PATCH bookings/{id}/ and a planner move): the
 * caller's vehicle and customer, no retired vehicle newly taken (a booking of a vehicle retired
 * since keeps being edited), the edit under the vehicle's lock — with `expected`, only while the
 * booking is still there — and the booking as staff read it afterwards.
 */
export async function applyStaffEdit(
  deps: Deps,
  user: AuthUser,
  booking: { id: number; vehicle: number },
  body: StaffBookingUpdateInput,
  expected?: BookingPlace,
): Promise<StaffBookingDetail> {
  const write = await staffBookingValues(deps, user, body);
  if (write.values.vehicle_id !== booking.vehicle) await refuseRetiredVehicle(deps, write.values.vehicle_id, 'vehicle');
  await editStaffBooking(deps, user, booking.id, write, deps.now().toISOString(), expected);
  return staffBookingDetail(deps.db, booking.id);
}
