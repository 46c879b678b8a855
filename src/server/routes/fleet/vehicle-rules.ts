import type { Kysely } from 'kysely';
import { MAX_VEHICLE_IMAGES, VEHICLE_IMAGE_MAX_BYTES } from '#domain/constants';
import type { Database } from '../../db/types.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import type { FileField } from '../../http/request-body.ts';
import { locationsOutsideAgency } from '../../repositories/locations.ts';
import { isCategoryOfAgency } from '../../repositories/vehicle-categories.ts';
import { agencyExists, registrationTaken } from '../../repositories/vehicles.ts';

export const REGISTRATION_TAKEN = 'A vehicle with this registration number already exists.';
export const LOCATIONS_OUTSIDE_AGENCY = "Pickup locations must belong to the vehicle's agency.";
export const CATEGORY_OUTSIDE_AGENCY = "Choose one of the vehicle's agency's categories.";
export const TOO_MANY_IMAGES = `A vehicle can have at most ${MAX_VEHICLE_IMAGES} images.`;
export const DELETED_IMAGES_UNKNOWN = 'Deleted images must be images of this vehicle.';
/** The photos a vehicle form may carry (its image field). */
export const VEHICLE_IMAGE_UPLOADS: FileField = {
  maxFiles: MAX_VEHICLE_IMAGES,
  maxBytes: VEHICLE_IMAGE_MAX_BYTES,
  tooMany: TOO_MANY_IMAGES,
  tooLarge: `An image may be at most ${VEHICLE_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`,
};
const AGENCY_REQUIRED = 'Agency is required.';
const AGENCY_UNKNOWN = 'This agency does not exist.';

/**
 * The agency a vehicle (or another record of an agency: `what`) goes to. Agency users always work
 * in their own (naming another is refused); the operator (null scope) must name an existing agency.
 */
export async function resolveAgency(
  db: Kysely<Database>,
  scope: number | null,
  requested: number | null | undefined,
  what = 'vehicles',
): Promise<number> {
  if (scope !== null) {
    if (requested !== null && requested !== undefined && requested !== scope) {
      throw forbidden(`You can only manage the ${what} of your own agency.`);
    }
    return scope;
  }
  if (requested === null || requested === undefined) throw fieldError(400, 'agency_id', AGENCY_REQUIRED);
  if (!(await agencyExists(db, requested))) throw fieldError(400, 'agency_id', AGENCY_UNKNOWN);
  return requested;
}

export async function checkLocations(db: Kysely<Database>, locationIds: readonly number[], agencyId: number) {
  const outside = await locationsOutsideAgency(db, locationIds, agencyId);
  if (outside.length > 0) throw fieldError(400, 'pickup_locations', LOCATIONS_OUTSIDE_AGENCY);
}

/** A vehicle's category (null: none) must be one of its agency's. */
export async function checkCategory(db: Kysely<Database>, categoryId: number | null, agencyId: number) {
  if (categoryId !== null && !(await isCategoryOfAgency(db, categoryId, agencyId))) {
    throw fieldError(400, 'category_id', CATEGORY_OUTSIDE_AGENCY);
  }
}

export async function checkRegistration(db: Kysely<Database>, registration: string, vehicleId: number | null) {
  if (await registrationTaken(db, registration, vehicleId)) {
    throw fieldError(400, 'registration_number', REGISTRATION_TAKEN);
  }
}
