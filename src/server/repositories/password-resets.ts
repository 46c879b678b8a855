import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { revokeUserRefreshTokens } from './refresh-tokens.ts';
import { updatePasswordHash } from './users.ts';

export async function insertResetToken(
  db: Kysely<Database>,
  token: { userId: number; tokenHash: string; expiresAt: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** How many reset links the user was sent since `since` (each link is one token row). */
export async function countResetTokensSince(db: Kysely<Database>, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user a reset token belongs to, when it is unused and not expired. */
export async function findUsableResetToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Spends a reset token: the new password, the token (and any other open link of that user) marked
 * used and every refresh token of the user revoked, in one transaction. Returns false, writing
 * nothing, when the token was spent or expired meanwhile.
 */
export async function resetPasswordWithToken(
  db: Kysely<Database>,
  tokenId: number,
  userId: number,
  passwordHash: string,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await updatePasswordHash(trx, userId, passwordHash);
    await revokeUserRefreshTokens(trx, userId, now);
    return true;
  });
}
