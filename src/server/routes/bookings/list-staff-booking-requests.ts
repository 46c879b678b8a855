import * as v from 'valibot';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { REQUEST_STATUSES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listStaffRequests } from '../../repositories/booking-requests.ts';
import { sendPage } from '../params.ts';
import { pageFields } from './booking-params.ts';
import { cardImageUrl } from '../../services/card-image-url.ts';

const query = v.object({
  ...pageFields,
  status: v.optional(v.picklist(REQUEST_STATUSES, 'Status must be pending, accepted or declined.')),
});

/** GET staff-booking-requests/: the requests staff review, newest first, optionally by status. */
export const listStaffBookingRequests = defineRoute({
  method: 'GET',
  url: 'staff-booking-requests/',
  access: ['staff', 'agency', 'agent'],
  query,
  async handler({ deps, user, query, request, reply }): Promise<StaffBookingRequest[]> {
    const filter = { agencyId: agencyScope(user), status: query.status };
    return sendPage(request, reply, () => listStaffRequests(deps.db, filter, query, cardImageUrl(deps)));
  },
});
