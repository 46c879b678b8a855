import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import { isForeignKeyViolation } from '../../db/sql-helpers.ts';
import type { Database } from '../../db/types.ts';
import { bumpRatePlanVersion } from '../../repositories/rate-plans.ts';
import { type FieldMessages, Invalid, Refused } from '../errors.ts';

const NOT_ALLOWED = 'You do not have permission to do this.';

/**
 * The agency whose price list the caller reads and writes: an agency owner's or agent's own.
 * The operator has no price list of its own, and the routes let it in nowhere; this is the
 * service's own check of the same.
 */
export function priceListAgency(user: AuthUser): number {
  if ((user.role === 'agency' || user.role === 'agent') && user.agencyId !== null) return user.agencyId;
  throw new Refused(NOT_ALLOWED);
}

/**
 * Runs one change to the agency's price list in a transaction that also bumps the plan's version
 * (after the change's own writes, so every writer of the plan takes the agency's row last). A row
 * the change names that was deleted before it committed (a category, a location) is `gone`'s 400.
 */
export async function writePlan<T>(
  deps: Deps,
  agencyId: number,
  write: (trx: Kysely<Database>) => Promise<T>,
  gone?: { message: string; fields: FieldMessages },
): Promise<T> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await bumpRatePlanVersion(trx, agencyId);
      return result;
    });
  } catch (error) {
    if (gone && isForeignKeyViolation(error)) throw new Invalid(gone.message, gone.fields);
    throw error;
  }
}
