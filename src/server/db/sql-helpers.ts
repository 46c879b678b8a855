import { type Expression, type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DialectName } from './connect.ts';
import type { Database } from './types.ts';

/**
 * True for a unique-constraint violation on either engine: PostgreSQL's 23505 (primary keys
 * included), SQLite's UNIQUE and PRIMARYKEY constraint codes. A race the pre-checks cannot close
 * (two requests writing the same key at once) ends here, and the caller says what was taken.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True for a foreign-key violation on either engine (PostgreSQL 23503, SQLite's FOREIGNKEY code):
 * a row named by a write was deleted between the write's check and its commit.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** A LIKE pattern finding `text` anywhere, lower-cased, its wildcards escaped: "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `expression` contains `text`, ignoring case. lower() on both sides: SQLite's LIKE ignores ASCII
 * case only and PostgreSQL's not at all; the backslash escape is declared since neither engine
 * has it by default for LIKE in the same way.
 */
export function containsText(expression: Expression<string> | RawBuilder<string>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${expression}) like ${likePattern(text)} escape '\\'`;
}

/**
 * Locks one row until the transaction ends. PostgreSQL needs SELECT … FOR UPDATE (which also holds
 * back inserts that reference the row); SQLite runs one write transaction at a time, so the
 * transaction itself is the lock and the row is only read.
 */
export async function lockRow(
  db: Kysely<Database>,
  dialect: DialectName,
  table: 'vehicles' | 'bookings' | 'extras',
  id: number,
): Promise<void> {
  const query = db.selectFrom(table).select('id').where('id', '=', id);
  if (dialect === 'postgres') await query.forUpdate().execute();
}
