import type { Kysely } from 'kysely';

/**
 * A vehicle with history can be retired instead of deleted (issue 19): when, or null while in
 * service. Retired vehicles leave the public list and the pickers; their history stays.
 */
export function vehicleRetired() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('vehicles').addColumn('retired_at', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('vehicles').dropColumn('retired_at').execute();
    },
  };
}
