/**
 * The rental agreement's replies (issue 22): the agency's terms versions, the agreement of a
 * booking with its hash and signatures, and a verified PDF. Money as decimal strings.
 */
import type { AgreementContent, AgreementSigner } from '../agreement.ts';

/** One saved version of the agency's rental terms; never edited, a save makes the next. */
export interface TermsVersion {
  version: number;
  text: string;
  /** Who saved it ("Alex Agency"), null once that login is gone. */
  created_by: string | null;
  created_at: string;
}

/** GET agency-terms/: the current version, null before the first save. */
export interface AgencyTerms {
  current: TermsVersion | null;
}

/** A signature as the agreement lists it. */
export interface AgreementSignatureView {
  signer: AgreementSigner;
  /** Who recorded it: the signed-in person who sent it. */
  recorded_by: string | null;
  /** The typed name, or null for a drawn signature. */
  typed_name: string | null;
  drawn: boolean;
  /** The hash of the content signed. */
  content_hash: string;
  /**
   * The signature stands for the agreement's content as it is now: signed over it, or (the
   * customer's) over it before the pickup inspection was recorded, which needs no new signature.
   */
  current: boolean;
  /** The device's clock when signed, and the server's when received (ISO). */
  signed_at: string;
  received_at: string;
}

/** GET bookings/{id}/agreement/: the agreement as it stands now, and what has been signed. */
export interface BookingAgreement {
  content: AgreementContent;
  content_hash: string;
  terms_version: number | null;
  signatures: AgreementSignatureView[];
  /** Both signatures are in: the customer's and staff's countersignature over the current content. */
  signed: boolean;
  /** The signed PDF (private), once rendered. */
  pdf_url: string | null;
  /** Why staff picked the booking up without a signed agreement, if they did. */
  no_agreement_reason: string | null;
}

/** POST agreements/verify/: whether the PDF uploaded is an agreement this server rendered. */
export interface AgreementVerification {
  genuine: boolean;
  booking: number | null;
  content_hash: string | null;
  rendered_at: string | null;
}
