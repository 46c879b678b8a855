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

/** An unused, unexpired confirmation link: whose it is, the address it confirms and the user's address now. */
export async function findOpenConfirmationToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<{ id: number; user_id: number; email: string; current_email: string } | undefined> {
  return db
    .selectFrom('email_confirmation_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.email', 'u.email as current_email'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a link used, only while it is still unused: of two racing confirms exactly one gets true. */
export async function spendConfirmationToken(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const spent = await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Every other open confirmation link of the user stops working. */
export async function spendOpenConfirmationTokens(db: Kysely<Database>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function markEmailConfirmed(db: Kysely<Database>, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ confirmed_email: email }).where('id', '=', userId).execute();
}

/** Attaches each visitor's request from `email` (in any case) that belongs to no account to the customer; how many. */
export async function attachWaitingRequests(db: Kysely<Database>, email: string, customerId: number): Promise<number> {
  const attached = await db
    .updateTable('booking_requests')
    .set({ customer_id: customerId })
    .where('customer_id', 'is', null)
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(email)))
    .executeTakeFirst();
  return Number(attached.numUpdatedRows);
}
