import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

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
 * Marks the user's reset token used, only while it is still unused and unexpired at write time:
 * of two racing confirms exactly one gets true.
 */
export async function spendResetToken(
  db: Kysely<Database>,
  tokenId: number,
  userId: number,
  now: string,
): Promise<boolean> {
  const spent = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Every other open reset link of the user stops working. */
export async function spendOpenResetTokens(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
