import * as v from 'valibot';
import type { VehicleToday } from '#domain/api/vehicle-today';
import { STAFF_ROLES } from '#domain/constants';
import { todayIso } from '#domain/dates';
import { isoDate } from '#domain/schemas/fields';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { vehicleToday } from '../../repositories/vehicle-today.ts';

export const NO_SUCH_LABEL = 'No vehicle of your fleet has this label.';

/** A label's code as printed; read in either case, as a person may type it. */
const LABEL_CODE = /^[0-9a-f]{10}$/i;

/**
 * GET vehicle-today/:code/ (issue 23): the today card of the vehicle whose QR label carries
 * `code` — the label's `/v/{code}` opens it. `date` is the desk's own today (the server's UTC day
 * otherwise). A code that is not a label's, or a vehicle of another fleet, is a 404.
 */
export const getVehicleTodayRoute = defineRoute({
  method: 'GET',
  url: 'vehicle-today/:code/',
  access: STAFF_ROLES,
  params: v.object({ code: v.pipe(v.string(), v.maxLength(100, NO_SUCH_LABEL)) }),
  query: v.object({ date: v.optional(isoDate('Date')) }),
  async handler({ deps, user, params, query }): Promise<VehicleToday> {
    if (!LABEL_CODE.test(params.code)) throw notFound(NO_SUCH_LABEL);
    const today = await vehicleToday(
      deps.db,
      agencyScope(user),
      params.code.toUpperCase(),
      query.date ?? todayIso(deps.now()),
    );
    if (!today) throw notFound(NO_SUCH_LABEL);
    return today;
  },
});
