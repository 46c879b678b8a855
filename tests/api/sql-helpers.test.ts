import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsText, isForeignKeyViolation, isUniqueViolation, likePattern } from '#server/db/sql-helpers';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.ts';

/** The one module of SQL helpers, against the real engine: its error codes and its LIKE escaping. */
describe(`SQL helpers (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.app.deps;
    await sql`create table helper_parent (id integer primary key, name text not null unique)`.execute(db);
    await sql`create table helper_child (id integer primary key, parent_id integer not null references helper_parent (id))`.execute(
      db,
    );
    await sql`insert into helper_parent (id, name) values (1, 'first'), (2, '50% off'), (3, '50 off'), (4, 'a_b'), (5, 'axb'), (6, 'c\\d'), (7, 'cd')`.execute(
      db,
    );
  });
  afterAll(async () => t.close());

  async function errorOf(statement: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await statement.execute(t.app.deps.db);
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  }

  it('says a unique column or a primary key written twice is a unique violation', async () => {
    expect(isUniqueViolation(await errorOf(sql`insert into helper_parent (id, name) values (10, 'first')`))).toBe(true);
    expect(isUniqueViolation(await errorOf(sql`insert into helper_parent (id, name) values (1, 'another')`))).toBe(
      true,
    );
  });

  it('says other constraint failures and other errors are not', async () => {
    expect(isUniqueViolation(await errorOf(sql`insert into helper_child (id, parent_id) values (1, 99)`))).toBe(false);
    expect(isUniqueViolation(await errorOf(sql`insert into helper_parent (id, name) values (11, null)`))).toBe(false);
    expect(isUniqueViolation(await errorOf(sql`select * from no_such_table`))).toBe(false);
    expect(isUniqueViolation(new Error('unique'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('says a row naming a missing row is a foreign-key violation, and nothing else is', async () => {
    expect(isForeignKeyViolation(await errorOf(sql`insert into helper_child (id, parent_id) values (2, 99)`))).toBe(
      true,
    );
    expect(isForeignKeyViolation(await errorOf(sql`insert into helper_parent (id, name) values (12, 'first')`))).toBe(
      false,
    );
    expect(isForeignKeyViolation(await errorOf(sql`select * from no_such_table`))).toBe(false);
    expect(isForeignKeyViolation(new Error('foreign key'))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });

  it('escapes % _ and \\ so they match only themselves, and ignores case', async () => {
    expect(likePattern('50%')).toBe('%50\\%%');
    const names = async (text: string) =>
      (
        await t.app.deps.db
          .selectFrom(sql<{ id: number; name: string }>`helper_parent`.as('p'))
          .select('p.name')
          .where(containsText(sql.ref('p.name'), text))
          .orderBy('p.id')
          .execute()
      ).map((row) => row.name);
    expect(await names('50%')).toEqual(['50% off']);
    expect(await names('A_B')).toEqual(['a_b']);
    expect(await names('c\\d')).toEqual(['c\\d']);
    expect(await names('FIRST')).toEqual(['first']);
  });
});
