import type { Kysely } from 'kysely';
import type { AgreementSignatureView, BookingAgreement } from '#domain/api/agreements';
import { agreementHash, assembleAgreement, onlyPickupInspectionAdded, type AgreementContent } from '#domain/agreement';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { agreementFacts, findAgreementPdf, listSignatures, type SignatureRow } from '../../repositories/agreements.ts';
import type { BookingAccess } from '../../repositories/booking-access.ts';
import { BOOKING_NOT_FOUND, readableBooking } from '../booking-access.ts';
import { NotFound } from '../errors.ts';

export const agreementPdfUrl = (bookingId: number) => `/api/bookings/${bookingId}/agreement/pdf/`;

/** The booking's agreement as assembled from its facts now, and that content's hash. */
export async function currentAgreement(
  db: Kysely<Database>,
  bookingId: number,
  currency: string,
): Promise<{ content: AgreementContent; hash: string }> {
  const facts = await agreementFacts(db, bookingId, currency);
  if (!facts) throw new NotFound(BOOKING_NOT_FOUND);
  const content = assembleAgreement(facts);
  return { content, hash: await agreementHash(content) };
}

/**
 * Both signatures are in: the customer's, and staff's countersignature, which is only recorded over
 * the content the customer signed or that content with the pickup inspection added since.
 */
export function isSigned(signatures: readonly Pick<SignatureRow, 'signer'>[]): boolean {
  return signatures.some((item) => item.signer === 'customer') && signatures.some((item) => item.signer === 'staff');
}

function toSignatureView(row: SignatureRow, content: AgreementContent, hash: string): AgreementSignatureView {
  return {
    signer: row.signer,
    recorded_by: row.recorded_by,
    typed_name: row.typed_name,
    drawn: row.image_key !== null,
    content_hash: row.content_hash,
    current:
      row.content_hash === hash ||
      (row.signer === 'customer' && onlyPickupInspectionAdded(JSON.parse(row.content) as unknown, content)),
    signed_at: row.signed_at,
    received_at: row.received_at,
  };
}

/**
 * The agreement's reply: the content as it stands now (a signed one: as signed), its hash, the
 * signatures so far, the PDF's URL once rendered and the reason of a pickup without one.
 */
export async function agreementView(
  db: Kysely<Database>,
  booking: Pick<BookingAccess, 'id' | 'noAgreementReason'>,
  currency: string,
): Promise<BookingAgreement> {
  const [signatures, pdf] = await Promise.all([listSignatures(db, booking.id), findAgreementPdf(db, booking.id)]);
  const signed = isSigned(signatures);
  // Once signed, the agreement is what was signed, whatever changed on the booking since.
  const kept = signed ? signatures.find((item) => item.signer === 'staff') : undefined;
  const { content, hash } = kept
    ? { content: JSON.parse(kept.content) as AgreementContent, hash: kept.content_hash }
    : await currentAgreement(db, booking.id, currency);
  return {
    content,
    content_hash: hash,
    terms_version: content.terms.version,
    signatures: signatures.map((row) => toSignatureView(row, content, hash)),
    signed,
    pdf_url: pdf ? agreementPdfUrl(booking.id) : null,
    no_agreement_reason: booking.noAgreementReason,
  };
}

export async function bookingAgreement(deps: Deps, user: AuthUser, id: number): Promise<BookingAgreement> {
  const booking = await readableBooking(deps, user, id);
  return agreementView(deps.db, booking, deps.config.currency);
}
