import { sql, type Kysely } from 'kysely';
import { LIST_VERSION_TRIGGERS, listVersionTriggers } from './003-list-versions.ts';
import type { Dialect } from './columns.ts';

type CountedTable = 'bookings' | 'booking_requests' | 'customers';

/**
 * What the counters count, per table whose rows they count: each row adds one to the list named
 * `list` of its `owner` column (an agency or a customer; null means none), per `status` column
 * when one is named. An owner of '0' is the one total of the list.
 */
const COUNTED: Record<CountedTable, readonly { list: string; owner: string; status?: string }[]> = {
  bookings: [
    { list: 'bookings', owner: 'agency_id' },
    { list: 'customer-bookings', owner: 'customer_id' },
  ],
  booking_requests: [
    { list: 'booking-requests', owner: 'agency_id', status: 'status' },
    { list: 'customer-booking-requests', owner: 'customer_id' },
  ],
  customers: [{ list: 'customers', owner: '0' }],
};

/**
 * A customer belongs to an agency's list when the agency created the record or the customer
 * booked or asked to book with it (repositories/customers ofAgency). Each such fact is a link in
 * agency_customers; the agency's 'agency-customers' count moves when a pair's links leave or
 * reach zero.
 */
const LINKS: Record<CountedTable, { agency: string; customer: string }> = {
  bookings: { agency: 'agency_id', customer: 'customer_id' },
  booking_requests: { agency: 'agency_id', customer: 'customer_id' },
  customers: { agency: 'agency_id', customer: 'id' },
};

const TABLES = Object.keys(COUNTED) as CountedTable[];

/** Every column a table's counts read: an update that changes none of them changes no count. */
function countedColumns(table: CountedTable): string[] {
  const columns = COUNTED[table].flatMap(({ owner, status }) => [owner, ...(status ? [status] : [])]);
  return [...new Set([...columns, LINKS[table].agency, LINKS[table].customer])].filter(
    (column) => column !== '0' && column !== 'id',
  );
}

/** `row.column`, or the literal for the one-total owner. */
const ref = (row: string, column: string) => (column === '0' ? '0' : `${row}.${column}`);

/** SQLite: the statements one row (`row` is NEW or OLD) runs to add `sign` to every count it is in. */
function sqliteRowCounts(table: CountedTable, row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const counts = COUNTED[table].map(
    ({ list, owner, status }) =>
      `INSERT INTO list_counts (list, owner_id, status, total)
       SELECT '${list}', ${ref(row, owner)}, ${status ? ref(row, status) : "''"}, ${sign} WHERE ${ref(row, owner)} IS NOT NULL
       ON CONFLICT (list, owner_id, status) DO UPDATE SET total = total + excluded.total;`,
  );
  const agency = ref(row, LINKS[table].agency);
  const customer = ref(row, LINKS[table].customer);
  const pair = `agency_id = ${agency} AND customer_id = ${customer}`;
  const link =
    sign === 1
      ? `INSERT INTO agency_customers (agency_id, customer_id, links)
         SELECT ${agency}, ${customer}, 1 WHERE ${agency} IS NOT NULL AND ${customer} IS NOT NULL
         ON CONFLICT (agency_id, customer_id) DO UPDATE SET links = links + 1;`
      : `UPDATE agency_customers SET links = links - 1 WHERE ${pair};`;
  // After the link moved: a pair now at one link just joined the agency's list, at zero just left it.
  const membership = `INSERT INTO list_counts (list, owner_id, status, total)
     SELECT 'agency-customers', agency_id, '', ${sign} FROM agency_customers WHERE ${pair} AND links = ${sign === 1 ? 1 : 0}
     ON CONFLICT (list, owner_id, status) DO UPDATE SET total = total + excluded.total;`;
  return [...counts, link, membership].join('\n');
}

function sqliteTriggers(table: CountedTable): string[] {
  const name = `list_counts_${table}`;
  const columns = countedColumns(table);
  const changed = columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  return [
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN
       ${sqliteRowCounts(table, 'NEW', 1)}
     END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN
       ${sqliteRowCounts(table, 'OLD', -1)}
     END`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} WHEN ${changed} BEGIN
       ${sqliteRowCounts(table, 'OLD', -1)}
       ${sqliteRowCounts(table, 'NEW', 1)}
     END`,
  ];
}

/**
 * PostgreSQL: one statement per triggering statement, over its transition tables, so a bulk
 * insert adds to each count once. `changes` holds the counted columns of every row with d = +1
 * (inserted, or after an update) or -1 (deleted, or before). Counters are upserted in key order, so
 * two writers touching the same counters take their row locks in the same order.
 */
function postgresCounts(table: CountedTable, sources: { rows: 'new_rows' | 'old_rows'; d: 1 | -1 }[]): string {
  const columns = [...new Set([...countedColumns(table), LINKS[table].customer])];
  const changes = sources
    .map(({ rows, d }) => `SELECT ${columns.join(', ')}, ${d} AS d FROM ${rows}`)
    .join(' UNION ALL ');
  const { agency, customer } = LINKS[table];
  const direct = COUNTED[table].map(
    ({ list, owner, status }) =>
      `SELECT '${list}'::text AS list, ${owner} AS owner_id, ${status ?? "''"}::text AS status, d
       FROM changes WHERE ${owner === '0' ? 'TRUE' : `${owner} IS NOT NULL`}`,
  );
  return `
    WITH changes AS (${changes}),
    link_changes AS (
      SELECT ${agency} AS agency_id, ${customer} AS customer_id, SUM(d) AS n FROM changes
      WHERE ${agency} IS NOT NULL AND ${customer} IS NOT NULL
      GROUP BY 1, 2 HAVING SUM(d) <> 0
    ),
    moved AS (
      INSERT INTO agency_customers AS ac (agency_id, customer_id, links)
      SELECT agency_id, customer_id, n FROM link_changes ORDER BY agency_id, customer_id
      ON CONFLICT (agency_id, customer_id) DO UPDATE SET links = ac.links + excluded.links
      RETURNING ac.agency_id, ac.customer_id, ac.links
    ),
    deltas AS (
      SELECT 'agency-customers'::text AS list, m.agency_id AS owner_id, ''::text AS status,
        (CASE WHEN m.links > 0 THEN 1 ELSE 0 END) - (CASE WHEN m.links - l.n > 0 THEN 1 ELSE 0 END) AS d
      FROM moved m JOIN link_changes l USING (agency_id, customer_id)
      UNION ALL ${direct.join(' UNION ALL ')}
    )
    INSERT INTO list_counts AS lc (list, owner_id, status, total)
    SELECT list, owner_id, status, SUM(d) FROM deltas
    GROUP BY list, owner_id, status HAVING SUM(d) <> 0 ORDER BY list, owner_id, status
    ON CONFLICT (list, owner_id, status) DO UPDATE SET total = lc.total + excluded.total`;
}

function postgresTriggers(table: CountedTable): string[] {
  const events = [
    { event: 'insert', referencing: 'NEW TABLE AS new_rows', sources: [{ rows: 'new_rows', d: 1 }] },
    { event: 'delete', referencing: 'OLD TABLE AS old_rows', sources: [{ rows: 'old_rows', d: -1 }] },
    {
      event: 'update',
      referencing: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      sources: [
        { rows: 'old_rows', d: -1 },
        { rows: 'new_rows', d: 1 },
      ],
    },
  ] as const;
  return events.flatMap(({ event, referencing, sources }) => {
    const name = `list_counts_${table}_${event}`;
    return [
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${postgresCounts(table, [...sources])};
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON ${table}
       REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    ];
  });
}

/** Counts every existing row once, as the triggers would have. */
function backfill(): string[] {
  const linkSources = TABLES.map((table) => {
    const { agency, customer } = LINKS[table];
    return `SELECT ${agency} AS agency_id, ${customer} AS customer_id FROM ${table}
            WHERE ${agency} IS NOT NULL AND ${customer} IS NOT NULL`;
  });
  const counts = TABLES.flatMap((table) =>
    COUNTED[table].map(({ list, owner, status }) => {
      const groups = [...(owner === '0' ? [] : [owner]), ...(status ? [status] : [])];
      return `SELECT '${list}', ${owner}, ${status ?? "''"}, COUNT(*) FROM ${table}
              ${owner === '0' ? '' : `WHERE ${owner} IS NOT NULL`} ${groups.length ? `GROUP BY ${groups.join(', ')}` : ''}`;
    }),
  );
  return [
    `INSERT INTO agency_customers (agency_id, customer_id, links)
     SELECT agency_id, customer_id, COUNT(*) FROM (${linkSources.join(' UNION ALL ')}) AS links GROUP BY agency_id, customer_id`,
    `INSERT INTO list_counts (list, owner_id, status, total)
     SELECT * FROM (${counts.join(' UNION ALL ')}) AS counts
     UNION ALL SELECT 'agency-customers', agency_id, '', COUNT(*) FROM agency_customers WHERE links > 0 GROUP BY agency_id`,
  ];
}

/** Indexes whose order is a list's keyset order (created_at, id), replacing those without the id. */
const INDEXES: Record<'dropped' | 'create', [name: string, table: string, columns: string][]> = {
  dropped: [
    ['bookings_created', 'bookings', 'created_at'],
    ['bookings_agency_created', 'bookings', 'agency_id, created_at'],
    ['bookings_customer', 'bookings', 'customer_id'],
    ['booking_requests_agency', 'booking_requests', 'agency_id, created_at'],
    ['booking_requests_customer', 'booking_requests', 'customer_id'],
  ],
  create: [
    ['bookings_created_id', 'bookings', 'created_at, id'],
    ['bookings_agency_created_id', 'bookings', 'agency_id, created_at, id'],
    ['bookings_customer_created_id', 'bookings', 'customer_id, created_at, id'],
    ['booking_requests_created_id', 'booking_requests', 'created_at, id'],
    ['booking_requests_agency_created_id', 'booking_requests', 'agency_id, created_at, id'],
    ['booking_requests_status_created_id', 'booking_requests', 'status, created_at, id'],
    ['booking_requests_agency_status_created_id', 'booking_requests', 'agency_id, status, created_at, id'],
    ['booking_requests_customer_created_id', 'booking_requests', 'customer_id, created_at, id'],
    ['customers_created_id', 'customers', 'created_at, id'],
    ['customers_name_id', 'customers', 'lower(last_name), lower(first_name), id'],
    ['customers_email_id', 'customers', 'lower(email), id'],
  ],
};

/**
 * Exact list totals kept by the database itself (decision 023): list_counts and the
 * agency_customers links behind the agencies' customer lists, maintained by triggers in the same
 * transaction as every insert, update and delete (whichever code runs it, cascades included);
 * the booking lists' versions (003-list-versions); and indexes that serve each list's
 * newest-first keyset order without a sort.
 */
export function listCounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('list_counts')
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_counts_pk', ['list', 'owner_id', 'status'])
        .execute();
      // No foreign keys: a cascade must not remove a link before the triggers have counted it away.
      await db.schema
        .createTable('agency_customers')
        .addColumn('agency_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('links', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('agency_customers_pk', ['agency_id', 'customer_id'])
        .execute();
      // Triggers before the backfill: on PostgreSQL creating them waits for writers in flight and
      // holds off new ones until this transaction commits, so no write is counted twice or never.
      for (const table of TABLES) {
        for (const statement of dialect === 'postgres' ? postgresTriggers(table) : sqliteTriggers(table)) {
          await sql.raw(statement).execute(db);
        }
      }
      for (const statement of backfill()) await sql.raw(statement).execute(db);
      await db.schema
        .createTable('list_versions')
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_versions_pk', ['list', 'owner_id'])
        .execute();
      for (const statement of listVersionTriggers(dialect)) await sql.raw(statement).execute(db);
      for (const [name] of INDEXES.dropped) await db.schema.dropIndex(name).ifExists().execute();
      for (const [name, table, columns] of INDEXES.create) {
        await sql.raw(`CREATE INDEX ${name} ON ${table} (${columns})`).execute(db);
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const [name] of INDEXES.create) await db.schema.dropIndex(name).ifExists().execute();
      for (const [name, table, columns] of INDEXES.dropped) {
        await sql.raw(`CREATE INDEX ${name} ON ${table} (${columns})`).execute(db);
      }
      for (const table of TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql
            .raw(`DROP TRIGGER IF EXISTS list_counts_${table}_${event}${dialect === 'postgres' ? ` ON ${table}` : ''}`)
            .execute(db);
          if (dialect === 'postgres')
            await sql.raw(`DROP FUNCTION IF EXISTS list_counts_${table}_${event}()`).execute(db);
        }
      }
      for (const [name, table] of LIST_VERSION_TRIGGERS) {
        await sql.raw(`DROP TRIGGER IF EXISTS ${name}${dialect === 'postgres' ? ` ON ${table}` : ''}`).execute(db);
        if (dialect === 'postgres') await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
      }
      await db.schema.dropTable('list_versions').ifExists().execute();
      await db.schema.dropTable('agency_customers').ifExists().execute();
      await db.schema.dropTable('list_counts').ifExists().execute();
    },
  };
}
