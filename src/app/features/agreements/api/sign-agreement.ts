import type { AgreementContent, AgreementSigner } from '#domain/agreement';
import { SIGNATURE_FIELD } from '#domain/schemas/agreement';
import type { OutboxRequest } from '../../../offline/outbox.ts';
import { bookingKeys } from '#app/lib/query-keys';

export interface SignatureDraft {
  bookingId: number;
  signer: AgreementSigner;
  /** The content shown and its hash, worked out on this device. */
  content: AgreementContent;
  contentHash: string;
  /** The drawn signature (PNG), or the typed name. */
  drawn: Blob | null;
  typedName: string;
  label: string;
}

/** The same target as the booking's inspections: a pickup inspection saved first is sent first. */
export const signatureTarget = (bookingId: number) => `booking:${bookingId}`;

/**
 * POST bookings/{id}/agreement/signatures/ (multipart) through the outbox: kept on the tablet with
 * the PNG as a Blob and the device's time when there is no signal, sent once (its entry id is the
 * Idempotency-Key). The server refuses it (409, with what changed) if the agreement changed meanwhile.
 */
export function signatureRequest(draft: SignatureDraft): OutboxRequest {
  return {
    kind: 'agreement-signature',
    target: signatureTarget(draft.bookingId),
    method: 'POST',
    url: `bookings/${draft.bookingId}/agreement/signatures/`,
    form: {
      fields: {
        signer: draft.signer,
        content: JSON.stringify(draft.content),
        content_hash: draft.contentHash,
        signed_at: new Date().toISOString(),
        ...(draft.drawn ? {} : { typed_name: draft.typedName }),
      },
      files: draft.drawn ? { [SIGNATURE_FIELD]: [draft.drawn] } : {},
      ...(draft.drawn ? { fileNames: { [SIGNATURE_FIELD]: [`${draft.signer}-signature.png`] } } : {}),
    },
    invalidate: [bookingKeys.all],
    label: draft.label,
  };
}

/** Who signs in an outbox entry of this feature, read back from its fields. */
export function entrySigner(request: OutboxRequest): AgreementSigner | undefined {
  const signer = request.form?.fields.signer;
  return signer === 'customer' || signer === 'staff' ? signer : undefined;
}
