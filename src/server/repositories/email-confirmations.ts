import type { Kysely } from 'kysely';
import type { Role } from '#domain/constants';
import type { Database } from '../db/types.ts';

const lower = (value: string) => value.toLowerCase();

/** A visitor's requests sent from `email` (in any case) that belong to no account yet. */
function waitingRequests(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('booking_requests')
    .where('customer_id', 'is', null)
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(email)));
}

/** How many of a visitor's requests from `email` wait for the account of that address. */
export async function countWaitingRequests(db: Kysely<Database>, email: string): Promise<number> {
  const row = await waitingRequests(db, email)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface EmailState {
  role: Role;
  email: string;
  /** The address is confirmed while the one last confirmed is the one the user has now. */
  confirmed: boolean;
}

/** The user's address and whether it is confirmed. */
export async function findEmailState(db: Kysely<Database>, userId: number): Promise<EmailState | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['role', 'email', 'confirmed_email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    role: row.role,
    email: row.email,
    confirmed: row.confirmed_email !== null && lower(row.confirmed_email) === lower(row.email),
  };
}

export async function insertConfirmationToken(
  db: Kysely<Database>,
  token: { userId: number; email: string; tokenHash: string; expiresAt: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('email_confirmation_tokens')
    .values({
      user_id: token.userId,
      email: token.email,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** When each confirmation link the user was sent since `since` was made, oldest first. */
export async function confirmationTokensSince(db: Kysely<Database>, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('email_confirmation_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

/** Whether the user holds a link for `email` that still works. */
export async function hasOpenConfirmationToken(
  db: Kysely<Database>,
  userId: number,
  email: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_confirmation_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

export type ConfirmationOutcome = { confirmed: false } | { confirmed: true; userId: number; attached: number };

/**
 * Spends a confirmation link, in one transaction: the link (and every other open link of the
 * user) marked used, the address marked confirmed, and each visitor's request from that address
 * that belongs to no account attached to the user's customer record. Nothing is written for an
 * unknown, used or expired link, or one sent to an address the user no longer has.
 */
export async function confirmEmailWithToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<ConfirmationOutcome> {
  return db.transaction().execute(async (trx): Promise<ConfirmationOutcome> => {
    const token = await trx
      .selectFrom('email_confirmation_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 't.email', 'u.email as current_email'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', now)
      .executeTakeFirst();
    if (!token || lower(token.email) !== lower(token.current_email)) return { confirmed: false };
    // Checked again by the update itself: of two racing confirms only one spends the link.
    const spent = await trx
      .updateTable('email_confirmation_tokens')
      .set({ used_at: now })
      .where('id', '=', token.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { confirmed: false };
    await trx
      .updateTable('email_confirmation_tokens')
      .set({ used_at: now })
      .where('user_id', '=', token.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.updateTable('users').set({ confirmed_email: token.email }).where('id', '=', token.user_id).execute();
    const customer = await trx
      .selectFrom('customers')
      .select('id')
      .where('user_id', '=', token.user_id)
      .executeTakeFirst();
    if (!customer) return { confirmed: true, userId: token.user_id, attached: 0 };
    const attached = await trx
      .updateTable('booking_requests')
      .set({ customer_id: customer.id })
      .where('customer_id', 'is', null)
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(token.email)))
      .executeTakeFirst();
    return { confirmed: true, userId: token.user_id, attached: Number(attached.numUpdatedRows) };
  });
}
