import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/errors.ts';
import { CSRF_COOKIE, isServerCsrfToken, newCsrfToken, setCsrfCookie } from '../services/tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection with server-signed tokens: GET /api/csrf/ sets the `csrftoken`
 * cookie and every unsafe API call must echo it in `X-CSRFToken`. A cross-site page can send the
 * cookie but can't read it; and since only tokens the server signed count, a value planted in the
 * cookie (by a sibling subdomain, say) is worth nothing. Sign-in, sign-out and a password change
 * issue a new token (services/session).
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers['x-csrftoken'];
    if (!cookie || typeof header !== 'string' || !same(cookie, header) || !isServerCsrfToken(app.deps, cookie)) {
      throw forbidden('CSRF token missing or incorrect. Reload the page and try again.');
    }
  });

  app.get('/api/csrf', async (request, reply) => {
    // The token this browser holds stays (its other tabs use it too) if and only if we made it.
    const existing = request.cookies[CSRF_COOKIE];
    const token = existing && isServerCsrfToken(app.deps, existing) ? existing : newCsrfToken(app.deps);
    setCsrfCookie(request, reply, app.deps, token);
    return { csrfToken: token };
  });
}
