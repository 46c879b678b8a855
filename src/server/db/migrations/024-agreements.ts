import type { Kysely } from 'kysely';
import { notNull, withId, type Dialect } from './columns.ts';

/**
 * Issue 22's rental agreement: the agency's terms (each save a new version, old ones kept), the
 * signatures over an agreement's content hash (the customer's, then staff's), the PDF rendered
 * once both are in (with the SHA-256 of its bytes, for agreements/verify/), and the reason staff
 * gave for a pickup without a signed agreement.
 */
export function agreements(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('agency_terms'), dialect)
        .addColumn('agency_id', 'integer', (c) => c.notNull().references('agencies.id').onDelete('cascade'))
        .addColumn('version', 'integer', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('agency_terms_version', ['agency_id', 'version'])
        .execute();

      await withId(db.schema.createTable('agreement_signatures'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', notNull)
        .addColumn('signer', 'text', notNull)
        // The canonical content signed and its SHA-256 (hex), as the device showed it.
        .addColumn('content', 'text', notNull)
        .addColumn('content_hash', 'text', notNull)
        .addColumn('terms_version', 'integer')
        .addColumn('image_key', 'text')
        .addColumn('typed_name', 'text')
        .addColumn('signed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('signed_at', 'text', notNull)
        .addColumn('received_at', 'text', notNull)
        .addUniqueConstraint('agreement_signatures_signer', ['booking_id', 'signer'])
        .execute();

      await db.schema
        .createTable('agreement_pdfs')
        .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
        .addColumn('agency_id', 'integer', notNull)
        .addColumn('content_hash', 'text', notNull)
        .addColumn('object_key', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        // SHA-256 (hex) of the PDF's bytes as rendered: agreements/verify/ looks an upload up by it.
        .addColumn('file_sha256', 'text', notNull)
        .addColumn('rendered_at', 'text', notNull)
        .addColumn('mailed_at', 'text')
        .execute();
      await db.schema.createIndex('agreement_pdfs_file').on('agreement_pdfs').column('file_sha256').execute();

      await db.schema.alterTable('bookings').addColumn('no_agreement_reason', 'text').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').dropColumn('no_agreement_reason').execute();
      await db.schema.dropTable('agreement_pdfs').execute();
      await db.schema.dropTable('agreement_signatures').execute();
      await db.schema.dropTable('agency_terms').execute();
    },
  };
}
