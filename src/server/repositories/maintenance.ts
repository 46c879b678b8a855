import type { Insertable, Kysely } from 'kysely';
import type { MaintenanceRecord, MaintenanceTotals } from '#domain/api/maintenance';
import { MAINTENANCE_TYPES, type MaintenanceType } from '#domain/service-due';
import { formatMoney } from '#domain/money';
import { addMonths } from '#domain/dates';
import type { Database, MaintenanceRecordTable } from '../db/types.ts';
import { bumpVersion } from './data-versions.ts';
import { countRows, type Page, type Paged } from './paging.ts';

export type { MaintenanceRecord, MaintenanceTotals };

/** What a create or an edit writes. */
export type RecordValues = Omit<Insertable<MaintenanceRecordTable>, 'id' | 'created_by' | 'created_at'>;

export interface MaintenanceFilter {
  /** One agency's records, or every agency's when null. */
  scope: number | null;
  vehicleId?: number | undefined;
  type?: MaintenanceType | undefined;
  /** Records dated from `from` on / up to `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

function recordsOf(db: Kysely<Database>, filter: MaintenanceFilter) {
  let query = db.selectFrom('maintenance_records as m');
  if (filter.scope !== null) query = query.where('m.agency_id', '=', filter.scope);
  if (filter.vehicleId !== undefined) query = query.where('m.vehicle_id', '=', filter.vehicleId);
  if (filter.type !== undefined) query = query.where('m.type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('m.service_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('m.service_date', '<=', filter.to);
  return query;
}

function recordRows(records: ReturnType<typeof recordsOf>) {
  return records
    .innerJoin('vehicles as v', 'v.id', 'm.vehicle_id')
    .select([
      'm.id',
      'm.vehicle_id',
      'm.agency_id',
      'm.type',
      'm.service_date',
      'm.mileage',
      'm.cost',
      'm.garage',
      'm.notes',
      'm.created_by',
      'm.created_at',
      'm.updated_at',
      'v.make',
      'v.model',
      'v.registration_number',
      'v.mileage as vehicle_mileage',
      'v.next_service_date',
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordRows>['executeTakeFirstOrThrow']>>;

function toRecord(row: RecordRow): MaintenanceRecord {
  return {
    id: row.id,
    vehicle: row.vehicle_id,
    agency_id: row.agency_id,
    type: row.type,
    service_date: row.service_date,
    mileage: row.mileage,
    cost: formatMoney(row.cost),
    garage: row.garage,
    notes: row.notes,
    vehicle_details: {
      id: row.vehicle_id,
      make: row.make,
      model: row.model,
      registration_number: row.registration_number,
      mileage: row.vehicle_mileage,
      next_service_date: row.next_service_date,
    },
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A page of records, newest first, with the total. */
export async function listRecords(
  db: Kysely<Database>,
  filter: MaintenanceFilter,
  page: Page,
): Promise<Paged<MaintenanceRecord>> {
  const records = recordsOf(db, filter);
  const [rows, total] = await Promise.all([
    recordRows(records)
      .orderBy('m.service_date', 'desc')
      .orderBy('m.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(records),
  ]);
  return { items: rows.map(toRecord), total };
}

/** What every record the filter matches adds up to, per type (every type listed, in order). */
export async function recordTotals(db: Kysely<Database>, filter: MaintenanceFilter): Promise<MaintenanceTotals> {
  const rows = await recordsOf(db, filter)
    .select((eb) => ['m.type', eb.fn.countAll().as('count'), eb.fn.sum('m.cost').as('cost')])
    .groupBy('m.type')
    // count and sum come back as bigint text on PostgreSQL and numbers on SQLite.
    .$castTo<{ type: MaintenanceType; count: number | string; cost: number | string | null }>()
    .execute();
  const byType = MAINTENANCE_TYPES.map((type) => {
    const row = rows.find((candidate) => candidate.type === type);
    return { type, count: Number(row?.count ?? 0), cost: Number(row?.cost ?? 0) };
  });
  return {
    count: byType.reduce((sum, row) => sum + row.count, 0),
    cost: formatMoney(byType.reduce((sum, row) => sum + row.cost, 0)),
    by_type: byType.map((row) => ({ ...row, cost: formatMoney(row.cost) })),
  };
}

/** One record within the caller's scope; undefined when missing or another agency's. */
export async function findRecord(
  db: Kysely<Database>,
  id: number,
  scope: number | null,
): Promise<MaintenanceRecord | undefined> {
  const row = await recordRows(recordsOf(db, { scope }).where('m.id', '=', id)).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * What a record says about its vehicle: the odometer read then raises the vehicle's mileage
 * (never lowers it), and a service moves the next service date to the agency's interval after
 * it (never back). Each is one conditional UPDATE, so two records written at once keep the
 * later reading and the later date whatever order they commit in.
 */
export async function applyToVehicle(trx: Kysely<Database>, values: RecordValues, now: string): Promise<void> {
  const raised = await trx
    .updateTable('vehicles')
    .set({ mileage: values.mileage, updated_at: now })
    .where('id', '=', values.vehicle_id)
    .where('mileage', '<', values.mileage)
    .executeTakeFirst();
  // The public list shows the mileage.
  if (Number(raised.numUpdatedRows) > 0) await bumpVersion(trx, 'public-vehicles');
  if (values.type !== 'service') return;
  const agency = await trx
    .selectFrom('agencies')
    .select('service_interval_months')
    .where('id', '=', values.agency_id)
    .executeTakeFirstOrThrow();
  const next = addMonths(values.service_date, agency.service_interval_months);
  await trx
    .updateTable('vehicles')
    .set({ next_service_date: next, updated_at: now })
    .where('id', '=', values.vehicle_id)
    .where('next_service_date', '<', next)
    .execute();
}

/** Inserts a record; moving its vehicle along (applyToVehicle) is the caller's, in the same transaction. */
export async function insertRecord(
  db: Kysely<Database>,
  values: RecordValues & { created_by: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('maintenance_records').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a record's new values; moving its vehicle (applyToVehicle) is the caller's, in the same transaction. */
export async function updateRecord(db: Kysely<Database>, id: number, values: RecordValues): Promise<void> {
  await db.updateTable('maintenance_records').set(values).where('id', '=', id).execute();
}

/** Deletes a record; the vehicle keeps its mileage and next service date (see the Maintenance screen's note). */
export async function deleteRecord(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('maintenance_records').where('id', '=', id).execute();
}
