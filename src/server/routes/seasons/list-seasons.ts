import type { SeasonView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { listAgencySeasons } from '../../services/price-list/seasons.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET seasons/: the agency's seasons by start date (owner and agents), `limit`/`offset`, total in X-Total-Count. */
export const listSeasonsRoute = defineRoute({
  method: 'GET',
  url: 'seasons/',
  access: ['agency', 'agent'],
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<SeasonView[]> {
    return paged(reply, await listAgencySeasons(deps, user, query));
  },
});
