import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findStaffRequest } from '../../repositories/booking-requests.ts';
import { requestIdParams } from './booking-params.ts';
import { REQUEST_NOT_FOUND } from '../../services/booking-refusals.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

/** GET staff-booking-requests/:id/: one request for the review screen. */
export const getStaffBookingRequest = defineRoute({
  method: 'GET',
  url: 'staff-booking-requests/:id/',
  access: ['staff', 'agency', 'agent'],
  params: requestIdParams,
  async handler({ deps, user, params }): Promise<StaffBookingRequest> {
    const found = await findStaffRequest(deps.db, params.id, cardImageUrl(deps));
    if (!found || !canReachAgency(user, found.agencyId)) throw notFound(REQUEST_NOT_FOUND);
    return found.request;
  },
});
