import type { SessionUser } from '#domain/api/session';
import { loginSchema } from '#domain/schemas/accounts';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findUserForLogin } from '../../repositories/users.ts';
import { loginThrottleFor } from '../../services/login-throttle.ts';
import { DUMMY_HASH, verifyPassword } from '../../services/passwords.ts';
import { startSession } from '../../services/session.ts';
import { offerEmailConfirmation } from './email-confirmation.ts';

export const LOGIN_FAILED = 'Login failed. Please check your username and password.';
export const LOGIN_DISABLED = 'This login has been turned off by your agency. Ask them to turn it on again.';

function tooManyAttempts(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return tooManyRequests(
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    retryAfterSeconds,
  );
}

/** Username or e-mail and password: sets the HttpOnly session cookies and returns the user. */
export const login = defineRoute({
  method: 'POST',
  url: 'login/',
  access: 'public',
  body: loginSchema,
  status: 200,
  async handler({ deps, request, reply, body }): Promise<SessionUser> {
    const throttle = loginThrottleFor(deps);
    const user = await findUserForLogin(deps.db, body.username);
    // Unknown names are counted too, under the name typed, so probing them is throttled alike.
    const account = user ? `user:${user.id}` : `name:${body.username.toLowerCase()}`;
    const address = request.ip;
    const wait = await throttle.retryAfterSeconds(account, address, deps.now());
    if (wait > 0) throw tooManyAttempts(wait);

    // A missing user still costs one scrypt, so the reply time does not tell whether it exists.
    const valid = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !valid) {
      await throttle.recordFailure(account, address, deps.now());
      throw unauthorized(LOGIN_FAILED);
    }
    await throttle.recordSuccess(account, address);
    // Said only to someone who knows the password, so it tells a stranger nothing.
    if (user.disabled_at !== null) throw forbidden(LOGIN_DISABLED);
    const profile = await startSession({ deps, request, reply }, user.id);
    if (!profile) throw unauthorized(LOGIN_FAILED);
    // A customer whose visitor's requests wait for a confirmed address is sent the link (once while it works).
    if (profile.role === 'customer') await offerEmailConfirmation(deps, user.id, request.log);
    return profile;
  },
});
