import type { ExtraView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { listAgencyExtras } from '../../services/price-list/extras.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET extras/: the extras the agency offers, by name (owner and agents), `limit`/`offset`, total in X-Total-Count. */
export const listExtrasRoute = defineRoute({
  method: 'GET',
  url: 'extras/',
  access: ['agency', 'agent'],
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<ExtraView[]> {
    return paged(reply, await listAgencyExtras(deps, user, query));
  },
});
