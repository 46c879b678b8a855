import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AgencyStatus } from '#domain/constants';
import type { AgencySummary } from '#domain/api/agencies';
import { containsText } from '../db/sql-helpers.ts';
import type { Database } from '../db/types.ts';
import type { NewAccount } from './users.ts';

export type { AgencySummary };

/** A partner's agency, pending until the operator approves it; reached through its owner's e-mail and phone. */
export async function insertPendingAgency(
  db: Kysely<Database>,
  agency: { name: string },
  owner: Pick<NewAccount, 'email' | 'phone_number'>,
  now: string,
): Promise<AgencySummary> {
  return db
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

/** An agency's row as the profile calls need it: the logo still a key, not a URL. */
export interface AgencyRow {
  id: number;
  name: string;
  status: AgencyStatus;
  contact_email: string;
  phone_number: string;
  logo_key: string | null;
  vehicle_count: number;
  service_interval_months: number;
  /** Basis points. */
  tax_rate: number;
  postal_address: string;
  vat_number: string;
  hold_hours: number;
}

function profiles(agencies: SelectQueryBuilder<Database, 'agencies', object>) {
  return agencies.select((eb) => [
    'agencies.id',
    'agencies.name',
    'agencies.status',
    'agencies.contact_email',
    'agencies.phone_number',
    'agencies.logo_key',
    'agencies.service_interval_months',
    'agencies.tax_rate',
    'agencies.postal_address',
    'agencies.vat_number',
    'agencies.hold_hours',
    eb
      .selectFrom('vehicles')
      .select((inner) => inner.fn.countAll<number>().as('count'))
      .whereRef('vehicles.agency_id', '=', 'agencies.id')
      .as('vehicle_count'),
  ]);
}

const toRow = (row: Omit<AgencyRow, 'vehicle_count'> & { vehicle_count: number | string | null }): AgencyRow => ({
  ...row,
  vehicle_count: Number(row.vehicle_count ?? 0),
});

export interface SupplierFilter {
  /** Words each found in the name, whatever the case. */
  search?: string | undefined;
  status?: AgencyStatus | undefined;
  limit: number;
  offset: number;
}

/** The operator's supplier list: a page of agencies by name, with their vehicle counts. */
export async function listSuppliers(
  db: Kysely<Database>,
  filter: SupplierFilter,
): Promise<{ items: AgencyRow[]; total: number }> {
  let agencies = db.selectFrom('agencies');
  if (filter.status !== undefined) agencies = agencies.where('agencies.status', '=', filter.status);
  // lower() on both sides: SQLite's LIKE ignores ASCII case only and PostgreSQL's not at all.
  for (const word of filter.search?.trim().split(/\s+/).filter(Boolean) ?? []) {
    agencies = agencies.where(containsText(sql.ref('agencies.name'), word));
  }
  const [items, count] = await Promise.all([
    profiles(agencies)
      .orderBy('agencies.name')
      .orderBy('agencies.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    agencies.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toRow), total: Number(count.count) };
}

export async function findAgencyProfile(db: Kysely<Database>, id: number): Promise<AgencyRow | undefined> {
  const row = await profiles(db.selectFrom('agencies')).where('agencies.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The fields an edit of an agency may change (its logo as a stored key). */
export interface AgencyChanges {
  name?: string;
  contact_email?: string;
  phone_number?: string;
  logo_key?: string;
  service_interval_months?: number;
  tax_rate?: number;
  postal_address?: string;
  vat_number?: string;
  hold_hours?: number;
}

/** The agency's logo key (null without a logo) and tax rate, or undefined when there is no such agency. */
export async function findAgencyFacts(
  db: Kysely<Database>,
  id: number,
): Promise<{ logo_key: string | null; tax_rate: number } | undefined> {
  return db.selectFrom('agencies').select(['logo_key', 'tax_rate']).where('id', '=', id).executeTakeFirst();
}

export async function updateAgencyRow(db: Kysely<Database>, id: number, changes: AgencyChanges): Promise<void> {
  await db.updateTable('agencies').set(changes).where('id', '=', id).execute();
}

/** Moves an agency to `status`; false when there is no such agency. */
export async function updateAgencyStatus(db: Kysely<Database>, id: number, status: AgencyStatus): Promise<boolean> {
  const result = await db.updateTable('agencies').set({ status }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}
