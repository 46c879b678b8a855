import type { SessionUser } from '#domain/api/session';
import { unauthorized } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { refreshSession } from '../../services/session.ts';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Rotates the refresh cookie and issues a new access token; reuse of an old one ends the family. */
export const tokenRefresh = defineRoute({
  method: 'POST',
  url: 'token/refresh/',
  access: 'public',
  status: 200,
  async handler({ deps, request, reply }): Promise<SessionUser> {
    const profile = await refreshSession({ deps, request, reply });
    if (!profile) throw unauthorized(SESSION_EXPIRED);
    return profile;
  },
});
