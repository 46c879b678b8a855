import { bookingHistoryFilterSchema } from '#domain/schemas/booking-history';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { bookingHistoryTotals } from '../../repositories/booking-history.ts';
import { historyFilter } from './history-filter.ts';

/** GET bookings/history/totals/: count, amount and count per status of the filtered history. */
export const getBookingHistoryTotals = defineRoute({
  method: 'GET',
  url: 'bookings/history/totals/',
  access: STAFF_ROLES,
  query: bookingHistoryFilterSchema,
  async handler({ deps, user, query }) {
    return bookingHistoryTotals(deps.db, historyFilter(deps, agencyScope(user), query));
  },
});
