import type { Kysely } from 'kysely';
import type { SessionUser } from '#domain/api/session';
import type { Role } from '#domain/constants';
import type { Database, User } from '../db/types.ts';

export type UniqueUserField = 'username' | 'email';

/** A username or e-mail address already belongs to another user. */
export class DuplicateUserError extends Error {
  constructor(readonly fields: UniqueUserField[]) {
    super(`duplicate user ${fields.join(', ')}`);
  }
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

const lower = (value: string) => value.toLowerCase();

/** The account a sign-in name refers to: its username exactly, or its e-mail in any case. */
export async function findUserForLogin(
  db: Kysely<Database>,
  identifier: string,
): Promise<Pick<User, 'id' | 'password_hash' | 'disabled_at'> | undefined> {
  const byUsername = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('username', '=', identifier)
    .executeTakeFirst();
  if (byUsername) return byUsername;
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(identifier)))
    .orderBy('id')
    .executeTakeFirst();
}

export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(email)))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findUserProfile(db: Kysely<Database>, id: number): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('agencies', 'agencies.id', 'users.agency_id')
    .leftJoin('customers', 'customers.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone_number',
      'users.role',
      'agencies.id as agency_id',
      'agencies.name as agency_name',
      'agencies.status as agency_status',
      'customers.id as customer_id',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { agency_id, agency_name, agency_status, ...user } = row;
  return {
    ...user,
    agency:
      agency_id !== null && agency_name !== null && agency_status !== null
        ? { id: agency_id, name: agency_name, status: agency_status }
        : null,
  };
}

/** Which of the username and e-mail address are already taken (e-mail in any case). */
export async function takenUserFields(
  db: Kysely<Database>,
  candidate: { username: string; email: string },
): Promise<UniqueUserField[]> {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) =>
      eb.or([
        eb('username', '=', candidate.username),
        eb(eb.fn<string>('lower', ['email']), '=', lower(candidate.email)),
      ]),
    )
    .execute();
  const taken: UniqueUserField[] = [];
  if (rows.some((row) => row.username === candidate.username)) taken.push('username');
  if (rows.some((row) => lower(row.email) === lower(candidate.email))) taken.push('email');
  return taken;
}

/**
 * Inserts a user; a unique-constraint failure (two sign-ups racing for one name) becomes a
 * DuplicateUserError naming the field, on SQLite and on PostgreSQL alike.
 */
export async function insertUser(
  db: Kysely<Database>,
  account: NewAccount,
  role: Role,
  agencyId: number | null,
  now: string,
): Promise<number> {
  try {
    const row = await db
      .insertInto('users')
      .values({
        username: account.username,
        email: account.email,
        password_hash: account.passwordHash,
        role,
        first_name: account.first_name,
        last_name: account.last_name,
        phone_number: account.phone_number,
        agency_id: agencyId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    const field = duplicateUserField(error);
    if (field) throw new DuplicateUserError([field]);
    throw error;
  }
}

export async function updatePasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** The user's password hash, to check the current password before a change. */
export async function findPasswordHash(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

/** The fields a customer's login shares with their customer record: their own edit changes both. */
export type AccountChanges = Partial<Pick<User, 'first_name' | 'last_name' | 'email' | 'phone_number'>>;

/** Whether another user than `userId` has this e-mail address (in any case). */
export async function isEmailTakenByOther(db: Kysely<Database>, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', lower(email)))
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a user's names, e-mail or phone; an e-mail another user won a race for is a DuplicateUserError. */
export async function updateUserAccount(db: Kysely<Database>, userId: number, changes: AccountChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  try {
    await db.updateTable('users').set(changes).where('id', '=', userId).execute();
  } catch (error) {
    const field = duplicateUserField(error);
    if (field) throw new DuplicateUserError([field]);
    throw error;
  }
}

/**
 * Reads which users column a unique violation is about. better-sqlite3 says
 * "UNIQUE constraint failed: users.email"; PostgreSQL reports code 23505 with the constraint
 * name (users_email_key) and a detail "Key (email)=(…) already exists.".
 */
function duplicateUserField(error: unknown): UniqueUserField | null {
  if (!(error instanceof Error)) return null;
  const { code, constraint, detail } = error as Error & { code?: unknown; constraint?: unknown; detail?: unknown };
  let text: string;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') text = error.message;
  else if (code === '23505') text = `${String(constraint ?? '')} ${String(detail ?? '')}`;
  else return null;
  if (/users\.username|users_username|\(username\)/.test(text)) return 'username';
  if (/users\.email|users_email|\(email\)/.test(text)) return 'email';
  return null;
}
