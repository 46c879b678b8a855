import type { Kysely } from 'kysely';
import type { UnavailabilityKind } from '#domain/constants';
import type { Database } from '../db/types.ts';

export interface BlockingPeriod {
  id: number;
  kind: UnavailabilityKind;
  start_date: string;
  end_date: string;
}

/**
 * The earliest unavailability period of the vehicle touching any day of [startDate, endDate]
 * (inclusive), other than `exceptId` (the period being edited). Kept apart from the periods'
 * repository so the booking transaction can ask it without an import cycle.
 */
export async function findBlockingPeriod(
  db: Kysely<Database>,
  vehicleId: number,
  startDate: string,
  endDate: string,
  exceptId?: number,
): Promise<BlockingPeriod | undefined> {
  return db
    .selectFrom('vehicle_unavailability')
    .select(['id', 'kind', 'start_date', 'end_date'])
    .where('vehicle_id', '=', vehicleId)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? 0))
    .where('start_date', '<=', endDate)
    .where('end_date', '>=', startDate)
    .orderBy('start_date')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Thrown inside a booking transaction when an unavailability period blocks the dates. */
export class VehicleUnavailableError extends Error {
  constructor(readonly period: BlockingPeriod) {
    super('vehicle unavailable');
  }
}

/** Throws VehicleUnavailableError when a period blocks the dates; call with the vehicle locked. */
export async function assertNoBlockingPeriod(
  db: Kysely<Database>,
  vehicleId: number,
  startDate: string,
  endDate: string,
): Promise<void> {
  const period = await findBlockingPeriod(db, vehicleId, startDate, endDate);
  if (period) throw new VehicleUnavailableError(period);
}
