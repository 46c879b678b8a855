import { type Kysely, sql } from 'kysely';
import type { Dialect } from './columns.ts';

/**
 * Issue 23: each vehicle's label code, printed as a QR code on the car and opening `/v/{code}`,
 * its today card. Ten upper-case hexadecimal characters drawn at random by the database itself
 * (40 bits: two of ten thousand vehicles share one with a chance of about 1 in 10^8, and the unique
 * index refuses it), so every insert gets one whoever makes it — the server, the demo seed, a
 * test's or a benchmark's own rows. PostgreSQL draws it as the column's default, for the rows
 * already there too; SQLite cannot add a column whose default is not a constant, so its rows are
 * filled by an UPDATE and new ones by a trigger.
 */
export function vehicleLabelCodes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('vehicles')
          .addColumn('label_code', 'text', (c) => c.notNull().defaultTo(sql`upper(substr(md5(random()::text), 1, 10))`))
          .execute();
      } else {
        const draw = sql`upper(hex(randomblob(5)))`;
        await db.schema.alterTable('vehicles').addColumn('label_code', 'text').execute();
        await sql`UPDATE vehicles SET label_code = ${draw}`.execute(db);
        await sql`CREATE TRIGGER vehicles_label_code AFTER INSERT ON vehicles WHEN NEW.label_code IS NULL
          BEGIN UPDATE vehicles SET label_code = ${draw} WHERE id = NEW.id; END`.execute(db);
      }
      await db.schema.createIndex('vehicles_label_code').unique().on('vehicles').column('label_code').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('vehicles_label_code').execute();
      if (dialect === 'sqlite') await sql`DROP TRIGGER vehicles_label_code`.execute(db);
      await db.schema.alterTable('vehicles').dropColumn('label_code').execute();
    },
  };
}
