import type { FastifyInstance } from 'fastify';
import { ACCESS_COOKIE, verifyAccessToken } from '../services/tokens.ts';

/** Reads the access-token cookie into request.user; routes decide what a missing user means. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
    request.user = token && request.url.startsWith('/api/') ? await verifyAccessToken(app.deps, token) : null;
  });
}
