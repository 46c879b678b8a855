import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ParameterOf, preparedQuery } from './prepared-query.ts';
import type { Database } from './types.ts';

describe('preparedQuery', () => {
  let sqlite: SqliteDatabase.Database;
  let db: Kysely<Database>;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec("create table extras (id integer, name text); insert into extras values (1, 'Seat'), (2, 'GPS')");
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  });
  afterEach(() => db.destroy());

  const build = vi.fn((handle: Kysely<Database>, parameter: ParameterOf<{ id: number; name: string }>) =>
    handle
      .selectFrom('extras')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('id', '=', parameter('id')), eb('name', '=', parameter('name'))]))
      .orderBy('id'),
  );

  it("runs each call with that call's values, building the query once per handle", async () => {
    build.mockClear();
    const query = preparedQuery(build);
    expect(await query.execute(db, { id: 1, name: '' })).toEqual([{ id: 1, name: 'Seat' }]);
    expect(await query.execute(db, { id: 0, name: 'GPS' })).toEqual([{ id: 2, name: 'GPS' }]);
    expect(build).toHaveBeenCalledTimes(1);
    await db.transaction().execute(async (trx) => {
      expect(await query.execute(trx, { id: 2, name: 'Seat' })).toHaveLength(2);
    });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('binds values as values, never as SQL', async () => {
    const query = preparedQuery(build);
    expect(await query.execute(db, { id: 0, name: "x' or '1'='1" })).toEqual([]);
  });

  it('refuses to run without a value for each parameter', async () => {
    const query = preparedQuery(build);
    await expect(query.execute(db, { id: 1 } as { id: number; name: string })).rejects.toThrow(/no value for name/);
  });
});
