import type { Kysely } from 'kysely';
import type { AgencySummary } from '#domain/api/agencies';
import type { Database } from '../db/types.ts';
import { insertUser, type NewAccount } from './users.ts';

export type { AgencySummary };

/**
 * A partner's sign-up: a pending agency and the `agency` user who owns it, together or not at
 * all. The operator approves the agency later; until then its vehicles stay out of public lists.
 */
export async function createPendingAgency(
  db: Kysely<Database>,
  agency: { name: string },
  owner: NewAccount,
  now: string,
): Promise<AgencySummary> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('agencies')
      .values({
        name: agency.name,
        status: 'pending',
        logo_key: null,
        contact_email: owner.email,
        phone_number: owner.phone_number,
        created_at: now,
      })
      .returning(['id', 'name', 'status'])
      .executeTakeFirstOrThrow();
    await insertUser(trx, owner, 'agency', created.id, now);
    return created;
  });
}

export interface AgencyContact {
  name: string;
  contact_email: string;
  phone_number: string;
}

/** How a customer reaches an agency (said in the mails the agency's decisions send). */
export async function findAgencyContact(db: Kysely<Database>, id: number): Promise<AgencyContact | undefined> {
  return db
    .selectFrom('agencies')
    .select(['name', 'contact_email', 'phone_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every agency by name, one page: the operator's choice of agency for a vehicle. */
export async function listAgencies(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ items: AgencySummary[]; total: number }> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('agencies')
      .select(['id', 'name', 'status'])
      .orderBy('name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('agencies')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.count) };
}
