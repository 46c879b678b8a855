import type { StaffDispute } from '#domain/api/return-charges';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { openDisputes } from '../../services/return-charges/disputes.ts';
import { paged, pagingQuery } from '../params.ts';

/**
 * GET return-charge-disputes/: the open disputes of the caller's agency (the operator: every
 * agency's), oldest first, each with its booking, customer and charge; total in X-Total-Count.
 */
export const listOpenDisputesRoute = defineRoute({
  method: 'GET',
  url: 'return-charge-disputes/',
  access: STAFF_ROLES,
  query: pagingQuery(20, 100),
  async handler({ deps, user, query, reply }): Promise<StaffDispute[]> {
    reply.header('Cache-Control', 'private, no-store');
    return paged(reply, await openDisputes(deps, user, query));
  },
});
