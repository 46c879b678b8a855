import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig, type Config } from '#server/config';
import type { Mailer, MailMessage } from '#server/services/mail';

/** Set by scripts/with-postgres.mjs: an admin URL of a throwaway PostgreSQL cluster. */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? null;
export const ENGINE: 'sqlite' | 'postgres' = PG_ADMIN_URL ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Mail the server sent, newest last (unless a real mailer was passed). */
  outbox: MailMessage[];
  clock: TestClock;
  /** Every route the app registered, as Fastify's onRoute hook told it (see helpers/routes.ts). */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/** A clock tests can move forward; starts at the real time. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  /** A folder holding a built app (index.html and assets) to serve; none by default. */
  appDir?: string;
  /** Runs between building the app and making it ready: what main.ts adds there (hooks). */
  beforeReady?: (app: FastifyInstance) => Promise<void> | void;
}

/**
 * Builds the real server on a fresh database: a new SQLite file in a temp folder, or a new
 * PostgreSQL database in the throwaway cluster when the suite runs against PostgreSQL (a copy
 * of the run's migrated template, see tests/helpers/pg-template.ts).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (PG_ADMIN_URL) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    // A copy of the database the run migrated once (tests/helpers/pg-template.ts), whose
    // migrations then have nothing left to do; an empty one when no template was made.
    const template = inject('pgTemplate');
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env },
    dataDir,
  );
  config.appDir = options.appDir ?? null;
  const outbox: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      outbox.push(message);
    },
    close() {},
  };
  const clock = new TestClock();
  const routes: RouteOptions[] = [];
  const app = await buildApp({ config, mailer, now: clock.now, onRoute: (route) => routes.push(route) });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    outbox,
    clock,
    routes,
    async close() {
      await app.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
