import type { Deps } from '../../context.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import { deleteVehicleRows, isVehicleReferenced, lockVehicleRow } from '../../repositories/vehicles.ts';

export type VehicleDeleteResult =
  { ok: true; removedImageKeys: string[] } | { ok: false; reason: 'not-found' | 'referenced' };

/**
 * Deletes a vehicle that no booking or booking request references. The lock matters: the
 * foreign keys cascade, so a booking slipping in between the check and the delete would vanish.
 * Returns the keys of its image files, to remove once committed.
 */
export async function deleteVehicle(deps: Deps, id: number): Promise<VehicleDeleteResult> {
  return deps.db.transaction().execute(async (trx): Promise<VehicleDeleteResult> => {
    if (!(await lockVehicleRow(trx, deps.dialect, id))) return { ok: false, reason: 'not-found' };
    if (await isVehicleReferenced(trx, id)) return { ok: false, reason: 'referenced' };
    const removedImageKeys = await deleteVehicleRows(trx, id);
    await bumpVersion(trx, 'public-vehicles');
    return { ok: true, removedImageKeys };
  });
}
