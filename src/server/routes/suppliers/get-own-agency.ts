import type { AgencyProfile } from '#domain/api/agencies';
import type { AuthUser } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { agencyProfile } from './agency-profile.ts';

/** GET agency/: the caller's own agency profile, for its agency and agent users (Settings). */
export const getOwnAgencyRoute = defineRoute({
  method: 'GET',
  url: 'agency/',
  access: ['agency', 'agent'],
  async handler({ deps, user }): Promise<AgencyProfile> {
    return agencyProfile(deps, ownAgency(user));
  },
});

/** The agency of an agency or agent user; anyone else has none of their own. */
export function ownAgency(user: AuthUser): number {
  const scope = agencyScope(user);
  if (scope === null) throw forbidden();
  return scope;
}
