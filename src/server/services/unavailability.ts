import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import type { UnavailabilityInput } from '#domain/schemas/unavailability';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../context.ts';
import type { DialectName } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import { findBlockingBooking, lockVehicle } from '../repositories/bookings.ts';
import { assertNotHeld, VehicleHeldError } from '../repositories/request-holds.ts';
import {
  findPeriod,
  insertPeriod,
  PeriodOverlapsBookingError,
  type PeriodValues,
  updatePeriod,
} from '../repositories/unavailability.ts';
import { agencyScope } from './agency-scope.ts';
import { britishDate, heldConflict } from './booking-refusals.ts';
import { Conflict, NotFound } from './errors.ts';
import { ownVehicle } from './fleet-vehicle.ts';
import { type ReplyKey, storeReplyWithWrite } from './idempotent-reply.ts';

export const PERIOD_NOT_FOUND = 'Unavailability period not found.';

export const periodNotFound = () => new NotFound(PERIOD_NOT_FOUND);

/** A period over a booking's days, or a request's hold, is a 409 naming it; anything else passes through. */
function periodConflict(error: unknown): unknown {
  if (error instanceof VehicleHeldError) return heldConflict(error.hold);
  if (!(error instanceof PeriodOverlapsBookingError)) return error;
  const { id, start_date: start, end_date: end } = error.booking;
  const message = `This vehicle is booked from ${britishDate(start)} to ${britishDate(end)} (booking #${id}).`;
  return new Conflict(message, { start_date: [message] });
}

/**
 * Locks the vehicle as a booking does, then refuses dates a holding booking has, or an accepted
 * request holds (VehicleHeldError) at the time of the write (`updated_at`): a period and a
 * booking or an acceptance written at the same time cannot both win.
 */
async function lockFreeOfBookings(trx: Kysely<Database>, dialect: DialectName, values: PeriodValues) {
  await lockVehicle(trx, dialect, values.vehicle_id);
  const booking = await findBlockingBooking(trx, values.vehicle_id, values.start_date, values.end_date);
  if (booking) throw new PeriodOverlapsBookingError(booking);
  await assertNotHeld(trx, values.vehicle_id, values.start_date, values.end_date, values.updated_at);
}

async function periodValues(deps: Deps, input: UnavailabilityInput, scope: number | null): Promise<PeriodValues> {
  const vehicle = await ownVehicle(deps, input.vehicle, scope);
  return {
    vehicle_id: vehicle.id,
    agency_id: vehicle.agency_id,
    kind: input.kind,
    start_date: input.start_date,
    end_date: input.end_date,
    reason: input.reason,
    updated_at: deps.now().toISOString(),
  };
}

/** Blocks a vehicle of the caller's fleet; a booking or a request's hold on those days is a conflict (409). */
export async function blockVehicle(
  deps: Deps,
  user: AuthUser,
  input: UnavailabilityInput,
  replyKey: ReplyKey | null,
): Promise<UnavailabilityPeriod> {
  const scope = agencyScope(user);
  const values = await periodValues(deps, input, scope);
  let created: UnavailabilityPeriod | undefined;
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      await lockFreeOfBookings(trx, deps.dialect, values);
      const id = await insertPeriod(trx, { ...values, created_by: user.id, created_at: values.updated_at });
      const period = await findPeriod(trx, id, scope);
      if (period) await storeReplyWithWrite(trx, replyKey, 201, period);
      return period;
    });
  } catch (error) {
    throw periodConflict(error);
  }
  if (!created) throw periodNotFound();
  return created;
}

/**
 * The whole period again, as on creation (it may move to another vehicle of the fleet). Another
 * agency's period is not found (404); a booking on the new days a conflict (409).
 */
export async function changePeriod(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: UnavailabilityInput,
): Promise<UnavailabilityPeriod> {
  const scope = agencyScope(user);
  if (!(await findPeriod(deps.db, id, scope))) throw periodNotFound();
  const values = await periodValues(deps, input, scope);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockFreeOfBookings(trx, deps.dialect, values);
      await updatePeriod(trx, id, values);
    });
  } catch (error) {
    throw periodConflict(error);
  }
  const updated = await findPeriod(deps.db, id, scope);
  if (!updated) throw periodNotFound();
  return updated;
}
