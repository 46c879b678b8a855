import type { AuthUser, Deps } from '../context.ts';
import { type BookingAccess, findBookingAccess } from '../repositories/booking-access.ts';
import { findCustomerByUserId } from '../repositories/customers.ts';
import { canReachAgency, staffScope } from './agency-scope.ts';
import { NotFound } from './errors.ts';

export const BOOKING_NOT_FOUND = 'Booking not found.';

/** The booking if the caller is staff of its agency (the operator: any); anyone else is told it does not exist (404). */
export async function staffBooking(deps: Deps, user: AuthUser, id: number): Promise<BookingAccess> {
  const booking = await findBookingAccess(deps.db, id);
  if (!booking || !canReachAgency(user, booking.agencyId)) throw new NotFound(BOOKING_NOT_FOUND);
  return booking;
}

/**
 * The booking if the caller may read it (its inspections, agreement, return charges): staff of
 * its agency, or the customer the booking belongs to. Anyone else is told it does not exist (404).
 */
export async function readableBooking(deps: Deps, user: AuthUser, id: number): Promise<BookingAccess> {
  if (staffScope(user) !== undefined) return staffBooking(deps, user, id);
  const booking = await findBookingAccess(deps.db, id);
  const customer = user.role === 'customer' ? await findCustomerByUserId(deps.db, user.id) : undefined;
  if (!booking || !customer || customer.id !== booking.customerId) throw new NotFound(BOOKING_NOT_FOUND);
  return booking;
}
