import type { RouteRegistrar } from '../index.ts';
import { addTeamMember } from './add-team-member.ts';
import { listTeamRoute } from './list-team.ts';
import { updateTeamMember } from './update-team-member.ts';

export const teamRoutes: RouteRegistrar[] = [listTeamRoute, addTeamMember, updateTeamMember];
