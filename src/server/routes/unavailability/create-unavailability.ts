import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import { STAFF_ROLES } from '#domain/constants';
import { unavailabilitySchema } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { findPeriod, insertPeriod } from '../../repositories/unavailability.ts';
import { ownVehicle } from '../fleet/vehicle-rules.ts';
import { periodConflict, periodNotFound } from './period-refusals.ts';

/** POST unavailability/: blocks a vehicle of the caller's fleet; a booking on those days is a 409. */
export const createUnavailabilityRoute = defineRoute({
  method: 'POST',
  url: 'unavailability/',
  access: STAFF_ROLES,
  body: unavailabilitySchema,
  async handler({ deps, user, body, request }) {
    const scope = agencyScope(user);
    const vehicle = await ownVehicle(deps, body.vehicle, scope);
    const now = deps.now().toISOString();
    // The reply is read and stored inside the write's transaction (see plugins/idempotency-commit).
    let created: UnavailabilityPeriod | undefined;
    try {
      await insertPeriod(
        deps.db,
        deps.dialect,
        {
          vehicle_id: vehicle.id,
          agency_id: vehicle.agency_id,
          kind: body.kind,
          start_date: body.start_date,
          end_date: body.end_date,
          reason: body.reason,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        },
        async (trx, id) => {
          created = await findPeriod(trx, id, scope);
          if (created) await storeReplyWithWrite(trx, request, 201, created);
        },
      );
    } catch (error) {
      throw periodConflict(error);
    }
    if (!created) throw periodNotFound();
    return created;
  },
});
