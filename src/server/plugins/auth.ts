import type { FastifyInstance } from 'fastify';
import { isSessionLive } from '../repositories/refresh-tokens.ts';
import { ACCESS_COOKIE, verifyAccessToken } from '../services/tokens.ts';

/**
 * Reads the access-token cookie into request.user; routes decide what a missing user means. A
 * token whose session was ended (logout, a reused refresh token, a password change) counts as no
 * token at all, though its signature and expiry are still good.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const claims = await verifyAccessToken(app.deps, token);
    if (claims && (await isSessionLive(app.deps.db, claims.sessionId))) request.user = claims.user;
  });
}
