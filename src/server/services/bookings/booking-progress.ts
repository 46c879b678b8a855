import type { StaffBooking } from '#domain/api/bookings';
import type { AuthUser, Deps } from '../../context.ts';
import { markCancelled, markPickedUp, returnWithin } from '../../repositories/booking-progress.ts';
import { findStaffBooking, getStaffBooking } from '../../repositories/bookings.ts';
import { canReachAgency } from '../agency-scope.ts';
import { Conflict, NotFound } from '../errors.ts';

const BOOKING_NOT_FOUND = 'Booking not found.';

/** A step of a booking's progress, with what it needs. */
export type ProgressStep =
  { step: 'pickup' } | { step: 'cancel'; reason: string } | { step: 'return'; mileage: number };

const REFUSALS: Record<ProgressStep['step'], (status: string) => string> = {
  pickup: (status) => `This booking is ${status}: only a pending or confirmed booking can be picked up.`,
  cancel: (status) => `This booking is ${status}: only a pending or confirmed booking can be cancelled.`,
  return: (status) => `This booking is ${status}: only an active booking can be returned.`,
};

/**
 * The steps of a booking's progress: pickup (a pending or confirmed booking becomes active),
 * cancel (one that had not started, with the reason kept) and return (an active booking becomes
 * completed with the odometer reading, which raises the vehicle's mileage, in one transaction).
 * The caller's agency's booking (else not found, 404), moved if its status allows (else a
 * conflict, 409, naming the status it is in), then given back in the staff shape.
 */
export async function progressBooking(
  deps: Deps,
  user: AuthUser,
  id: number,
  move: ProgressStep,
): Promise<StaffBooking> {
  const found = await findStaffBooking(deps.db, id);
  if (!found || !canReachAgency(user, found.agencyId)) throw new NotFound(BOOKING_NOT_FOUND);
  const booking = found.booking;
  const moved =
    move.step === 'pickup'
      ? await markPickedUp(deps.db, booking.id)
      : move.step === 'cancel'
        ? await markCancelled(deps.db, booking.id, move.reason)
        : await deps.db
            .transaction()
            .execute((trx) =>
              returnWithin(trx, { id: booking.id, vehicleId: booking.vehicle }, move.mileage, deps.now().toISOString()),
            );
  if (!moved) {
    const now = await getStaffBooking(deps.db, id);
    throw new Conflict(REFUSALS[move.step](now.booking_status));
  }
  return getStaffBooking(deps.db, id);
}
