import type { RatePlanView } from '#domain/api/rate-plan';
import type { RatePlanSettingsInput } from '#domain/schemas/rate-plan-settings';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../context.ts';
import { isForeignKeyViolation } from '../db/sql-helpers.ts';
import type { Database } from '../db/types.ts';
import { bumpRatePlanVersion, loadRatePlan, updateRatePlanSettings } from '../repositories/rate-plans.ts';
import { findPublicVehicleAgency } from '../repositories/vehicles.ts';
import { agencyScope } from './agency-scope.ts';
import { type FieldMessages, Invalid, NotFound, Refused } from './errors.ts';

export const PUBLIC_VEHICLE_NOT_FOUND = 'Vehicle not found.';
const NO_AGENCY = 'The rate plan belongs to an agency: only its own users manage it.';

/**
 * The agency whose rate plan an agency or agent user works with: their own. The operator (role
 * staff) has none of their own, as with the agency's invoice details (GET agency/).
 */
export function planAgency(user: AuthUser): number {
  const scope = agencyScope(user);
  if (scope === null) throw new Refused(NO_AGENCY);
  return scope;
}

/** The agency's rate plan, priced in the server's currency (decision 012). */
export async function ratePlanOf(deps: Deps, agencyId: number): Promise<RatePlanView> {
  return loadRatePlan(deps.db, agencyId, deps.config.currency);
}

/** The rate plan of the agency of a vehicle the public may see (in service, approved agency); else not found. */
export async function publicRatePlan(deps: Deps, vehicleId: number): Promise<RatePlanView> {
  const agencyId = await findPublicVehicleAgency(deps.db, vehicleId);
  if (agencyId === undefined) throw new NotFound(PUBLIC_VEHICLE_NOT_FOUND);
  return ratePlanOf(deps, agencyId);
}

/** Replaces the plan's settings and moves its version, in one transaction; answers the whole plan. */
export async function saveRatePlanSettings(
  deps: Deps,
  agencyId: number,
  input: RatePlanSettingsInput,
): Promise<RatePlanView> {
  return writePlan(deps, agencyId, async (trx) => {
    await updateRatePlanSettings(trx, agencyId, input);
    return loadRatePlan(trx, agencyId, deps.config.currency);
  });
}

/**
 * Runs one change to the agency's price list in a transaction that first bumps the plan's version:
 * every writer of a plan (categories, settings and these lists alike) takes the agency's row
 * first, so two writes of one plan queue instead of locking each other's rows in opposite orders.
 * A row the change names that was deleted before it committed (a category, a location) is
 * `gone`'s 400.
 */
export async function writePlan<T>(
  deps: Deps,
  agencyId: number,
  write: (trx: Kysely<Database>) => Promise<T>,
  gone?: { message: string; fields: FieldMessages },
): Promise<T> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await bumpRatePlanVersion(trx, agencyId);
      return write(trx);
    });
  } catch (error) {
    if (gone && isForeignKeyViolation(error)) throw new Invalid(gone.message, gone.fields);
    throw error;
  }
}
