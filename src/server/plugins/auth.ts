import type { FastifyInstance } from 'fastify';
import { staffScope } from '../services/agency-scope.ts';
import { checkSession } from '../repositories/refresh-tokens.ts';
import { ACCESS_COOKIE, verifyAccessToken } from '../services/tokens.ts';

/**
 * Reads the access-token cookie into request.user; routes decide what a missing user means. A
 * token whose session was ended (logout, a reused refresh token, a password change) counts as no
 * token at all, though its signature and expiry are still good. For a staff-side user the same
 * query reads their booking list's version into request.bookingsVersion (decision 026), and for
 * an agency or agent user whether their agency is suspended (decision 029).
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('bookingsVersion', null);
  app.decorateRequest('agencySuspended', false);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const claims = await verifyAccessToken(app.deps, token);
    if (!claims) return;
    const session = await checkSession(app.deps.db, claims.sessionId, staffScope(claims.user), claims.user.agencyId);
    if (!session.live) return;
    request.user = claims.user;
    request.bookingsVersion = session.bookingsVersion;
    request.agencySuspended = session.agencySuspended;
  });
}
