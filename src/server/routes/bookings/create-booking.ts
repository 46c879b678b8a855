import { rentalDays } from '#domain/dates';
import { formatMoney } from '#domain/money';
import { staffBookingSchema } from '#domain/schemas/booking';
import { type FieldErrors, fieldError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { createBooking as insertBooking, findBookableVehicle, getStaffBooking } from '../../repositories/bookings.ts';
import { isCustomerInScope } from '../../repositories/customers.ts';
import { bookingConflict, fieldsError } from './common.ts';

/**
 * POST bookings/: staff "Add Booking". The vehicle and customer must be the caller's; the
 * amount defaults to days × price − discount; overlapping a held booking is a 409.
 */
export const createBooking = defineRoute({
  method: 'POST',
  url: 'bookings/',
  access: ['staff', 'agency', 'agent'],
  body: staffBookingSchema,
  async handler({ deps, user, body }) {
    const scope = agencyScope(user);
    const vehicle = await findBookableVehicle(deps.db, body.vehicle);
    const customerReachable = await isCustomerInScope(deps.db, body.customer, scope);
    const fields: FieldErrors = {};
    const ownVehicle = vehicle && (scope === null || vehicle.agency_id === scope) ? vehicle : null;
    if (!ownVehicle) fields.vehicle = ['Choose a vehicle from your fleet.'];
    if (!customerReachable) fields.customer = ['Choose a customer from your customer list.'];
    if (!ownVehicle || !customerReachable) throw fieldsError(fields);

    let amount = body.booking_amount;
    if (amount === null) {
      const price = rentalDays(body.start_date, body.end_date) * ownVehicle.price_per_day;
      if (body.discount_amount > price) {
        throw fieldError(
          400,
          'discount_amount',
          `Discount amount cannot be more than the rental price (${formatMoney(price)}).`,
        );
      }
      amount = price - body.discount_amount;
    }

    let id: number;
    try {
      id = await insertBooking(deps.db, deps.dialect, {
        customer_id: body.customer,
        vehicle_id: ownVehicle.id,
        agency_id: ownVehicle.agency_id,
        booking_request_id: null,
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
        created_by: user.id,
        created_at: deps.now().toISOString(),
      });
    } catch (error) {
      throw bookingConflict(error);
    }
    return getStaffBooking(deps.db, id);
  },
});
