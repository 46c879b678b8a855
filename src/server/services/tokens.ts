import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** What a valid access token says: who, and which session (refresh-token family) it belongs to. */
export interface AccessClaims {
  user: AuthUser;
  /** The refresh-token family: revoking it ends this access token at once (see plugins/auth). */
  sessionId: string;
}

export async function signAccessToken(deps: Deps, user: AuthUser, sessionId: string): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ role: user.role, agency: user.agencyId, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .sign(deps.secrets.jwtKey);
}

/**
 * Tokens this process has verified, per signing secret, with their claims and expiry (seconds):
 * a session presents the same token on every request for ten minutes, and checking its signature
 * through WebCrypto each time cost more than a list page's query. Revocation is not cached (see
 * plugins/auth); expiry is checked on every use, against the same clock.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; expires: number }>>();
const VERIFIED_TOKENS_KEPT = 10_000;

/** The claims of a well-signed, unexpired token; null for anything else (a token without a session too). */
export async function verifyAccessToken(deps: Deps, token: string): Promise<AccessClaims | null> {
  let verified = verifiedTokens.get(deps.secrets.jwtKey);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(deps.secrets.jwtKey, verified);
  }
  const known = verified.get(token);
  // jose's rule: a token is expired once its exp is not after the current second.
  if (known) return known.expires > Math.floor(deps.now().getTime() / 1000) ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, deps.secrets.jwtKey, {
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    const id = Number(payload.sub);
    const { role, agency, sid, exp } = payload;
    if (!Number.isInteger(id) || typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
    if (typeof sid !== 'string' || sid === '' || typeof exp !== 'number') return null;
    const claims = {
      user: { id, role: role as Role, agencyId: typeof agency === 'number' ? agency : null },
      sessionId: sid,
    };
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, { claims, expires: exp });
    return claims;
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

function csrfSignature(deps: Deps, nonce: string): Buffer {
  return createHmac('sha256', deps.secrets.csrfKey).update(nonce).digest();
}

/** A new CSRF token: a random nonce and its HMAC under the server's key, so no one else can make one. */
export function newCsrfToken(deps: Deps): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${csrfSignature(deps, nonce).toString('base64url')}`;
}

/** Whether this server (or one sharing its secret) made the token; a value a client chose is not. */
export function isServerCsrfToken(deps: Deps, token: string): boolean {
  const match = /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const given = Buffer.from(match[2], 'base64url');
  const expected = csrfSignature(deps, match[1]);
  return given.length === expected.length && timingSafeEqual(given, expected);
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

/** A fresh CSRF token whenever who is signed in changes, so a token seen before does not outlive it. */
export function rotateCsrfCookie(request: FastifyRequest, reply: FastifyReply, deps: Deps): void {
  setCsrfCookie(request, reply, deps, newCsrfToken(deps));
}
