import type { OneWayFeeView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { listAgencyOneWayFees } from '../../services/price-list/one-way-fees.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET one-way-fees/: the agency's fees per pickup → dropoff pair (owner and agents), `limit`/`offset`, total in X-Total-Count. */
export const listOneWayFeesRoute = defineRoute({
  method: 'GET',
  url: 'one-way-fees/',
  access: ['agency', 'agent'],
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<OneWayFeeView[]> {
    return paged(reply, await listAgencyOneWayFees(deps, user, query));
  },
});
