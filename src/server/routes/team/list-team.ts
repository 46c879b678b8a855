import type { TeamMember } from '#domain/api/team';
import { forbidden } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { listTeam } from '../../repositories/team.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET team/: the agency owner's own agency's logins (the owner and its agents), for Settings. */
export const listTeamRoute = defineRoute({
  method: 'GET',
  url: 'team/',
  access: ['agency'],
  query: pagingQuery(100, 200),
  async handler({ deps, user, query, reply }): Promise<TeamMember[]> {
    if (user.agencyId === null) throw forbidden();
    return paged(reply, await listTeam(deps.db, user.agencyId, query));
  },
});
