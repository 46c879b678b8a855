import type { MessageReply } from '#domain/api/session';
import { passwordChangeSchema } from '#domain/schemas/accounts';
import { fieldError, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findPasswordHash } from '../../repositories/users.ts';
import { loginThrottleFor } from '../../services/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../services/passwords.ts';
import { renewSessionAfterPasswordChange } from '../../services/session.ts';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

/**
 * POST auth/password/: a signed-in user sets a new password by giving the current one. Wrong
 * guesses count in the sign-in throttle under the same account and address as a failed login,
 * so a stolen session is no faster an oracle for the password than the login form. The user's
 * other sessions end at once (their refresh tokens are revoked, and with them their access
 * tokens); this device gets fresh cookies and stays signed in.
 */
export const changePassword = defineRoute({
  method: 'POST',
  url: 'auth/password/',
  access: 'signed-in',
  body: passwordChangeSchema,
  status: 200,
  async handler({ deps, request, reply, user, body }): Promise<MessageReply> {
    const throttle = loginThrottleFor(deps);
    const account = `user:${user.id}`;
    const wait = await throttle.retryAfterSeconds(account, request.ip, deps.now());
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw tooManyRequests(
        `Too many wrong passwords. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        wait,
      );
    }
    const stored = await findPasswordHash(deps.db, user.id);
    if (stored === undefined) throw unauthorized();
    if (!(await verifyPassword(body.current_password, stored))) {
      await throttle.recordFailure(account, request.ip, deps.now());
      throw fieldError(400, 'current_password', WRONG_CURRENT_PASSWORD);
    }
    await throttle.recordSuccess(account, request.ip);
    const passwordHash = await hashPassword(body.password);
    if (!(await renewSessionAfterPasswordChange({ deps, request, reply }, user.id, passwordHash))) {
      throw unauthorized();
    }
    return { message: 'Your password has been changed.' };
  },
});
