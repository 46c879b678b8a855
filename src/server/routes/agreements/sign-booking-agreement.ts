import type { BookingAgreement } from '#domain/api/agreements';
import { agreementSignatureSchema, SIGNATURE_FIELD, SIGNATURE_MAX_BYTES } from '#domain/schemas/agreement';
import { bookingIdParams } from '#domain/schemas/booking';
import { defineRoute } from '../../http/route.ts';
import { readableBooking } from '../../services/booking-access.ts';
import { signAgreement } from '../../services/agreements/sign-agreement.ts';

const SIGNATURE_LIMITS = {
  [SIGNATURE_FIELD]: {
    maxFiles: 1,
    maxBytes: SIGNATURE_MAX_BYTES,
    tooMany: 'Send one signature.',
    tooLarge: `A signature may be at most ${SIGNATURE_MAX_BYTES / 1024} KB.`,
  },
};

/**
 * POST bookings/:id/agreement/signatures/ (multipart: signer, content, content_hash, signed_at,
 * and a `signature` PNG or `typed_name`): the customer's signature, then staff's countersignature,
 * over the content the device showed. Content that is no longer the booking's agreement: 409 with
 * what changed, nothing stored. With the countersignature the signed PDF is rendered and stored.
 */
export const signBookingAgreementRoute = defineRoute({
  method: 'POST',
  url: 'bookings/:id/agreement/signatures/',
  access: ['staff', 'agency', 'agent', 'customer'],
  params: bookingIdParams,
  body: agreementSignatureSchema,
  files: SIGNATURE_LIMITS,
  async guard({ deps, user, params }) {
    await readableBooking(deps, user, params.id);
  },
  async handler({ deps, user, params, body, files, request, reply }): Promise<BookingAgreement> {
    reply.header('Cache-Control', 'private, no-store');
    return signAgreement(deps, user, {
      bookingId: params.id,
      input: body,
      file: files[SIGNATURE_FIELD]?.[0] ?? null,
      replyKey: request.idempotencyClaim,
      log: request.log,
    });
  },
});
