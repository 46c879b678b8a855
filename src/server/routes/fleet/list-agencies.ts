import type { AgencySummary } from '#domain/api/agencies';
import { defineRoute } from '../../http/route.ts';
import { listAgencies } from '../../repositories/agencies.ts';
import { paged } from '../params.ts';
import { pageQuery } from './page-query.ts';

/**
 * GET agencies/: every agency by name, for the operator (role staff) who must choose the agency
 * of a vehicle. Agency and agent users always work in their own and are refused.
 */
export const listAgenciesRoute = defineRoute({
  method: 'GET',
  url: 'agencies/',
  access: ['staff'],
  query: pageQuery,
  async handler({ deps, query, reply }): Promise<AgencySummary[]> {
    return paged(reply, await listAgencies(deps.db, query));
  },
});
