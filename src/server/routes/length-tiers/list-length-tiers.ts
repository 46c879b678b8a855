import type { LengthTierView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { listAgencyLengthTiers } from '../../services/price-list/length-tiers.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET length-tiers/: the agency's length tiers, shortest first (owner and agents), `limit`/`offset`, total in X-Total-Count. */
export const listLengthTiersRoute = defineRoute({
  method: 'GET',
  url: 'length-tiers/',
  access: ['agency', 'agent'],
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<LengthTierView[]> {
    return paged(reply, await listAgencyLengthTiers(deps, user, query));
  },
});
