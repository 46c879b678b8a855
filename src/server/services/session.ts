import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, Deps } from '../context.ts';
import type { SessionUser } from '#domain/api/session';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  spendRefreshToken,
  type NewRefreshToken,
} from '../repositories/refresh-tokens.ts';
import { findUserProfile, updatePasswordHash } from '../repositories/users.ts';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  hashToken,
  newOpaqueToken,
  REFRESH_COOKIE,
  REFRESH_TTL_SECONDS,
  rotateCsrfCookie,
  setSessionCookies,
  signAccessToken,
  verifyAccessToken,
} from './tokens.ts';

interface SessionContext {
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
}

const authUser = (profile: SessionUser): AuthUser => ({
  id: profile.id,
  role: profile.role,
  agencyId: profile.agency?.id ?? null,
});

/**
 * A refresh token presented again within this window is taken for a retry, not a theft: on a
 * yard's bad signal the reply carrying its successor can be lost, and two tabs can refresh at
 * once. Later reuse revokes the whole family.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

const isRetry = (deps: Deps, usedAt: string) => deps.now().getTime() - Date.parse(usedAt) <= REFRESH_RETRY_GRACE_MS;

const refreshExpiry = (deps: Deps) => new Date(deps.now().getTime() + REFRESH_TTL_SECONDS * 1000).toISOString();

/**
 * Exchanges a live token for its successor in one transaction. The exchange only happens when the
 * presented token is still unused and unrevoked at write time, so of two concurrent refreshes with
 * one token exactly one succeeds; false means the caller lost that race (treat it as reuse).
 */
async function rotateRefreshToken(deps: Deps, presentedId: number, next: NewRefreshToken, now: string) {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await spendRefreshToken(trx, presentedId, now))) return false;
    await insertRefreshToken(trx, next, now);
    return true;
  });
}

/**
 * A fresh sign-in: a new refresh-token family, both cookies and a new CSRF token. Returns the
 * user, or undefined if gone.
 */
export async function startSession(context: SessionContext, userId: number): Promise<SessionUser | undefined> {
  const { deps, request, reply } = context;
  const profile = await findUserProfile(deps.db, userId);
  if (!profile) return undefined;
  const now = deps.now().toISOString();
  await deleteExpiredRefreshTokens(deps.db, userId, now);
  const refresh = newOpaqueToken();
  const familyId = randomUUID();
  await insertRefreshToken(deps.db, { userId, tokenHash: refresh.hash, familyId, expiresAt: refreshExpiry(deps) }, now);
  const access = await signAccessToken(deps, authUser(profile), familyId);
  setSessionCookies(request, reply, deps, { access, refresh: refresh.token });
  rotateCsrfCookie(request, reply, deps);
  return profile;
}

/**
 * Stores a new password and ends every other session of the user: all their refresh tokens are
 * revoked, which also ends the other devices' access tokens at once (plugins/auth), and this
 * device starts a new family with fresh cookies. False if the user is gone.
 */
export async function renewSessionAfterPasswordChange(
  context: SessionContext,
  userId: number,
  passwordHash: string,
): Promise<boolean> {
  const { deps, request, reply } = context;
  const profile = await findUserProfile(deps.db, userId);
  if (!profile) return false;
  const now = deps.now().toISOString();
  const refresh = newOpaqueToken();
  const familyId = randomUUID();
  const session = { userId, tokenHash: refresh.hash, familyId, expiresAt: refreshExpiry(deps) };
  // The hash replaced, every refresh token revoked and this device's new one stored, together.
  await deps.db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash);
    await revokeUserRefreshTokens(trx, userId, now);
    // Again, as a new statement: on PostgreSQL a refresh that was rotating while the first revoke
    // waited for its lock commits a successor that statement could not see; this one does.
    await revokeUserRefreshTokens(trx, userId, now);
    await insertRefreshToken(trx, session, now);
  });
  const access = await signAccessToken(deps, authUser(profile), familyId);
  setSessionCookies(request, reply, deps, { access, refresh: refresh.token });
  rotateCsrfCookie(request, reply, deps);
  return true;
}

/**
 * Exchanges the refresh cookie for a new pair in the same family. A token presented a second
 * time means it was copied: the whole family is revoked, the thief's copy with the owner's.
 * Returns undefined (cookies cleared) whenever the caller must sign in again.
 */
export async function refreshSession(context: SessionContext): Promise<SessionUser | undefined> {
  const { deps, request, reply } = context;
  const presented = request.cookies[REFRESH_COOKIE];
  const presentedHash = presented ? hashToken(presented) : null;
  const stored = presentedHash ? await findRefreshToken(deps.db, presentedHash) : undefined;
  const now = deps.now().toISOString();
  if (!stored || stored.revoked_at !== null || stored.expires_at <= now) {
    clearSessionCookies(request, reply, deps);
    return undefined;
  }
  if (stored.used_at !== null && !isRetry(deps, stored.used_at)) {
    request.log.warn({ userId: stored.user_id }, 'refresh token reused: revoking its family');
    await revokeRefreshFamily(deps.db, stored.family_id, now);
    clearSessionCookies(request, reply, deps);
    return undefined;
  }
  // Read before rotating so role and agency changes since the last token are applied now.
  const profile = await findUserProfile(deps.db, stored.user_id);
  if (!profile) {
    await revokeRefreshFamily(deps.db, stored.family_id, now);
    clearSessionCookies(request, reply, deps);
    return undefined;
  }
  const next = newOpaqueToken();
  const successor = {
    userId: stored.user_id,
    tokenHash: next.hash,
    familyId: stored.family_id,
    expiresAt: refreshExpiry(deps),
  };
  let rotated = stored.used_at === null && (await rotateRefreshToken(deps, stored.id, successor, now));
  if (!rotated) {
    // Used moments ago (here, or by a racing request): a retry, so it gets a successor of its own.
    const latest = presentedHash ? await findRefreshToken(deps.db, presentedHash) : undefined;
    if (latest && latest.revoked_at === null && latest.used_at !== null && isRetry(deps, latest.used_at)) {
      await insertRefreshToken(deps.db, successor, now);
      rotated = true;
    }
  }
  if (!rotated) {
    await revokeRefreshFamily(deps.db, stored.family_id, now);
    clearSessionCookies(request, reply, deps);
    return undefined;
  }
  const access = await signAccessToken(deps, authUser(profile), stored.family_id);
  setSessionCookies(request, reply, deps, { access, refresh: next.token });
  return profile;
}

/**
 * Ends this device's session: the family of the presented refresh token and the one the access
 * token names (either cookie may be missing) are revoked, which ends the access token at once
 * too; both cookies are cleared and the CSRF token is replaced.
 */
export async function endSession(context: SessionContext): Promise<void> {
  const { deps, request, reply } = context;
  const families = new Set<string>();
  const presented = request.cookies[REFRESH_COOKIE];
  const stored = presented ? await findRefreshToken(deps.db, hashToken(presented)) : undefined;
  if (stored) families.add(stored.family_id);
  const access = request.cookies[ACCESS_COOKIE];
  const claims = access ? await verifyAccessToken(deps, access) : null;
  if (claims) families.add(claims.sessionId);
  const now = deps.now().toISOString();
  for (const familyId of families) await revokeRefreshFamily(deps.db, familyId, now);
  clearSessionCookies(request, reply, deps);
  rotateCsrfCookie(request, reply, deps);
}
