import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqlite, SqliteStatement } from 'kysely';

type Row = Record<string, unknown>;

/**
 * better-sqlite3 as Kysely should see it, made cheaper where list pages spend their time.
 *
 * Kysely prepares every query it runs, which costs as much as running a small one: the same SQL
 * text (parameters are bound apart) reuses its statement. Kysely runs one query at a time on its
 * one connection, so a statement is never used by two at once.
 *
 * Rows come back as arrays and become objects in JavaScript, through a function made once per
 * statement for its columns: better-sqlite3 builds each row object property by property in native
 * code, which took twice as long for a page of bookings, and the objects made here share one
 * shape, which also halves what JSON.stringify spends on them. Columns named twice keep the last
 * value, as better-sqlite3's own objects do.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = 500): KyselySqlite {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        // Texts that differ only in list lengths could pile up: start again rather than grow.
        if (statements.size >= size) statements.clear();
        statement = objectRows(sqlite.prepare(text));
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

function objectRows(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  let width = -1;
  let toRow: (values: unknown[]) => Row = () => ({});
  // Made from the statement's columns, and made again if a schema change gave it others.
  const rowMaker = (values: unknown[]) => {
    if (values.length !== width) {
      const names = statement.columns().map((column) => column.name);
      // Column names are written into the source as JSON string literals: nothing in them is code.
      const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
      toRow = new Function('values', `return { ${fields} };`) as (values: unknown[]) => Row;
      width = names.length;
    }
    return toRow(values);
  };
  const arrays = statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (arrays.all(parameters) as unknown[][]).map(rowMaker),
    run: (parameters) => arrays.run(parameters),
    *iterate(parameters) {
      for (const values of arrays.iterate(parameters) as IterableIterator<unknown[]>) yield rowMaker(values);
    },
  };
}
