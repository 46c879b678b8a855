/**
 * Part of migration 003: the version of each agency's booking list, which every change to what
 * the list shows moves on — a booking written or removed, a customer's name, e-mail or phone, a
 * vehicle's make, model or registration — in the same transaction, whatever code makes it. A
 * process may keep a rendered page while the version it was made at is current (decision 023).
 */

import type { Dialect } from './columns.ts';

const BUMP = `ON CONFLICT (list, owner_id) DO UPDATE SET version = list_versions.version + 1`;

/** What a change to each table's shown columns bumps: the agencies whose booking lists show the row. */
const SHOWN = {
  customers: {
    columns: ['first_name', 'last_name', 'email', 'phone_number'],
    // A customer is shown by the agencies linked to them (a booking is such a link; see 003-list-counts).
    agencies: (ids: string) => `SELECT agency_id FROM agency_customers WHERE customer_id IN (${ids}) AND links > 0`,
  },
  vehicles: {
    columns: ['make', 'model', 'registration_number'],
    agencies: (ids: string) => `SELECT agency_id FROM bookings WHERE vehicle_id IN (${ids})`,
  },
} as const;

type ShownTable = keyof typeof SHOWN;
const SHOWN_TABLES = Object.keys(SHOWN) as ShownTable[];

function sqlite(): string[] {
  const bump = (agency: string) =>
    `INSERT INTO list_versions (list, owner_id, version) VALUES ('bookings', ${agency}, 1) ${BUMP};`;
  return [
    `CREATE TRIGGER list_versions_bookings_insert AFTER INSERT ON bookings BEGIN ${bump('NEW.agency_id')} END`,
    `CREATE TRIGGER list_versions_bookings_delete AFTER DELETE ON bookings BEGIN ${bump('OLD.agency_id')} END`,
    `CREATE TRIGGER list_versions_bookings_update AFTER UPDATE ON bookings BEGIN
       ${bump('OLD.agency_id')} ${bump('NEW.agency_id')}
     END`,
    ...SHOWN_TABLES.map((table) => {
      const { columns, agencies } = SHOWN[table];
      const changed = columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
      return `CREATE TRIGGER list_versions_${table}_update AFTER UPDATE OF ${columns.join(', ')} ON ${table}
        WHEN ${changed} BEGIN
          INSERT INTO list_versions (list, owner_id, version)
          SELECT DISTINCT 'bookings', agency_id, 1 FROM (${agencies('NEW.id')}) WHERE TRUE ${BUMP};
        END`;
    }),
  ];
}

/** PostgreSQL: once per statement, over its transition tables, the agencies in key order. */
function postgres(): string[] {
  const upsert = (agencies: string) =>
    `INSERT INTO list_versions (list, owner_id, version)
     SELECT 'bookings'::text, agency_id, 1 FROM (${agencies}) AS changed GROUP BY agency_id ORDER BY agency_id ${BUMP}`;
  const trigger = (name: string, event: string, table: string, referencing: string, body: string) => [
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       ${body};
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${referencing}
     FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ];
  return [
    ...trigger(
      'list_versions_bookings_insert',
      'INSERT',
      'bookings',
      'NEW TABLE AS new_rows',
      upsert('SELECT agency_id FROM new_rows'),
    ),
    ...trigger(
      'list_versions_bookings_delete',
      'DELETE',
      'bookings',
      'OLD TABLE AS old_rows',
      upsert('SELECT agency_id FROM old_rows'),
    ),
    ...trigger(
      'list_versions_bookings_update',
      'UPDATE',
      'bookings',
      'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      upsert('SELECT agency_id FROM old_rows UNION ALL SELECT agency_id FROM new_rows'),
    ),
    ...SHOWN_TABLES.flatMap((table) => {
      const { columns, agencies } = SHOWN[table];
      const row = (alias: string) => `(${columns.map((column) => `${alias}.${column}`).join(', ')})`;
      const changedIds = `SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                          WHERE ${row('n')} IS DISTINCT FROM ${row('o')}`;
      return trigger(
        `list_versions_${table}_update`,
        'UPDATE',
        table,
        'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        upsert(agencies(changedIds)),
      );
    }),
  ];
}

/** The statements that create the version triggers. */
export function listVersionTriggers(dialect: Dialect): string[] {
  return dialect === 'postgres' ? postgres() : sqlite();
}

/** Every trigger (and on PostgreSQL, function) the statements above create, to drop them again. */
export const LIST_VERSION_TRIGGERS: [name: string, table: string][] = [
  ['list_versions_bookings_insert', 'bookings'],
  ['list_versions_bookings_delete', 'bookings'],
  ['list_versions_bookings_update', 'bookings'],
  ...SHOWN_TABLES.map((table): [string, string] => [`list_versions_${table}_update`, table]),
];
