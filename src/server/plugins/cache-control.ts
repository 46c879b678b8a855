import type { FastifyInstance } from 'fastify';

/** What every API reply that is not public data says: no cache, shared or the browser's, may keep it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Names, national IDs, addresses, sessions: an API reply is private unless a route open to anyone
 * answers successfully and says itself how it may be cached (the public vehicle list, a public
 * vehicle, the settings, the health probe). Everything else — every signed-in call, the session
 * calls (login, refresh, logout, csrf), anonymous writes, and every error — gets
 * `private, no-store`, whatever the handler set.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    const cacheable =
      request.routeOptions.config.access === 'public' && reply.statusCode < 400 && reply.hasHeader('cache-control');
    if (!cacheable) reply.header('Cache-Control', PRIVATE_NO_STORE);
    return payload;
  });
}
