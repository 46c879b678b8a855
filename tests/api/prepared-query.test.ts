import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParameterOf, preparedQuery } from '#server/db/prepared-query';
import { ENGINE, type TestApp } from '../helpers/app.ts';
import { startWorld } from '../helpers/fixtures.ts';

/**
 * The quote's hot reads (src/server/db/prepared-query.ts) on the real store: each call's values,
 * and on PostgreSQL a statement the connection keeps prepared (db/postgres-statements.ts).
 */
describe(`prepared queries (${ENGINE})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await startWorld());
  });
  afterAll(() => t.close());

  const agencyByName = preparedQuery((db, parameter: ParameterOf<{ name: string }>) =>
    db.selectFrom('agencies').select(['id', 'name']).where('name', '=', parameter('name')),
  );

  it("answers each call with that call's values, over the pool and in a transaction", async () => {
    const { db } = t.app.deps;
    const agency = await db.selectFrom('agencies').select(['id', 'name']).orderBy('id').executeTakeFirst();
    expect(agency).toBeDefined();
    const name = agency?.name ?? '';
    expect(await agencyByName.execute(db, { name })).toEqual([agency]);
    expect(await agencyByName.execute(db, { name: `${name} (not)` })).toEqual([]);
    await db.transaction().execute(async (trx) => {
      expect(await agencyByName.execute(trx, { name })).toEqual([agency]);
      expect(await agencyByName.execute(trx, { name: "' or 1=1 --" })).toEqual([]);
      if (ENGINE === 'postgres') {
        // The transaction's one connection ran it: it keeps the statement, under its name.
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        expect(rows.some((row) => row.statement.includes('from "agencies"'))).toBe(true);
      }
    });
  });
});
