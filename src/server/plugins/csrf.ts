import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/errors.ts';
import { CSRF_COOKIE, setCsrfCookie } from '../services/tokens.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF protection: GET /api/csrf/ sets the `csrftoken` cookie and every unsafe
 * API call must echo it in `X-CSRFToken`. A cross-site page can send the cookie but can't read it.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers['x-csrftoken'];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw forbidden('CSRF token missing or incorrect. Reload the page and try again.');
    }
  });

  app.get('/api/csrf', async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    const token =
      existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing) ? existing : randomBytes(24).toString('base64url');
    setCsrfCookie(request, reply, app.deps, token);
    reply.header('Cache-Control', 'no-store');
    return { csrfToken: token };
  });
}
