import { addDays, todayIso } from '#domain/dates';
import type { MaintenanceInput } from '#domain/schemas/maintenance';
import type { MaintenanceRecord } from '#domain/api/maintenance';
import type { AuthUser, Deps } from '../context.ts';
import {
  applyToVehicle,
  findRecord,
  insertRecord,
  type RecordValues,
  updateRecord,
} from '../repositories/maintenance.ts';
import { agencyScope } from './agency-scope.ts';
import { fieldRefusal, Invalid, NotFound } from './errors.ts';
import { ownVehicle } from './fleet-vehicle.ts';
import { type ReplyKey, storeReplyWithWrite } from './idempotent-reply.ts';

export const recordNotFound = () => new NotFound('Maintenance record not found.');

/**
 * The row a record's form becomes, for a vehicle of the caller's fleet. A record says what was
 * done, so a date after tomorrow (anywhere on Earth it is at most that) is refused: it would move
 * the next service date on work that has not happened.
 */
async function recordValues(
  deps: Deps,
  body: MaintenanceInput,
  scope: number | null,
  now: string,
): Promise<RecordValues> {
  if (body.service_date > addDays(todayIso(deps.now()), 1)) {
    throw fieldRefusal(Invalid, 'service_date', 'Date cannot be in the future.');
  }
  const vehicle = await ownVehicle(deps, body.vehicle, scope);
  return {
    vehicle_id: vehicle.id,
    agency_id: vehicle.agency_id,
    type: body.type,
    service_date: body.service_date,
    mileage: body.mileage,
    cost: body.cost,
    garage: body.garage,
    notes: body.notes,
    updated_at: now,
  };
}

/**
 * Records work on a vehicle of the caller's fleet; a service moves the vehicle's next service
 * date, and any reading above its mileage raises it, in the record's transaction with its reply.
 */
export async function recordMaintenance(
  deps: Deps,
  user: AuthUser,
  input: MaintenanceInput,
  replyKey: ReplyKey | null,
): Promise<MaintenanceRecord> {
  const scope = agencyScope(user);
  const now = deps.now().toISOString();
  const values = await recordValues(deps, input, scope, now);
  const created = await deps.db.transaction().execute(async (trx) => {
    const id = await insertRecord(trx, { ...values, created_by: user.id, created_at: now });
    await applyToVehicle(trx, values, now);
    const record = await findRecord(trx, id, scope);
    if (record) await storeReplyWithWrite(trx, replyKey, 201, record);
    return record;
  });
  if (!created) throw recordNotFound();
  return created;
}

/** The whole record again, as on creation; its (new) date and reading move the vehicle as a new record would. */
export async function changeMaintenance(
  deps: Deps,
  user: AuthUser,
  id: number,
  input: MaintenanceInput,
): Promise<MaintenanceRecord> {
  const scope = agencyScope(user);
  if (!(await findRecord(deps.db, id, scope))) throw recordNotFound();
  const values = await recordValues(deps, input, scope, deps.now().toISOString());
  await deps.db.transaction().execute(async (trx) => {
    await updateRecord(trx, id, values);
    await applyToVehicle(trx, values, values.updated_at);
  });
  const updated = await findRecord(deps.db, id, scope);
  if (!updated) throw recordNotFound();
  return updated;
}
