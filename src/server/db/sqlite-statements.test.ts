import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('SQLite statements as Kysely sees them', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec("create table t (a integer, b text); insert into t values (1, 'x'), (2, 'y')");
  });
  afterEach(() => sqlite.close());

  it('gives rows as objects, from one statement per SQL text', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    const select = 'select a, b as label from t where a >= ? order by a';
    expect(db.prepare(select).all([1])).toEqual([
      { a: 1, label: 'x' },
      { a: 2, label: 'y' },
    ]);
    expect([...db.prepare(select).iterate([2])]).toEqual([{ a: 2, label: 'y' }]);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(db.prepare('select a, b as a from t where a = ?').all([1])).toEqual([{ a: 'x' }]);
  });

  it('runs writes as they are, and follows a schema change', () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare('update t set b = ? where a = ?').run(['z', 2])).toMatchObject({ changes: 1 });
    const all = () => db.prepare('select * from t where a = ?').all([2]);
    expect(all()).toEqual([{ a: 2, b: 'z' }]);
    sqlite.exec('alter table t add column c text');
    expect(all()).toEqual([{ a: 2, b: 'z', c: null }]);
  });
});
