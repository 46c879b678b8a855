import type { StaffBooking } from '#domain/api/bookings';
import type { AuthUser, Deps } from '../../context.ts';
import { markCancelled, markPickedUp, NOT_STARTED, returnWithin } from '../../repositories/booking-progress.ts';
import { listSignatures, setNoAgreementReason } from '../../repositories/agreements.ts';
import { findStaffBooking, getStaffBooking } from '../../repositories/bookings.ts';
import { canReachAgency } from '../agency-scope.ts';
import { isSigned } from '../agreements/booking-agreement.ts';
import { Conflict, fieldRefusal, NotFound } from '../errors.ts';
import { BOOKING_NOT_FOUND } from '../booking-access.ts';

/** A step of a booking's progress, with what it needs. */
export type ProgressStep =
  | { step: 'pickup'; noAgreementReason: string | null }
  | { step: 'cancel'; reason: string }
  | { step: 'return'; mileage: number };

export const AGREEMENT_NOT_SIGNED =
  "This booking's rental agreement is not signed by the customer and countersigned: have it signed, or give the reason for a pickup without one.";

const REFUSALS: Record<ProgressStep['step'], (status: string) => string> = {
  pickup: (status) => `This booking is ${status}: only a pending or confirmed booking can be picked up.`,
  cancel: (status) => `This booking is ${status}: only a pending or confirmed booking can be cancelled.`,
  return: (status) => `This booking is ${status}: only an active booking can be returned.`,
};

/**
 * The steps of a booking's progress: pickup (a pending or confirmed booking becomes active, with
 * its agreement signed or the reason why not),
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
      ? await pickUp(deps, booking, move.noAgreementReason)
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

/**
 * A pickup needs the agreement signed by both (decision 050), unless staff give the reason for
 * going without; the reason is kept on the booking, written with the step in one transaction.
 */
async function pickUp(
  deps: Deps,
  booking: { id: number; booking_status: string },
  noAgreementReason: string | null,
): Promise<boolean> {
  // A booking that cannot be picked up is told so by its status, whatever its agreement.
  if (!(NOT_STARTED as readonly string[]).includes(booking.booking_status)) return false;
  const bookingId = booking.id;
  const signed = isSigned(await listSignatures(deps.db, bookingId));
  if (!signed && !noAgreementReason) throw fieldRefusal(Conflict, 'no_agreement_reason', AGREEMENT_NOT_SIGNED);
  return deps.db.transaction().execute(async (trx) => {
    const moved = await markPickedUp(trx, bookingId);
    if (moved && !signed && noAgreementReason) await setNoAgreementReason(trx, bookingId, noAgreementReason);
    return moved;
  });
}
