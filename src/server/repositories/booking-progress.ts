import type { Kysely } from 'kysely';
import type { BookingStatus } from '#domain/constants';
import type { Database } from '../db/types.ts';
import { bumpVersion } from './data-versions.ts';

/** Statuses a booking can be picked up or cancelled from: it has not started yet. */
export const NOT_STARTED: readonly BookingStatus[] = ['pending', 'confirmed'];

/**
 * Moves a booking on only from the statuses given, in one UPDATE, so two tablets pressing at once
 * move it once. True when it moved.
 */
async function moveFrom(
  db: Kysely<Database>,
  id: number,
  from: readonly BookingStatus[],
  changes: { booking_status: BookingStatus; return_mileage?: number; cancel_reason?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', id)
    .where('booking_status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The customer drove off: a pending or confirmed booking becomes active. */
export function markPickedUp(db: Kysely<Database>, id: number): Promise<boolean> {
  return moveFrom(db, id, NOT_STARTED, { booking_status: 'active' });
}

/** Staff cancelled a booking that had not started, saying why. */
export function markCancelled(db: Kysely<Database>, id: number, reason: string): Promise<boolean> {
  return moveFrom(db, id, NOT_STARTED, { booking_status: 'cancelled', cancel_reason: reason });
}

/**
 * The vehicle came back: an active booking becomes completed with the odometer reading, and the
 * vehicle's mileage rises to it (never falls), with the public list's version (which shows the
 * mileage). Several statements: call inside a transaction (a return's, or an inspection's, which
 * records more).
 */
export async function returnWithin(
  trx: Kysely<Database>,
  booking: { id: number; vehicleId: number },
  mileage: number,
  now: string,
): Promise<boolean> {
  if (!(await moveFrom(trx, booking.id, ['active'], { booking_status: 'completed', return_mileage: mileage }))) {
    return false;
  }
  const raised = await trx
    .updateTable('vehicles')
    .set({ mileage, updated_at: now })
    .where('id', '=', booking.vehicleId)
    .where('mileage', '<', mileage)
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) > 0) await bumpVersion(trx, 'public-vehicles');
  return true;
}
