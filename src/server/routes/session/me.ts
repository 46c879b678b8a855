import type { SessionUser } from '#domain/api/session';
import { unauthorized } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findUserProfile } from '../../repositories/users.ts';

/** The signed-in user with role, names, e-mail, agency (agency users) and customer record id. */
export const me = defineRoute({
  method: 'GET',
  url: 'auth/me/',
  access: 'signed-in',
  async handler({ deps, user }): Promise<SessionUser> {
    const profile = await findUserProfile(deps.db, user.id);
    if (!profile) throw unauthorized();
    return profile;
  },
});
