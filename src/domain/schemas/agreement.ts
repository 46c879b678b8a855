/**
 * The rental agreement's forms (issue 22), shared by the screens and the server: the agency's
 * terms, a signature over the agreement's content, and a pickup without a signed agreement.
 */
import * as v from 'valibot';
import { AGREEMENT_SIGNERS } from '../agreement.ts';
import { optionalText, requiredText } from './fields.ts';
import { NO_AGREEMENT_REASON_MAX } from './inspection.ts';

export const TERMS_MAX = 20_000;
/** A drawn signature: a PNG of at most this many bytes and pixels. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
export const SIGNATURE_FIELD = 'signature';
export const TYPED_NAME_MAX = 100;
/** The content's JSON travels as one form field (the server's limit on a field is 64 KB). */
export const CONTENT_MAX = 60_000;
export { NO_AGREEMENT_REASON_MAX };

/** POST agency-terms/: the next version of the agency's rental terms. */
export const agencyTermsSchema = v.object({
  text: requiredText('Terms', TERMS_MAX),
});
export type AgencyTermsInput = v.InferOutput<typeof agencyTermsSchema>;

const HASH = /^[0-9a-f]{64}$/;
const NOT_A_TIME = 'Signed at must be a date and time (ISO 8601).';

/**
 * POST bookings/{id}/agreement/signatures/ (multipart): who signs, the content the device showed
 * and its hash, the device's time, and a typed name unless a drawn signature comes as a file.
 */
export const agreementSignatureSchema = v.object({
  signer: v.picklist(AGREEMENT_SIGNERS, 'Signer is either customer or staff.'),
  content: v.pipe(
    v.string('Content is required.'),
    v.nonEmpty('Content is required.'),
    v.maxLength(CONTENT_MAX, 'Content is too long.'),
  ),
  content_hash: v.pipe(
    v.string('Content hash is required.'),
    v.trim(),
    v.toLowerCase(),
    v.regex(HASH, 'Content hash must be a SHA-256 in hex (64 characters).'),
  ),
  signed_at: v.pipe(
    v.string(NOT_A_TIME),
    v.trim(),
    v.isoTimestamp(NOT_A_TIME),
    v.transform((text) => new Date(text).toISOString()),
  ),
  typed_name: optionalText('Typed name', TYPED_NAME_MAX),
});
export type AgreementSignatureInput = v.InferOutput<typeof agreementSignatureSchema>;

/** POST bookings/{id}/pickup/: the reason, when the agreement is not signed by both. */
export const pickupSchema = v.object({
  no_agreement_reason: optionalText('Reason', NO_AGREEMENT_REASON_MAX),
});
export type PickupInput = v.InferOutput<typeof pickupSchema>;

/** POST agreements/verify/: the PDF to check, at most this size. */
export const VERIFY_FIELD = 'file';
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;
export const verifyAgreementSchema = v.object({});
