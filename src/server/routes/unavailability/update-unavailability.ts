import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import { STAFF_ROLES } from '#domain/constants';
import { unavailabilityIdParams, unavailabilitySchema } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { changePeriod } from '../../services/unavailability.ts';

/**
 * PATCH unavailability/:id/: the whole period again, as on creation (it may move to another
 * vehicle of the fleet). Another agency's period is a 404; a booking on the new days a 409.
 */
export const updateUnavailabilityRoute = defineRoute({
  method: 'PATCH',
  url: 'unavailability/:id/',
  access: STAFF_ROLES,
  params: unavailabilityIdParams,
  body: unavailabilitySchema,
  async handler({ deps, user, params, body }): Promise<UnavailabilityPeriod> {
    return changePeriod(deps, user, params.id, body);
  },
});
