import { closeSync, openSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { PRIVATE_FILE_MODE } from '../services/file-modes.ts';
import { namingPool } from './postgres-statements.ts';
import { withStatementCache } from './sqlite-statements.ts';
import type { Database } from './types.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** Opens the embedded SQLite file, or PostgreSQL when a postgres:// URL is given. */
export async function connect(options: {
  databaseUrl: string | null;
  sqlitePath: string;
  onPoolError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for PostgreSQL: the driver's import would slow every start of the embedded store.
    const { default: pg } = await import('pg');
    // COUNT(*) and other int8 results come back as strings by default; our counts fit a number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (a restart, a forced drop) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  // SQLite gives the -wal and -shm files the mode of the database file, so creating that one
  // private (before SQLite creates it with 644) keeps all three private.
  closeSync(openSync(options.sqlitePath, 'a', PRIVATE_FILE_MODE));
  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
