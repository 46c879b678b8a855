import type { Deps } from '../../context.ts';
import { deleteLocationRow, findLocationUse, type LocationUse } from '../../repositories/locations.ts';

/**
 * Removes a pickup location unless something uses it (then nothing is removed and the use is
 * returned), checked and removed in one transaction. `today` is the first day that counts as
 * upcoming.
 */
export async function deleteLocationUnlessUsed(
  deps: Deps,
  location: { id: number; agency_id: number; name: string },
  today: string,
): Promise<LocationUse | null> {
  return deps.db.transaction().execute(async (trx) => {
    const use = await findLocationUse(trx, location, today);
    if (use.vehicles > 0 || use.upcoming > 0) return use;
    await deleteLocationRow(trx, location.id);
    return null;
  });
}
