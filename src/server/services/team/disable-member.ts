import type { Deps } from '../../context.ts';
import { revokeUserRefreshTokens } from '../../repositories/refresh-tokens.ts';
import { updateUserDisabled } from '../../repositories/team.ts';

/**
 * Turns a login off — its sessions end at once: every refresh token is revoked, which the session
 * check of each call sees — or on again, in one transaction.
 */
export async function setMemberDisabled(deps: Deps, userId: number, disabled: boolean): Promise<void> {
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateUserDisabled(trx, userId, disabled ? now : null);
    if (disabled) await revokeUserRefreshTokens(trx, userId, now);
  });
}
