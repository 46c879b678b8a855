import type { StaffBooking } from '#domain/api/bookings';
import type { AuthUser, Deps } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findStaffBooking, getStaffBooking } from '../../repositories/bookings.ts';

const BOOKING_NOT_FOUND = 'Booking not found.';

/**
 * The steps of a booking's progress (pickup, return, cancel): the caller's agency's booking (else
 * 404), moved by `move` if its status allows (else 409 naming the status it is in), then sent back
 * in the staff shape.
 */
export async function progressBooking(
  deps: Deps,
  user: AuthUser,
  id: number,
  move: (booking: StaffBooking) => Promise<boolean>,
  refusal: (status: string) => string,
): Promise<StaffBooking> {
  const found = await findStaffBooking(deps.db, id);
  if (!found || !canReachAgency(user, found.agencyId)) throw notFound(BOOKING_NOT_FOUND);
  if (!(await move(found.booking))) {
    const now = await getStaffBooking(deps.db, id);
    throw conflict(refusal(now.booking_status));
  }
  return getStaffBooking(deps.db, id);
}
