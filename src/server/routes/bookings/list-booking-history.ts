import * as v from 'valibot';
import type { FastifyReply } from 'fastify';
import { bookingHistoryFilterFields, datesInOrder, FROM_AFTER_TO } from '#domain/schemas/booking-history';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listBookingHistory } from '../../repositories/booking-history.ts';
import { renderedPage } from '../../services/list-page-cache.ts';
import { sendRenderedPage } from '../params.ts';
import { pageFields } from './booking-params.ts';
import { historyFilter, historyKey, historyVersion } from './history-filter.ts';

const listQuery = v.pipe(
  v.object({ ...bookingHistoryFilterFields, ...pageFields }),
  v.forward(v.partialCheck([['from'], ['to']], datesInOrder, FROM_AFTER_TO), ['to']),
);

/**
 * GET bookings/history/: past and cancelled bookings (completed, cancelled, or ended before
 * today) of the caller's agency (every agency's for staff), latest end first, in the staff
 * booking shape, paged like GET bookings/ (limit/offset or cursor, at most 200 a page). A page is
 * rendered once per version of the agency's bookings, like the staff list's.
 */
export const listBookingHistoryRoute = defineRoute({
  method: 'GET',
  url: 'bookings/history/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, request, reply }): Promise<FastifyReply> {
    const { limit, offset, cursor, ...fields } = query;
    const filter = historyFilter(deps, agencyScope(user), fields);
    const page = { limit, offset, cursor };
    return sendRenderedPage(request, reply, async () =>
      renderedPage(
        deps.db,
        historyKey('page', { ...filter, ...page }),
        await historyVersion(deps, request, filter.agencyId),
        () => listBookingHistory(deps.db, filter, page),
      ),
    );
  },
});
