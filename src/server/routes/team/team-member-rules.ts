import * as v from 'valibot';
import { id } from '#domain/schemas/fields';

export const teamMemberParams = v.object({ id: id('Team member') });

export const TEAM_MEMBER_NOT_FOUND = 'Team member not found.';
export const NOT_YOURSELF = 'You cannot disable your own login.';
export const ONLY_AGENTS = "Only an agent's login can be disabled here.";
