import type { TeamMember } from '#domain/api/team';
import { teamMemberSchema } from '#domain/schemas/accounts';
import { forbidden } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findTeamMemberView } from '../../repositories/team.ts';
import { addAgent } from '../../services/team/add-agent.ts';

/**
 * POST team/: the agency owner adds an agent's login to their agency, with a first password they
 * hand over (the agent changes it in Settings). A taken username or e-mail is refused as at sign-up.
 */
export const addTeamMember = defineRoute({
  method: 'POST',
  url: 'team/',
  access: ['agency'],
  body: teamMemberSchema,
  async handler({ deps, user, body }): Promise<TeamMember> {
    const agencyId = user.agencyId;
    if (agencyId === null) throw forbidden();
    const id = await addAgent(deps, agencyId, body);
    return findTeamMemberView(deps.db, id);
  },
});
