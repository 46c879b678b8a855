import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { dayMonthTimeUtc } from '#domain/request-hold';
import type { AuthUser, Deps } from '../../context.ts';
import { NotFound } from '../errors.ts';
import { canReachAgency } from '../agency-scope.ts';
import { findStaffRequest } from '../../repositories/booking-requests.ts';
import { type BookableVehicle, findBookableVehicle } from '../../repositories/bookings.ts';
import { REQUEST_NOT_FOUND } from '../booking-refusals.ts';
import { cardImageUrl } from '../card-image-url.ts';

/** A request the caller's agency may make into a booking, with its vehicle's price and deposit; else not found (404). */
export async function requestToBook(
  deps: Deps,
  user: AuthUser,
  requestId: number,
): Promise<{ agencyId: number; request: StaffBookingRequest; vehicle: BookableVehicle }> {
  const found = await findStaffRequest(deps.db, requestId, cardImageUrl(deps));
  if (!found || !canReachAgency(user, found.agencyId)) throw new NotFound(REQUEST_NOT_FOUND);
  const vehicle = await findBookableVehicle(deps.db, found.request.vehicle);
  if (!vehicle) throw new NotFound(REQUEST_NOT_FOUND);
  return { ...found, vehicle };
}

/** Why staff cannot book a request whose hold ended: they may accept it again, then book it. */
export function staffHoldEndedSentence(holdUntil: string): string {
  return `This booking request's hold ended on ${dayMonthTimeUtc(holdUntil)}. Accept it again to hold the vehicle, then create the booking.`;
}
