import type { StaffVehicle } from '#domain/api/vehicles';
import { MAX_VEHICLE_IMAGES, STAFF_ROLES } from '#domain/constants';
import { vehicleSchema } from '#domain/schemas/vehicle';
import { fieldError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findStaffVehicle } from '../../repositories/vehicles.ts';
import { createVehicle } from '../../services/fleet/create-vehicle.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';
import { commitWithImages, storeVehicleImages } from './vehicle-images.ts';
import {
  checkCategory,
  checkLocations,
  checkRegistration,
  resolveAgency,
  TOO_MANY_IMAGES,
  VEHICLE_IMAGE_UPLOADS,
} from './vehicle-rules.ts';

/**
 * POST staff-vehicles/ (multipart): the vehicle fields, `image_uploads` and `pickup_locations`
 * repeated; `category_id` one of the agency's categories, or empty.
 */
export const createStaffVehicleRoute = defineRoute({
  method: 'POST',
  url: 'staff-vehicles/',
  access: STAFF_ROLES,
  body: vehicleSchema,
  files: { image_uploads: VEHICLE_IMAGE_UPLOADS },
  async handler({ deps, user, body, files, request }): Promise<StaffVehicle> {
    const { pickup_locations: locationIds, agency_id: requestedAgency, ...fields } = body;
    const scope = agencyScope(user);
    const agencyId = await resolveAgency(deps.db, scope, requestedAgency);
    const uploads = files.image_uploads ?? [];
    if (uploads.length > MAX_VEHICLE_IMAGES) throw fieldError(400, 'image_uploads', TOO_MANY_IMAGES);
    await checkLocations(deps.db, locationIds, agencyId);
    await checkCategory(deps.db, fields.category_id, agencyId);
    await checkRegistration(deps.db, fields.registration_number, null);

    const keys = await storeVehicleImages(deps.media, uploads, 'image_uploads', request.log);
    const id = await commitWithImages(deps.media, keys, request.log, () =>
      createVehicle(deps, { ...fields, agency_id: agencyId }, keys, locationIds),
    );
    const created = await findStaffVehicle(deps.db, deps.media, id, scope);
    if (!created) throw notFound(VEHICLE_NOT_FOUND);
    return created;
  },
});
