import type { Kysely } from 'kysely';

/** An agency can turn an agent's login off and on again (Settings, Team): when, or null. */
export function userDisabled() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
    },
  };
}
