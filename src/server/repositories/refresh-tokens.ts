import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { listVersionQuery } from './list-counts.ts';

export interface StoredRefreshToken {
  id: number;
  user_id: number;
  family_id: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface NewRefreshToken {
  userId: number;
  tokenHash: string;
  familyId: string;
  expiresAt: string;
}

export async function insertRefreshToken(db: Kysely<Database>, token: NewRefreshToken, now: string): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      family_id: token.familyId,
      expires_at: token.expiresAt,
      used_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
}

export async function findRefreshToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<StoredRefreshToken | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['id', 'user_id', 'family_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a presented token used, only while it is still unused, unrevoked and unexpired at write
 * time: of two concurrent refreshes with one token exactly one gets true.
 */
export async function spendRefreshToken(db: Kysely<Database>, presentedId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', presentedId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(db: Kysely<Database>, familyId: string, now: string): Promise<void> {
  const revoke = () =>
    db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  await revoke();
  // Again, as a new statement: on PostgreSQL a refresh that was rotating while the first one waited
  // for its lock commits a successor that statement could not see, and it would keep the session on.
  await revoke();
}

export async function revokeUserRefreshTokens(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Expired tokens prove nothing any more (reuse of one is refused as expired anyway). */
export async function deleteExpiredRefreshTokens(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

/** What a signed-in call learns from its session check (checkSession). */
export interface SessionCheck {
  live: boolean;
  /** The version of the caller's booking list (listVersion), when one was asked for; else null. */
  bookingsVersion: number | null;
  /** Whether the caller's agency (when one was asked for) is suspended. */
  agencySuspended: boolean;
}

/**
 * Whether a session (a refresh-token family) is still on: read once per signed-in API call, so
 * logout, a detected token theft or a password change ends the access tokens of that session at
 * once, in every process. While the session lives, the first row the family index finds answers.
 *
 * For a staff-side caller (`bookingsOwner`: their agency, null for every agency) the same query
 * reads their booking list's version, which the list's page cache needs (decision 026): a kept
 * page then costs one round trip to the database, not two. For an agency or agent user
 * (`agencyId`) it also reads their agency's status by primary key, so a suspended agency's
 * writes are refused without another round trip (decision 029).
 */
export async function checkSession(
  db: Kysely<Database>,
  familyId: string,
  bookingsOwner: number | null | undefined,
  agencyId: number | null = null,
): Promise<SessionCheck> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('id')
            .where('family_id', '=', familyId)
            .where('revoked_at', 'is', null),
        )
        .as('live'),
    ])
    .$if(bookingsOwner !== undefined, (query) =>
      query.select(listVersionQuery(db, 'bookings', bookingsOwner ?? null).as('bookings_version')),
    )
    .$if(agencyId !== null, (query) =>
      query.select((eb) =>
        eb
          .selectFrom('agencies')
          .select('status')
          .where('id', '=', agencyId ?? 0)
          .as('agency_status'),
      ),
    )
    .executeTakeFirstOrThrow();
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  const live = Boolean(row.live);
  return {
    live,
    bookingsVersion:
      row.bookings_version === undefined || row.bookings_version === null ? null : Number(row.bookings_version),
    agencySuspended: row.agency_status === 'suspended',
  };
}
