import { createHash } from 'node:crypto';
import type { AgreementVerification } from '#domain/api/agreements';
import { VERIFY_FIELD } from '#domain/schemas/agreement';
import type { AuthUser, Deps } from '../../context.ts';
import { unsupportedMediaType } from '../../http/errors.ts';
import { findAgreementPdfByFile } from '../../repositories/agreements.ts';
import { findBookingAccess } from '../../repositories/booking-access.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import { canReachAgency, staffScope } from '../agency-scope.ts';
import type { UploadedFile } from '../images.ts';
import { fieldRefusal, Invalid } from '../errors.ts';

export const NOT_A_PDF = 'Choose the agreement as a PDF file.';
export const NO_FILE = 'Choose the PDF to check.';
const NOT_GENUINE: AgreementVerification = { genuine: false, booking: null, content_hash: null, rendered_at: null };

/**
 * Whether an uploaded PDF is, byte for byte, an agreement this server rendered: looked up by the
 * SHA-256 of its bytes stored at render. Said only to staff of the booking's agency and to the
 * booking's customer; to anyone else a match reads as no match (nothing of another's agreement leaks).
 */
export async function verifyAgreementPdf(
  deps: Deps,
  user: AuthUser,
  file: UploadedFile | undefined,
): Promise<AgreementVerification> {
  if (!file) throw fieldRefusal(Invalid, VERIFY_FIELD, NO_FILE);
  if (!file.data.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw unsupportedMediaType(NOT_A_PDF, { [VERIFY_FIELD]: [NOT_A_PDF] });
  }
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const pdf = await findAgreementPdfByFile(deps.db, sha256);
  if (!pdf) return NOT_GENUINE;
  const booking = await findBookingAccess(deps.db, pdf.booking_id);
  if (!booking) return NOT_GENUINE;
  const allowed =
    staffScope(user) !== undefined
      ? canReachAgency(user, booking.agencyId)
      : (await findCustomerByUserId(deps.db, user.id))?.id === booking.customerId;
  if (!allowed) return NOT_GENUINE;
  return { genuine: true, booking: booking.id, content_hash: pdf.content_hash, rendered_at: pdf.rendered_at };
}
