import { sql, type Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * A visitor's requests join the account of the same e-mail address once the address is
 * confirmed by an e-mailed link (issue 19): the links (single-use, only their hash stored, for the
 * address they were sent to), the address each user last confirmed, and an index that finds a
 * visitor's requests by address in any case.
 */
export function emailConfirmations(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('email_confirmation_tokens'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', notNull)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema
        .createIndex('email_confirmation_tokens_user')
        .on('email_confirmation_tokens')
        .columns(['user_id', 'created_at'])
        .execute();
      // The address confirmed, not a flag: an address changed later is unconfirmed again by itself.
      await db.schema.alterTable('users').addColumn('confirmed_email', 'text').execute();
      await sql`CREATE INDEX booking_requests_visitor_email ON booking_requests (lower(email)) WHERE customer_id IS NULL`.execute(
        db,
      );
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('booking_requests_visitor_email').ifExists().execute();
      await db.schema.alterTable('users').dropColumn('confirmed_email').execute();
      await db.schema.dropTable('email_confirmation_tokens').ifExists().execute();
    },
  };
}
