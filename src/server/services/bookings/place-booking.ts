import type { Kysely } from 'kysely';
import { isHoldExpired } from '#domain/request-hold';
import type { DialectName } from '../../db/connect.ts';
import type { Database, NewBooking } from '../../db/types.ts';
import { requestConfirmFacts } from '../../repositories/booking-requests.ts';
import {
  bookingIdOfRequest,
  findBlockingBooking,
  insertBooking,
  lockVehicle,
  RequestAlreadyBookedError,
  RequestNotConfirmableError,
  VehicleAlreadyBookedError,
} from '../../repositories/bookings.ts';
import { assertNotHeld } from '../../repositories/request-holds.ts';
import { assertNoBlockingPeriod } from '../../repositories/unavailability-overlaps.ts';

/**
 * Checked with the vehicle locked, before a request's booking is written: it has none yet
 * (RequestAlreadyBookedError), and it is still accepted with its hold running
 * (RequestNotConfirmableError): staff may have declined it, or its hold ended, since the route looked.
 */
async function assertConfirmable(trx: Kysely<Database>, requestId: number, now: string): Promise<void> {
  if ((await bookingIdOfRequest(trx, requestId)) !== undefined) throw new RequestAlreadyBookedError();
  const current = await requestConfirmFacts(trx, requestId);
  if (current.status !== 'accepted') throw new RequestNotConfirmableError('not-accepted', null);
  if (isHoldExpired({ ...current, has_booking: false }, new Date(now))) {
    throw new RequestNotConfirmableError('expired', current.hold_until);
  }
}

/**
 * Lock, check, insert: call inside a transaction. Throws VehicleAlreadyBookedError when the
 * dates overlap a booking that holds the vehicle, VehicleUnavailableError when they overlap an
 * unavailability period, VehicleHeldError when an accepted request holds them (periods and
 * acceptances are written under the same lock). A booking confirming a request (`confirmsRequest`)
 * is checked under the lock to be its first and still confirmable, and that request's own hold
 * does not block it.
 */
export async function placeBooking(
  trx: Kysely<Database>,
  dialect: DialectName,
  values: NewBooking,
  check: { now: string; confirmsRequest?: number },
): Promise<number> {
  await lockVehicle(trx, dialect, values.vehicle_id);
  if (check.confirmsRequest !== undefined) await assertConfirmable(trx, check.confirmsRequest, check.now);
  const clash = await findBlockingBooking(trx, values.vehicle_id, values.start_date, values.end_date);
  if (clash) throw new VehicleAlreadyBookedError(clash.start_date, clash.end_date);
  await assertNoBlockingPeriod(trx, values.vehicle_id, values.start_date, values.end_date);
  await assertNotHeld(trx, values.vehicle_id, values.start_date, values.end_date, check.now, check.confirmsRequest);
  return insertBooking(trx, values);
}
