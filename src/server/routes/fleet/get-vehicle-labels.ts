import * as v from 'valibot';
import { STAFF_ROLES } from '#domain/constants';
import { idList } from '#domain/schemas/fields';
import { badRequest } from '../../http/errors.ts';
import { sendPrivateFile } from '../../http/private-file.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { renderVehicleLabels } from '../../services/fleet/vehicle-labels-pdf.ts';
import { labelledVehicles } from '../../repositories/vehicles.ts';

/** The most labels one PDF holds: 24 sheets of 21. */
export const MAX_LABELS = 504;

const labelsQuery = v.object({
  vehicle: v.pipe(idList('Vehicle'), v.maxLength(MAX_LABELS, `Choose at most ${MAX_LABELS} vehicles.`)),
});

/**
 * GET staff-vehicles/labels/ (issue 23, Settings → Print labels): the QR labels of the vehicles
 * chosen (`vehicle`, repeated) of the caller's fleet, or of all of it in service, as an A4 PDF of
 * 21-up sheets to download. A vehicle of another fleet is a 400 on `vehicle`; so is a fleet of more
 * than 504 vehicles with none chosen.
 */
export const getVehicleLabelsRoute = defineRoute({
  method: 'GET',
  url: 'staff-vehicles/labels/',
  access: STAFF_ROLES,
  query: labelsQuery,
  async handler({ deps, user, query, reply }): Promise<Buffer> {
    const chosen = query.vehicle;
    const vehicles = await labelledVehicles(deps.db, agencyScope(user), chosen, MAX_LABELS + 1);
    if (chosen.length > 0 && vehicles.length !== chosen.length) {
      throw badRequest('Choose vehicles from your fleet.', { vehicle: ['Choose vehicles from your fleet.'] });
    }
    if (vehicles.length > MAX_LABELS) {
      const message = `Your fleet has more than ${MAX_LABELS} vehicles: choose the ones to label.`;
      throw badRequest(message, { vehicle: [message] });
    }
    if (vehicles.length === 0) {
      throw badRequest('There is no vehicle to label.', { vehicle: ['There is no vehicle to label.'] });
    }
    const pdf = await renderVehicleLabels(vehicles, deps.config.publicUrl);
    return sendPrivateFile(reply, pdf, 'application/pdf', 'vehicle-labels.pdf');
  },
});
