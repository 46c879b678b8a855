import type { Deps } from '../../context.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import { updateVehicleRetired } from '../../repositories/vehicles.ts';

/**
 * Retires a vehicle (`retiredAt`) or returns it to service (null). Its bookings, requests and
 * records stay; the public list's version moves in the same transaction, so the cached list drops
 * or regains it.
 */
export async function setVehicleRetired(deps: Deps, id: number, retiredAt: string | null, now: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await updateVehicleRetired(trx, id, retiredAt, now);
    await bumpVersion(trx, 'public-vehicles');
  });
}
