import type { AgentLocation } from '#domain/api/locations';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listLocations } from '../../repositories/locations.ts';
import { paged } from '../params.ts';
import { pageQuery } from './page-query.ts';

/** GET agent-locations/: the pickup locations the caller may assign, by city and name. */
export const listAgentLocationsRoute = defineRoute({
  method: 'GET',
  url: 'agent-locations/',
  access: STAFF_ROLES,
  query: pageQuery,
  async handler({ deps, user, query, reply }): Promise<AgentLocation[]> {
    return paged(reply, await listLocations(deps.db, agencyScope(user), query));
  },
});
