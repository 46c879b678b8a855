import type { FastifyReply } from 'fastify';
import { bookingHistoryFilterSchema } from '#domain/schemas/booking-history';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { bookingHistoryTotals } from '../../repositories/booking-history.ts';
import { keptRender } from '../../services/list-page-cache.ts';
import { historyFilter, historyKey, historyVersion } from './history-filter.ts';

/**
 * GET bookings/history/totals/: count, amount and count per status of the filtered history. They
 * add up every matching row, so they are kept per version of the agency's bookings (decision 033).
 */
export const getBookingHistoryTotals = defineRoute({
  method: 'GET',
  url: 'bookings/history/totals/',
  access: STAFF_ROLES,
  query: bookingHistoryFilterSchema,
  async handler({ deps, user, query, request, reply }): Promise<FastifyReply> {
    const filter = historyFilter(deps, agencyScope(user), query);
    const version = await historyVersion(deps, request, filter.agencyId);
    const kept = await keptRender(deps.db, historyKey('totals', filter), version, async () => {
      const totals = await bookingHistoryTotals(deps.db, filter);
      return { body: JSON.stringify(totals), total: totals.count, totalCapped: false, next: null };
    });
    return reply.type('application/json; charset=utf-8').send(kept.body);
  },
});
