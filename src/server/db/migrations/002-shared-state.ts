import { sql, type Kysely } from 'kysely';

/**
 * State that every server process on one database must share (decision 020): the version of
 * the public vehicle list, which each process's cache checks, and the counters behind the
 * sign-in throttle and the limits on anonymous writes.
 */
export function sharedState() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('data_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into data_versions (name, version) values ('public-vehicles', 0)`.execute(db);

      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_counters_expires').on('rate_counters').column('expires_at').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('rate_counters').ifExists().execute();
      await db.schema.dropTable('data_versions').ifExists().execute();
    },
  };
}
