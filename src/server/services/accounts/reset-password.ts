import type { Deps } from '../../context.ts';
import { findUsableResetToken, spendOpenResetTokens, spendResetToken } from '../../repositories/password-resets.ts';
import { revokeUserRefreshTokens } from '../../repositories/refresh-tokens.ts';
import { updatePasswordHash } from '../../repositories/users.ts';
import { Invalid } from '../errors.ts';
import { hashPassword } from '../passwords.ts';
import { hashToken } from '../tokens.ts';

export const INVALID_RESET_TOKEN = 'Invalid or expired reset token.';

/**
 * Sets a new password with a reset link's token, in one transaction: the token (and any other
 * open link of that user) marked used, the new hash stored and every refresh token of the user
 * revoked, so they are signed out everywhere. An unknown, used or expired token is Invalid; it is
 * checked again inside the transaction, so of two racing confirms only one wins.
 */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const found = await findUsableResetToken(deps.db, hashToken(token), deps.now().toISOString());
  if (!found) throw new Invalid(INVALID_RESET_TOKEN);
  const passwordHash = await hashPassword(password);
  const now = deps.now().toISOString();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await spendResetToken(trx, found.id, found.user_id, now))) return false;
    await spendOpenResetTokens(trx, found.user_id, now);
    await updatePasswordHash(trx, found.user_id, passwordHash);
    await revokeUserRefreshTokens(trx, found.user_id, now);
    return true;
  });
  if (!done) throw new Invalid(INVALID_RESET_TOKEN);
}
