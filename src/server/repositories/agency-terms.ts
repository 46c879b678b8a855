import type { Kysely } from 'kysely';
import type { TermsVersion } from '#domain/api/agreements';
import type { Database } from '../db/types.ts';
import { countRows, type Page, type Paged } from './paging.ts';

function versionsOf(db: Kysely<Database>, agencyId: number) {
  return db
    .selectFrom('agency_terms as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .where('t.agency_id', '=', agencyId);
}

function selectVersion(query: ReturnType<typeof versionsOf>) {
  return query.select(['t.version', 't.body as text', 't.created_at', 'u.first_name', 'u.last_name', 'u.username']);
}

type VersionRow = { version: number; text: string; created_at: string } & {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

function toVersion(row: VersionRow): TermsVersion {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return {
    version: row.version,
    text: row.text,
    created_by: name || row.username,
    created_at: row.created_at,
  };
}

/** The agency's newest terms version, or undefined before the first. */
export async function currentTerms(db: Kysely<Database>, agencyId: number): Promise<TermsVersion | undefined> {
  const row = await selectVersion(versionsOf(db, agencyId)).orderBy('t.version', 'desc').limit(1).executeTakeFirst();
  return row ? toVersion(row) : undefined;
}

/** The agency's versions, newest first. */
export async function listTermsVersions(
  db: Kysely<Database>,
  agencyId: number,
  page: Page,
): Promise<Paged<TermsVersion>> {
  const [rows, total] = await Promise.all([
    selectVersion(versionsOf(db, agencyId))
      .orderBy('t.version', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(db.selectFrom('agency_terms').where('agency_id', '=', agencyId)),
  ]);
  return { items: rows.map(toVersion), total };
}

/** Adds the version after the newest (1 for the first); a concurrent save fails on the unique key. */
export async function insertNextTerms(
  db: Kysely<Database>,
  values: { agencyId: number; text: string; createdBy: number; now: string },
): Promise<number> {
  const newest = await db
    .selectFrom('agency_terms')
    .select((eb) => eb.fn.max('version').as('newest'))
    .where('agency_id', '=', values.agencyId)
    .executeTakeFirst();
  const version = Number(newest?.newest ?? 0) + 1;
  await db
    .insertInto('agency_terms')
    .values({
      agency_id: values.agencyId,
      version,
      body: values.text,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .execute();
  return version;
}
