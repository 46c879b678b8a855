import type { AgencyStatus } from '#domain/constants';
import type { Deps } from '../../context.ts';
import { updateAgencyStatus } from '../../repositories/agencies.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';

/**
 * Moves an agency to `status`; approving or suspending changes which vehicles the public sees,
 * so the public list's version moves in the same transaction (its cached pages go at once).
 * Returns false when there is no such agency.
 */
export async function setAgencyStatus(deps: Deps, id: number, status: AgencyStatus): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await updateAgencyStatus(trx, id, status))) return false;
    await bumpVersion(trx, 'public-vehicles');
    return true;
  });
}
