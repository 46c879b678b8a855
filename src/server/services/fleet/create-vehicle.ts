import type { Deps } from '../../context.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import {
  insertVehicle,
  insertVehicleImages,
  replaceVehicleLocations,
  type VehicleValues,
} from '../../repositories/vehicles.ts';

/**
 * Adds a vehicle with its images (stored already, in the given order) and pickup locations, all or
 * nothing; the public list's version moves in the same transaction. Returns the new id.
 */
export async function createVehicle(
  deps: Deps,
  values: VehicleValues,
  imageKeys: readonly string[],
  locationIds: readonly number[],
): Promise<number> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertVehicle(trx, values, now);
    await insertVehicleImages(trx, id, imageKeys, 0, now);
    await replaceVehicleLocations(trx, id, locationIds);
    await bumpVersion(trx, 'public-vehicles');
    return id;
  });
}
