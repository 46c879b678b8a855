import type { StaffVehicle } from '#domain/api/vehicles';
import { MAX_VEHICLE_IMAGES, STAFF_ROLES } from '#domain/constants';
import { vehicleIdParams, vehicleUpdateSchema } from '#domain/schemas/vehicle';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import {
  findStaffVehicle,
  findVehicleAgency,
  vehicleImageIds,
  vehicleLocationIds,
} from '../../repositories/vehicles.ts';
import { categoryOfVehicle } from '../../repositories/vehicle-categories.ts';
import { editVehicle, type VehicleChangeResult } from '../../services/fleet/edit-vehicle.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';
import { commitWithImages, removeCommittedImages, storeVehicleImages } from './vehicle-images.ts';
import {
  checkCategory,
  checkLocations,
  checkRegistration,
  DELETED_IMAGES_UNKNOWN,
  resolveAgency,
  TOO_MANY_IMAGES,
  VEHICLE_IMAGE_UPLOADS,
} from './vehicle-rules.ts';

function refusal(reason: Exclude<VehicleChangeResult, { ok: true }>['reason']) {
  if (reason === 'not-found') return notFound(VEHICLE_NOT_FOUND);
  if (reason === 'unknown-images') return fieldError(400, 'deleted_images', DELETED_IMAGES_UNKNOWN);
  return fieldError(400, 'images', TOO_MANY_IMAGES);
}

/**
 * PATCH staff-vehicles/:id/ (multipart): any subset of the fields, new `images` appended,
 * `deleted_images` (JSON list of this vehicle's image ids), `pickup_locations` replacing the set,
 * `category_id` (one of the agency's categories; empty: none).
 */
export const updateStaffVehicleRoute = defineRoute({
  method: 'PATCH',
  url: 'staff-vehicles/:id/',
  access: STAFF_ROLES,
  params: vehicleIdParams,
  body: vehicleUpdateSchema,
  files: { images: VEHICLE_IMAGE_UPLOADS },
  async handler({ deps, user, params, body, files, request }): Promise<StaffVehicle> {
    const { pickup_locations: locationIds, agency_id: requestedAgency, deleted_images: deleted, ...fields } = body;
    const scope = agencyScope(user);
    const current = await findVehicleAgency(deps.db, params.id, scope);
    if (!current) throw notFound(VEHICLE_NOT_FOUND);
    const moving = requestedAgency !== null && requestedAgency !== undefined && requestedAgency !== current.agency_id;
    if (moving && scope !== null) throw forbidden('You can only manage the vehicles of your own agency.');
    const agencyId = moving ? await resolveAgency(deps.db, scope, requestedAgency) : current.agency_id;

    // Checked here so bad input is refused before any image is processed; the transaction checks again.
    const uploads = files.images ?? [];
    const existing = new Set(await vehicleImageIds(deps.db, params.id));
    const deleting = new Set(deleted);
    if ([...deleting].some((imageId) => !existing.has(imageId))) throw refusal('unknown-images');
    if (existing.size - deleting.size + uploads.length > MAX_VEHICLE_IMAGES) throw refusal('too-many-images');
    // A vehicle moved to another agency can't keep the old agency's pickup locations.
    const checkedLocations = locationIds ?? (moving ? await vehicleLocationIds(deps.db, params.id) : []);
    await checkLocations(deps.db, checkedLocations, agencyId);
    // Likewise its category: one of the new agency's, or none.
    const kept = moving ? ((await categoryOfVehicle(deps.db, params.id)) ?? null) : null;
    const category = fields.category_id === undefined ? kept : fields.category_id;
    await checkCategory(deps.db, category, agencyId);
    if (fields.registration_number !== undefined) {
      await checkRegistration(deps.db, fields.registration_number, params.id);
    }

    const keys = await storeVehicleImages(deps.media, uploads, 'images', request.log);
    const removedKeys = await commitWithImages(deps.media, keys, request.log, async () => {
      const result = await editVehicle(deps, params.id, {
        values: { ...fields, agency_id: agencyId },
        addImageKeys: keys,
        deleteImageIds: [...deleting],
        locationIds,
      });
      if (!result.ok) throw refusal(result.reason);
      return result.removedImageKeys;
    });
    await removeCommittedImages(deps.media, removedKeys, request.log);
    const updated = await findStaffVehicle(deps.db, deps.media, params.id, scope);
    if (!updated) throw notFound(VEHICLE_NOT_FOUND);
    return updated;
  },
});
