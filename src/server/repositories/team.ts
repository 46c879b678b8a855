import type { Kysely } from 'kysely';
import type { TeamMember } from '#domain/api/team';
import type { Role } from '#domain/constants';
import type { Database } from '../db/types.ts';
import type { Page, Paged } from './paging.ts';

const MEMBER_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'role',
  'disabled_at',
  'created_at',
] as const;

const asMember = <R extends { disabled_at: string | null }>({ disabled_at, ...member }: R) => ({
  ...member,
  disabled: disabled_at !== null,
});

const teamOf = (db: Kysely<Database>, agencyId: number) =>
  db.selectFrom('users').where('agency_id', '=', agencyId).where('role', 'in', ['agency', 'agent']);

/** An agency's logins, the owner first, then agents by name. */
export async function listTeam(db: Kysely<Database>, agencyId: number, page: Page): Promise<Paged<TeamMember>> {
  const [rows, count] = await Promise.all([
    teamOf(db, agencyId)
      .select(MEMBER_COLUMNS)
      // The owner first: 'agency' sorts before 'agent'.
      .orderBy('role')
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    teamOf(db, agencyId)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(asMember),
    total: Number(count.count),
  };
}

/** One login as GET team/ shows it. */
export async function findTeamMemberView(db: Kysely<Database>, id: number): Promise<TeamMember> {
  return asMember(await db.selectFrom('users').select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow());
}

/** Who a team call is about: their agency and role, or undefined when there is no such user. */
export async function findTeamMember(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; agency_id: number | null; role: Role } | undefined> {
  return db.selectFrom('users').select(['id', 'agency_id', 'role']).where('id', '=', id).executeTakeFirst();
}

/** Turns a login off (`disabledAt`) or on again (null). */
export async function updateUserDisabled(
  db: Kysely<Database>,
  userId: number,
  disabledAt: string | null,
): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
}
