import { sql, type Kysely } from 'kysely';

/** Pickup locations gain a street address, managed by their agency (Settings, Pickup locations). */
export function locationAddress() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('locations')
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(sql`''`))
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('locations').dropColumn('address').execute();
    },
  };
}
