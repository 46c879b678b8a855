import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '#server/db/connect';
import { migrateToLatest } from '#server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database migrated to the latest schema, copied for each test app; null on SQLite. */
    pgTemplate: string | null;
  }
}

/**
 * Vitest global set-up of the integration projects (decision 049). On PostgreSQL, runs every
 * migration once into a database of its own, from empty, as a first start does (a failing
 * migration fails the run here); each test app's database is then a copy of it
 * (`create database … template …`, tests/helpers/app.ts) instead of migrating again, per file.
 * On SQLite there is nothing to do: each file migrates its own file, which is quick.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) {
    project.provide('pgTemplate', null);
    return undefined;
  }
  const name = `template_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A copy needs the template without connections: the pool is closed before any test starts.
  const handle = await connect({ databaseUrl: url.toString(), sqlitePath: '' });
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } finally {
    await handle.destroy();
  }
  project.provide('pgTemplate', name);
  return async () => admin(`drop database if exists ${name} with (force)`);
}
