import type { PlannerWindow } from '#domain/api/planner';
import { STAFF_ROLES } from '#domain/constants';
import { addDays } from '#domain/dates';
import { plannerQuerySchema } from '#domain/schemas/planner';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { plannerRows } from '../../repositories/planner.ts';
import { paged } from '../params.ts';

/**
 * GET planner/ (issue 23): a page of the caller's fleet (every agency's for the operator) as the
 * planner's rows over `days` days from `from`, each vehicle with its bookings, the requests
 * waiting for review or holding it, and its periods out of service; the number of vehicles the
 * filter keeps in X-Total-Count.
 */
export const getPlannerRoute = defineRoute({
  method: 'GET',
  url: 'planner/',
  access: STAFF_ROLES,
  query: plannerQuerySchema,
  async handler({ deps, user, query, reply }): Promise<PlannerWindow> {
    const to = addDays(query.from, query.days - 1);
    const page = await plannerRows(
      deps.db,
      {
        scope: agencyScope(user),
        categoryId: query.category,
        locationId: query.location,
        search: query.search,
        from: query.from,
        to,
        now: deps.now().toISOString(),
      },
      { limit: query.limit, offset: query.offset },
    );
    return { from: query.from, to, rows: paged(reply, page) };
  },
});
