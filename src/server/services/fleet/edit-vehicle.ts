import { MAX_VEHICLE_IMAGES } from '#domain/constants';
import type { Deps } from '../../context.ts';
import { bumpVersion } from '../../repositories/data-versions.ts';
import {
  deleteVehicleImages,
  insertVehicleImages,
  listVehicleImages,
  lockVehicleRow,
  replaceVehicleLocations,
  updateVehicleRow,
  type VehicleValues,
} from '../../repositories/vehicles.ts';

export interface VehicleChange {
  values: Partial<VehicleValues>;
  /** Keys of new images, appended after the existing ones. */
  addImageKeys: readonly string[];
  /** Ids of this vehicle's images to remove. */
  deleteImageIds: readonly number[];
  /** The new set of pickup locations; undefined leaves the set as it is. */
  locationIds: readonly number[] | undefined;
}

export type VehicleChangeResult =
  { ok: true; removedImageKeys: string[] } | { ok: false; reason: 'not-found' | 'unknown-images' | 'too-many-images' };

/**
 * Applies an edit in one transaction with the vehicle locked, so concurrent edits can't push it
 * past the image limit or delete images twice; the public list's version moves with it. Returns
 * the keys of removed images, whose files the caller deletes once the change is committed.
 */
export async function editVehicle(deps: Deps, id: number, change: VehicleChange): Promise<VehicleChangeResult> {
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx): Promise<VehicleChangeResult> => {
    if (!(await lockVehicleRow(trx, deps.dialect, id))) return { ok: false, reason: 'not-found' };
    const images = await listVehicleImages(trx, id);
    const deleting = new Set(change.deleteImageIds);
    const removed = images.filter((image) => deleting.has(image.id));
    if (removed.length !== deleting.size) return { ok: false, reason: 'unknown-images' };
    if (images.length - removed.length + change.addImageKeys.length > MAX_VEHICLE_IMAGES) {
      return { ok: false, reason: 'too-many-images' };
    }

    await updateVehicleRow(trx, id, change.values, now);
    await deleteVehicleImages(
      trx,
      removed.map((image) => image.id),
    );
    const next = images.reduce((max, image) => Math.max(max, image.position + 1), 0);
    await insertVehicleImages(trx, id, change.addImageKeys, next, now);
    if (change.locationIds !== undefined) await replaceVehicleLocations(trx, id, change.locationIds);
    await bumpVersion(trx, 'public-vehicles');
    return { ok: true, removedImageKeys: removed.map((image) => image.file_key) };
  });
}
