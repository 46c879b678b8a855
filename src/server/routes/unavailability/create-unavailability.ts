import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import { STAFF_ROLES } from '#domain/constants';
import { unavailabilitySchema } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { blockVehicle } from '../../services/unavailability.ts';

/** POST unavailability/: blocks a vehicle of the caller's fleet; a booking on those days is a 409. */
export const createUnavailabilityRoute = defineRoute({
  method: 'POST',
  url: 'unavailability/',
  access: STAFF_ROLES,
  body: unavailabilitySchema,
  async handler({ deps, user, body, request }): Promise<UnavailabilityPeriod> {
    return blockVehicle(deps, user, body, request.idempotencyClaim);
  },
});
