import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BookingAgreement } from '#domain/api/agreements';
import {
  agreementHash,
  canonicalJson,
  describeAgreementChange,
  onlyPickupInspectionAdded,
  type AgreementContent,
} from '#domain/agreement';
import {
  SIGNATURE_FIELD,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  type AgreementSignatureInput,
} from '#domain/schemas/agreement';
import type { AuthUser, Deps } from '../../context.ts';
import { isUniqueViolation, lockRow } from '../../db/sql-helpers.ts';
import { markPickedUp } from '../../repositories/booking-progress.ts';
import {
  bookingCustomerContact,
  deleteSignature,
  insertAgreementPdf,
  insertSignature,
  listSignatures,
  markAgreementMailed,
  personName,
  type SignatureRow,
} from '../../repositories/agreements.ts';
import type { UploadedFile } from '../images.ts';
import { Conflict, fieldRefusal, Invalid, Refused } from '../errors.ts';
import { type ReplyKey, storeReplyWithWrite } from '../idempotent-reply.ts';
import { mailAfterCommit } from '../mail.ts';
import { removeQuietly } from '../media/remove-quietly.ts';
import { renderAgreementPdf, type PrintedSignature } from './agreement-pdf.ts';
import { readableBooking } from '../booking-access.ts';
import { agreementView, currentAgreement } from './booking-agreement.ts';

const SIGNABLE = ['pending', 'confirmed', 'active'];
export const ONE_SIGNATURE = 'Draw a signature or type a name, not both.';
export const NO_SIGNATURE = 'Draw a signature or type the name.';
export const NOT_CONTENT = "Content must be the agreement's JSON as shown.";
export const HASH_MISMATCH = 'The content hash is not the hash of the content sent.';
export const STAFF_ONLY = "Only the agency's staff countersign an agreement.";
export const CUSTOMER_FIRST = 'The customer signs first; staff countersign after.';
const CHANGED_WHILE_SIGNING = 'The agreement changed while it was being signed.';
export const ALREADY_SIGNED = 'This agreement is already signed by the customer and countersigned.';
export const CUSTOMER_ALREADY = 'The customer has already signed this agreement; staff countersign it now.';
const notSignable = (status: string) =>
  `This booking is ${status}: an agreement is signed only before or at pickup (pending, confirmed or active).`;

export interface SignatureCall {
  bookingId: number;
  input: AgreementSignatureInput;
  file: UploadedFile | null;
  replyKey: ReplyKey | null;
  log: FastifyBaseLogger;
}

/** The content as sent, if it is a JSON object whose canonical form has the hash sent. */
async function checkedContent(input: AgreementSignatureInput): Promise<AgreementContent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.content);
    canonicalJson(parsed);
  } catch {
    throw fieldRefusal(Invalid, 'content', NOT_CONTENT);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw fieldRefusal(Invalid, 'content', NOT_CONTENT);
  }
  if ((await agreementHash(parsed)) !== input.content_hash) throw fieldRefusal(Invalid, 'content_hash', HASH_MISMATCH);
  return parsed as AgreementContent;
}

/**
 * Records a signature over the booking's agreement (the customer's first, then staff's
 * countersignature). The content the device showed must hash to the hash sent and be the
 * booking's agreement now, else 409 with a sentence saying what changed and nothing stored. A
 * customer's earlier signature over content that has changed since is replaced by the new one.
 * Staff countersign the current content; the customer's signature stands if only the pickup
 * inspection was recorded since they signed (decision 050). With the countersignature the PDF is
 * rendered and stored, in the same transaction as the signature's row, and mailed to the customer
 * once; a booking whose pickup inspection is recorded is picked up (active) in that transaction.
 */
export async function signAgreement(deps: Deps, user: AuthUser, call: SignatureCall): Promise<BookingAgreement> {
  const { input } = call;
  const booking = await readableBooking(deps, user, call.bookingId);
  if (input.signer === 'staff' && user.role === 'customer') throw new Refused(STAFF_ONLY);
  if (!SIGNABLE.includes(booking.status)) throw new Conflict(notSignable(booking.status));
  if (call.file && input.typed_name) throw fieldRefusal(Invalid, SIGNATURE_FIELD, ONE_SIGNATURE);
  if (!call.file && !input.typed_name) throw fieldRefusal(Invalid, SIGNATURE_FIELD, NO_SIGNATURE);

  const shown = await checkedContent(input);
  const current = await currentAgreement(deps.db, booking.id, deps.config.currency);
  if (current.hash !== input.content_hash) {
    const change = describeAgreementChange(shown, current.content) ?? 'The agreement changed since it was shown.';
    throw fieldRefusal(Conflict, 'content_hash', change);
  }
  const signatures = await listSignatures(deps.db, booking.id);
  const customer = signatures.find((item) => item.signer === 'customer');
  const staff = signatures.find((item) => item.signer === 'staff');
  if (staff) throw new Conflict(ALREADY_SIGNED);
  if (input.signer === 'customer' && customer?.content_hash === current.hash) throw new Conflict(CUSTOMER_ALREADY);
  if (input.signer === 'staff') {
    if (!customer) throw new Conflict(CUSTOMER_FIRST);
    const signed = JSON.parse(customer.content) as AgreementContent;
    // What the customer signed before pickup stands when only the pickup inspection came since.
    if (customer.content_hash !== current.hash && !onlyPickupInspectionAdded(signed, current.content)) {
      const change = describeAgreementChange(signed, sinceSigned(signed, current.content));
      throw new Conflict(
        `${change ?? 'The agreement changed since the customer signed it.'} The customer signs again first.`,
      );
    }
  }

  const now = deps.now().toISOString();
  const imageKey = call.file
    ? await deps.media.storeSignature(
        call.file,
        { width: SIGNATURE_MAX_WIDTH, height: SIGNATURE_MAX_HEIGHT },
        SIGNATURE_FIELD,
      )
    : null;
  const stored = imageKey ? [imageKey] : [];
  try {
    const pdf =
      input.signer === 'staff' && customer
        ? await renderSigned(deps, current, customer, { ...input, imageKey, file: call.file, now, user })
        : null;
    if (pdf) stored.push(pdf.key);
    const reply = await deps.db.transaction().execute(async (trx) => {
      // The checks above ran before the files were written: read the agreement again under the
      // booking's lock, so content that changed meanwhile is refused, not signed.
      await lockRow(trx, deps.dialect, 'bookings', booking.id);
      const latest = await currentAgreement(trx, booking.id, deps.config.currency);
      if (latest.hash !== current.hash) {
        const change = describeAgreementChange(current.content, latest.content) ?? CHANGED_WHILE_SIGNING;
        throw fieldRefusal(Conflict, 'content_hash', change);
      }
      // A customer's signature over an earlier content gives way to the one over the current content.
      if (input.signer === 'customer' && customer) await deleteSignature(trx, customer.id);
      await insertSignature(trx, {
        bookingId: booking.id,
        agencyId: booking.agencyId,
        signer: input.signer,
        content: canonicalJson(current.content),
        contentHash: current.hash,
        termsVersion: current.content.terms.version,
        imageKey,
        typedName: imageKey ? null : input.typed_name,
        signedBy: user.id,
        signedAt: input.signed_at,
        receivedAt: now,
      });
      // Countersigned after the pickup inspection: this is the pickup (from pending or confirmed only, as pickup/).
      if (input.signer === 'staff' && current.content.pickup_inspection) await markPickedUp(trx, booking.id);
      if (pdf) {
        await insertAgreementPdf(trx, {
          booking_id: booking.id,
          agency_id: booking.agencyId,
          content_hash: current.hash,
          object_key: pdf.key,
          size: pdf.data.length,
          file_sha256: pdf.sha256,
          rendered_at: now,
          mailed_at: null,
        });
      }
      const view = await agreementView(trx, booking, deps.config.currency);
      await storeReplyWithWrite(trx, call.replyKey, 201, view);
      return view;
    });
    if (input.signer === 'customer' && customer?.image_key) {
      await removeQuietly(call.log, 'the image of a replaced signature', () =>
        deps.media.removeAgreementFiles(customer.image_key ? [customer.image_key] : []),
      );
    }
    if (pdf) await mailSignedAgreement(deps, call.log, booking.id, pdf.data);
    return reply;
  } catch (error) {
    await removeQuietly(call.log, 'the files of a signature not recorded', () =>
      deps.media.removeAgreementFiles(stored),
    );
    // Another device recorded the same signature between the checks and this write.
    if (isUniqueViolation(error)) throw new Conflict(input.signer === 'staff' ? ALREADY_SIGNED : CUSTOMER_ALREADY);
    throw error;
  }
}

/**
 * The current content to compare with what the customer signed, leaving out a pickup inspection
 * recorded since (it needs no new signature), so the sentence names only what does.
 */
function sinceSigned(signed: AgreementContent, current: AgreementContent): AgreementContent {
  return signed.pickup_inspection === null ? { ...current, pickup_inspection: null } : current;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function renderSigned(
  deps: Deps,
  current: { content: AgreementContent; hash: string },
  customer: SignatureRow,
  staff: AgreementSignatureInput & { imageKey: string | null; file: UploadedFile | null; now: string; user: AuthUser },
): Promise<{ key: string; data: Buffer; sha256: string }> {
  const stored = customer.image_key ? await deps.media.openAgreementFile(customer.image_key) : null;
  const staffPng = staff.imageKey ? await deps.media.openAgreementFile(staff.imageKey) : null;
  const staffName = await personName(deps.db, staff.user.id);
  const signatures: PrintedSignature[] = [
    {
      signer: 'customer',
      png: stored ? await readAll(stored.body) : null,
      typedName: customer.typed_name,
      recordedBy: customer.recorded_by,
      contentHash: customer.content_hash,
      signedAt: customer.signed_at,
      receivedAt: customer.received_at,
    },
    {
      signer: 'staff',
      png: staffPng ? await readAll(staffPng.body) : null,
      typedName: staff.typed_name,
      recordedBy: staffName,
      contentHash: current.hash,
      signedAt: staff.signed_at,
      receivedAt: staff.now,
    },
  ];
  const data = await renderAgreementPdf(current.content, current.hash, signatures);
  const key = await deps.media.storeAgreementPdf(data);
  return { key, data, sha256: createHash('sha256').update(data).digest('hex') };
}

/** The signed PDF to the customer's e-mail, once (a replayed or repeated countersignature mails nothing). */
async function mailSignedAgreement(deps: Deps, log: FastifyBaseLogger, bookingId: number, pdf: Buffer) {
  await mailAfterCommit(deps.mailer, log, 'signed agreement', { bookingId }, async () => {
    if (!(await markAgreementMailed(deps.db, bookingId, deps.now().toISOString()))) return [];
    const customer = await bookingCustomerContact(deps.db, bookingId);
    if (!customer?.email) return [];
    return [
      {
        to: customer.email,
        subject: `Your signed rental agreement, booking #${bookingId}`,
        text: `Hello ${customer.first_name},\n\nYour rental agreement for booking #${bookingId} is signed. The signed PDF is attached; you can also find it on your booking's page.\n`,
        attachments: [{ filename: `agreement-${bookingId}.pdf`, content: pdf, contentType: 'application/pdf' }],
      },
    ];
  });
}
