import type { RequestClashes } from '#domain/api/booking-requests';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findStaffRequest } from '../../repositories/booking-requests.ts';
import { findClashes } from '../../repositories/request-holds.ts';
import { requestIdParams } from './booking-params.ts';
import { REQUEST_NOT_FOUND } from '../../services/booking-refusals.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

/**
 * GET staff-booking-requests/:id/clashes/: what else wants the request's vehicle on its days
 * (other requests pending or still held, holding bookings, unavailability periods), shown on the
 * review screen before staff accept. All of it is the vehicle's agency's, the request's own.
 */
export const getRequestClashes = defineRoute({
  method: 'GET',
  url: 'staff-booking-requests/:id/clashes/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  async handler({ deps, user, params }): Promise<RequestClashes> {
    const found = await findStaffRequest(deps.db, params.id, cardImageUrl(deps));
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound(REQUEST_NOT_FOUND);
    const { request } = found;
    return findClashes(
      deps.db,
      { id: request.id, vehicleId: request.vehicle, startDate: request.start_date, endDate: request.end_date },
      deps.now().toISOString(),
    );
  },
});
