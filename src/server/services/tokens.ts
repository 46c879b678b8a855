import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type Role } from '#domain/constants';
import type { AuthUser, Deps } from '../context.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const CSRF_COOKIE = 'csrftoken';
export const ACCESS_TTL_SECONDS = 10 * 60;
/** Long enough for a tablet that stayed offline over a long weekend and more. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export async function signAccessToken(deps: Deps, user: AuthUser): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ role: user.role, agency: user.agencyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .sign(deps.secrets.jwtKey);
}

export async function verifyAccessToken(deps: Deps, token: string): Promise<AuthUser | null> {
  try {
    const { payload } = await jwtVerify(token, deps.secrets.jwtKey, {
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    const id = Number(payload.sub);
    const role = payload.role;
    const agency = payload.agency;
    if (!Number.isInteger(id) || typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
    return { id, role: role as Role, agencyId: typeof agency === 'number' ? agency : null };
  } catch {
    return null;
  }
}

/** Opaque refresh tokens: the client holds the random value, the database only its hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function secure(request: FastifyRequest, deps: Deps): boolean {
  return request.protocol === 'https' || deps.config.publicUrl.startsWith('https:');
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  tokens: { access: string; refresh: string },
): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(request, deps) };
  reply.setCookie(ACCESS_COOKIE, tokens.access, { ...base, path: '/', maxAge: ACCESS_TTL_SECONDS });
  // The refresh token only ever travels to the API.
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, { ...base, path: '/api/', maxAge: REFRESH_TTL_SECONDS });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, deps: Deps): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(request, deps) };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: '/api/' });
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, deps: Deps, token: string): void {
  // Readable by the page on purpose: the app echoes it in X-CSRFToken (double-submit).
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(request, deps),
    path: '/',
    maxAge: 365 * 24 * 3600,
  });
}
