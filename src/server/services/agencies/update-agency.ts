import type { Deps } from '../../context.ts';
import { findAgencyFacts, updateAgencyRow, type AgencyChanges } from '../../repositories/agencies.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import { bumpRatePlanVersion } from '../../repositories/rate-plans.ts';

/**
 * Changes an agency's details and, when given, its logo key; returns the replaced logo key (to
 * remove once committed), or undefined when there is no such agency. Public vehicle cards show
 * the agency's name and logo, so the public list's version moves in the same transaction.
 */
export async function updateAgency(
  deps: Deps,
  id: number,
  changes: AgencyChanges,
): Promise<{ replacedLogo: string | null } | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await findAgencyFacts(trx, id);
    if (!current) return undefined;
    if (Object.keys(changes).length) {
      await updateAgencyRow(trx, id, changes);
      await bumpVersion(trx, 'public-vehicles');
      // The tax rate is part of the rate plan: quotes made with another one are out of date.
      if (changes.tax_rate !== undefined && changes.tax_rate !== current.tax_rate) await bumpRatePlanVersion(trx, id);
    }
    const replaced = changes.logo_key !== undefined && current.logo_key !== changes.logo_key;
    return { replacedLogo: replaced ? current.logo_key : null };
  });
}
