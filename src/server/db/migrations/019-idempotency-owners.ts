import type { Kysely } from 'kysely';

/**
 * Which server process holds an Idempotency-Key claim, and which processes are alive: each one
 * writes its heartbeat, so a claim whose process has stopped beating (kill -9, a crash) is taken
 * over by the next replay at once instead of after two minutes.
 */
export function idempotencyOwners() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
      await db.schema
        .createTable('server_processes')
        .addColumn('boot_id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('server_processes').execute();
      await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
    },
  };
}
