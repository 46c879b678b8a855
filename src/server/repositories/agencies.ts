import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AgencyStatus } from '#domain/constants';
import type { AgencySummary } from '#domain/api/agencies';
import { containsText } from '../db/sql-helpers.ts';
import type { Database } from '../db/types.ts';
import { bumpVersion } from './data-versions.ts';
import { bumpRatePlanVersion } from './rate-plans.ts';
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

/**
 * Changes an agency's details and, when given, its logo key; returns the replaced logo key (to
 * remove once committed), or undefined when there is no such agency. Public vehicle cards show
 * the agency's name and logo, so the public list's version moves in the same transaction.
 */
export async function updateAgency(
  db: Kysely<Database>,
  id: number,
  changes: {
    name?: string;
    contact_email?: string;
    phone_number?: string;
    logo_key?: string;
    service_interval_months?: number;
    tax_rate?: number;
    postal_address?: string;
    vat_number?: string;
    hold_hours?: number;
  },
): Promise<{ replacedLogo: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('agencies')
      .select(['logo_key', 'tax_rate'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return undefined;
    if (Object.keys(changes).length) {
      await trx.updateTable('agencies').set(changes).where('id', '=', id).execute();
      await bumpVersion(trx, 'public-vehicles');
      // The tax rate is part of the rate plan: quotes made with another one are out of date.
      if (changes.tax_rate !== undefined && changes.tax_rate !== current.tax_rate) await bumpRatePlanVersion(trx, id);
    }
    const replaced = changes.logo_key !== undefined && current.logo_key !== changes.logo_key;
    return { replacedLogo: replaced ? current.logo_key : null };
  });
}

/**
 * Moves an agency to `status`; approving or suspending changes which vehicles the public sees,
 * so the public list's version moves in the same transaction (its cached pages go at once).
 * Returns false when there is no such agency.
 */
export async function setAgencyStatus(db: Kysely<Database>, id: number, status: AgencyStatus): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('agencies').set({ status }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await bumpVersion(trx, 'public-vehicles');
    return true;
  });
}
