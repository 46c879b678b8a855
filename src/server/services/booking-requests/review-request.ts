import type { StaffBookingRequest } from '#domain/api/booking-requests';
import type { RequestStatus } from '#domain/constants';
import { holdEndsAt, isHeld } from '#domain/request-hold';
import type { AuthUser, Deps } from '../../context.ts';
import {
  findReviewFacts,
  findStaffRequest,
  updateReviewIfStatusChanges,
  updateReviewKeepingStatus,
} from '../../repositories/booking-requests.ts';
import { findBlockingBooking, lockVehicle, VehicleAlreadyBookedError } from '../../repositories/bookings.ts';
import { requestExtras } from '../../repositories/extra-reservations.ts';
import { assertNotHeld } from '../../repositories/request-holds.ts';
import { assertNoBlockingPeriod } from '../../repositories/unavailability-overlaps.ts';
import { canReachAgency } from '../agency-scope.ts';
import { bookingConflict, REQUEST_NOT_FOUND, refuseRetiredVehicle } from '../booking-refusals.ts';
import { cardImageUrl } from '../card-image-url.ts';
import { NotFound } from '../errors.ts';
import { assertExtrasInStock } from '../quotes/promise-extras.ts';

export interface Review {
  status: RequestStatus;
  /** Left out: the notes already written are kept; null or "" clears them. */
  staff_notes?: string | null;
}

export interface ReviewOutcome {
  agencyId: number;
  request: StaffBookingRequest;
  /** The review moved the request to another status (or renewed an ended hold): the person who asked is told. */
  statusChanged: boolean;
}

/**
 * Staff set a request's status and notes and mark it reviewed (any transition, SPEC §4).
 * Accepting holds the vehicle for the agency's hold length from now (decision 035): under the
 * vehicle's lock, as a booking is written, it is refused (409) when a booking, an unavailability
 * period or another request's hold has any of its days, or when a stock-limited extra it asked for
 * is no longer there for those days (409 on `extras`); accepting again once the hold ended holds
 * it anew. Leaving accepted ends the hold. Another agency's request is "not found".
 */
export async function reviewBookingRequest(
  deps: Deps,
  user: AuthUser,
  requestId: number,
  review: Review,
): Promise<ReviewOutcome> {
  const imageUrl = cardImageUrl(deps);
  const found = await findStaffRequest(deps.db, requestId, imageUrl);
  if (!found || !canReachAgency(user, found.agencyId)) throw new NotFound(REQUEST_NOT_FOUND);
  // A retired vehicle takes no new promises (the dates themselves are checked under its lock below).
  if (review.status === 'accepted' && found.request.status !== 'accepted') {
    await refuseRetiredVehicle(deps, found.request.vehicle);
  }
  const now = deps.now();
  const values = { ...review, reviewed_by: user.id, reviewed_at: now.toISOString() };
  let statusChanged: boolean;
  try {
    statusChanged = await deps.db.transaction().execute(async (trx) => {
      const current = await findReviewFacts(trx, requestId);
      const facts = {
        status: current.status,
        has_booking: current.booking_id !== null,
        hold_until: current.hold_until,
      };
      let holdUntil: string | null = null;
      const startsHold = review.status === 'accepted' && !facts.has_booking && !isHeld(facts, now);
      if (startsHold) {
        const { vehicle_id: vehicle, start_date: start, end_date: end } = current;
        await lockVehicle(trx, deps.dialect, vehicle);
        const clash = await findBlockingBooking(trx, vehicle, start, end);
        if (clash) throw new VehicleAlreadyBookedError(clash.start_date, clash.end_date);
        await assertNoBlockingPeriod(trx, vehicle, start, end);
        await assertNotHeld(trx, vehicle, start, end, now.toISOString(), requestId);
        // The hold promises the request's extras too: each still in stock for those days, under its lock.
        await assertExtrasInStock(trx, deps.dialect, {
          extras: await requestExtras(trx, requestId),
          startDate: start,
          endDate: end,
          now: now.toISOString(),
          except: { requestId },
        });
        holdUntil = holdEndsAt(now, current.hold_hours);
      } else if (review.status === 'accepted') {
        holdUntil = current.hold_until;
      }
      if (await updateReviewIfStatusChanges(trx, requestId, { ...values, hold_until: holdUntil })) return true;
      const { status: _unchanged, ...rest } = values;
      await updateReviewKeepingStatus(trx, requestId, { ...rest, hold_until: holdUntil });
      // Accepting again after the hold ended holds the vehicle anew: the customer is told the new end.
      return startsHold && current.status === 'accepted';
    });
  } catch (error) {
    // Accepting would promise what confirming must refuse: the dates are booked, blocked or held.
    throw bookingConflict(error);
  }
  const updated = await findStaffRequest(deps.db, requestId, imageUrl);
  if (!updated) throw new NotFound(REQUEST_NOT_FOUND);
  return { ...updated, statusChanged };
}
