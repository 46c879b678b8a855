import type { TeamMember } from '#domain/api/team';
import { teamMemberUpdateSchema } from '#domain/schemas/accounts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findTeamMember, findTeamMemberView } from '../../repositories/team.ts';
import { setMemberDisabled } from '../../services/team/disable-member.ts';
import { NOT_YOURSELF, ONLY_AGENTS, TEAM_MEMBER_NOT_FOUND, teamMemberParams } from './team-member-rules.ts';

/**
 * PATCH team/{id}/ (`disabled`): the agency owner turns one of their agents' logins off — it can no
 * longer sign in and its sessions end at once — or on again. Another agency's user is not found.
 */
export const updateTeamMember = defineRoute({
  method: 'PATCH',
  url: 'team/:id/',
  access: ['agency'],
  params: teamMemberParams,
  body: teamMemberUpdateSchema,
  async handler({ deps, user, params, body }): Promise<TeamMember> {
    if (user.agencyId === null) throw forbidden();
    const member = await findTeamMember(deps.db, params.id);
    if (!member || member.agency_id !== user.agencyId) throw notFound(TEAM_MEMBER_NOT_FOUND);
    if (member.id === user.id) throw badRequest(NOT_YOURSELF, { disabled: [NOT_YOURSELF] });
    if (member.role !== 'agent') throw badRequest(ONLY_AGENTS, { disabled: [ONLY_AGENTS] });
    await setMemberDisabled(deps, member.id, body.disabled);
    return findTeamMemberView(deps.db, member.id);
  },
});
