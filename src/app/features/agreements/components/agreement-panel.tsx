import { useEffect, useState } from 'react';
import { agreementHash, canonicalJson, type AgreementContent, type AgreementSigner } from '#domain/agreement';
import type { BookingAgreement } from '#domain/api/agreements';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { discardEntry, submitThroughOutbox, useOutboxEntries } from '../../../offline/outbox.ts';
import { isRefusedEntry, QueuedEntry } from '../../../offline/queued-entry.tsx';
import { useBookingAgreement } from '../api/get-agreement.ts';
import { queuedPickupInspection, type QueuedPickupInspection } from '../api/queued-pickup-inspection.ts';
import { entrySigner, signatureRequest, signatureTarget } from '../api/sign-agreement.ts';
import { AgreementContentView } from './agreement-content.tsx';
import { SignaturePad, type SignatureGiven } from './signature-pad.tsx';
import '../agreements.css';

const SIGNABLE = ['pending', 'confirmed', 'active'];
const SIGNER_NAMES: Record<AgreementSigner, string> = { customer: 'Customer', staff: 'Staff' };
const NOT_STARTED = ['pending', 'confirmed'];

/**
 * What this device shows and signs: the agreement as the server sent it, with the pickup
 * inspection saved on this device and not sent yet (sent before the signatures, it is in the
 * server's content by the time they arrive).
 */
function shownContent(agreement: BookingAgreement, queued: QueuedPickupInspection | null): AgreementContent {
  if (agreement.signed || agreement.content.pickup_inspection !== null || !queued) return agreement.content;
  return { ...agreement.content, pickup_inspection: queued.inspection };
}

export interface AgreementPanelProps {
  bookingId: number;
  bookingStatus: string;
  /** Staff at the desk (the customer signs on the tablet, then staff countersign), or the customer on their phone. */
  side: 'staff' | 'customer';
}

/**
 * "Rental agreement": the agreement kept on this device (so it shows and is signed with no signal),
 * its content hash worked out here, the signatures so far, and the pad for the next one. Signatures
 * go through the outbox and show as waiting until sent; once both are in, the signed PDF's link.
 */
export default function AgreementPanel({ bookingId, bookingStatus, side }: AgreementPanelProps) {
  const query = useBookingAgreement(bookingId);
  const agreement = query.data;
  return (
    <section className="panel staff-booking-details__section agreement" aria-labelledby="rental-agreement">
      <h2 id="rental-agreement" className="staff-booking-details__title">
        Rental agreement
      </h2>
      {agreement ? (
        <AgreementBody agreement={agreement} bookingId={bookingId} bookingStatus={bookingStatus} side={side} />
      ) : query.isError ? (
        <StatusMessage tone="error">The agreement could not be loaded.</StatusMessage>
      ) : (
        <p className="agreement__lead">Loading the agreement...</p>
      )}
    </section>
  );
}

function AgreementBody({
  agreement,
  bookingId,
  bookingStatus,
  side,
}: AgreementPanelProps & { agreement: BookingAgreement }) {
  const queued = useOutboxEntries({ kind: 'agreement-signature', target: signatureTarget(bookingId) });
  const queuedPickup = queuedPickupInspection(
    useOutboxEntries({ kind: 'inspection', target: signatureTarget(bookingId) }),
  );
  const shownJson = canonicalJson(shownContent(agreement, queuedPickup));
  const content = JSON.parse(shownJson) as AgreementContent;
  const [deviceHash, setDeviceHash] = useState<string | null>(null);
  const [serverHashChecked, setServerHashChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ text: string; queued: boolean } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A refusal this screen says itself: its entry is being discarded, not shown twice meanwhile.
  const [handled, setHandled] = useState<readonly string[]>([]);

  // The device works the hash out from the content it shows: the server checks the same. The
  // server's content must hash here as it did there before anything is signed on this device.
  useEffect(() => {
    let live = true;
    void Promise.all([agreementHash(JSON.parse(shownJson)), agreementHash(agreement.content)]).then(
      ([shown, server]) => {
        if (!live) return;
        setDeviceHash(shown);
        setServerHashChecked(server === agreement.content_hash);
      },
    );
    return () => {
      live = false;
    };
  }, [shownJson, agreement.content, agreement.content_hash]);

  const entries = queued.filter((entry) => !handled.includes(entry.id));
  const waiting = entries.filter((entry) => !isRefusedEntry(entry));
  // A customer's signature given before the pickup inspection still stands (decision 050).
  const stands = (item: BookingAgreement['signatures'][number]) =>
    item.content_hash === deviceHash || (item.signer === 'customer' && item.current);
  const has = (signer: AgreementSigner) =>
    agreement.signatures.some((item) => item.signer === signer && stands(item)) ||
    waiting.some((entry) => entrySigner(entry.request) === signer);
  const next: AgreementSigner | null = agreement.signed
    ? null
    : !has('customer')
      ? 'customer'
      : side === 'staff' && !has('staff')
        ? 'staff'
        : null;
  const canSign = SIGNABLE.includes(bookingStatus) && deviceHash !== null && serverHashChecked;
  // Inspected at pickup and not handed over yet: the countersignature is what picks the booking up.
  const awaiting =
    side === 'staff' &&
    NOT_STARTED.includes(bookingStatus) &&
    !agreement.signed &&
    content.pickup_inspection !== null &&
    !queuedPickup?.withoutAgreement;

  const sign = async (signer: AgreementSigner, given: SignatureGiven) => {
    if (!deviceHash) return;
    setBusy(true);
    setSaved(null);
    setRefusal(null);
    try {
      const outcome = await submitThroughOutbox(
        signatureRequest({
          bookingId,
          signer,
          content,
          contentHash: deviceHash,
          drawn: given.drawn,
          typedName: given.typedName,
          label: `${SIGNER_NAMES[signer]} signature: rental agreement, booking #${bookingId}`,
        }),
      );
      if (outcome.status === 'refused') {
        // Said here, where it is acted on; it must not linger in the sync panel too.
        setHandled((ids) => [...ids, outcome.entry.id]);
        void discardEntry(outcome.entry.id);
        setRefusal(outcome.error || 'The signature was not accepted.');
      } else {
        setSaved(
          outcome.status === 'sent'
            ? { text: `${SIGNER_NAMES[signer]} signature saved.`, queued: false }
            : {
                text: `${SIGNER_NAMES[signer]} signature saved on this device. It is sent when the connection returns.`,
                queued: true,
              },
        );
      }
    } catch {
      setRefusal('This device could not keep the signature (its storage may be full). Nothing was saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {awaiting ? (
        <StatusMessage tone="warning">
          {!has('customer')
            ? 'Waiting for the agreement to be signed: the customer signs, then staff countersign. The booking is picked up with the countersignature.'
            : !has('staff')
              ? 'Waiting for the staff countersignature: the booking is picked up with it.'
              : 'Signed on this device: the booking is picked up when the signatures are sent.'}
        </StatusMessage>
      ) : null}
      <AgreementContentView content={content} />
      <p className="agreement__hash">
        Content hash: <code>{deviceHash ?? agreement.content_hash}</code>
      </p>
      {agreement.no_agreement_reason ? (
        <StatusMessage tone="warning">
          Picked up without a signed agreement: {agreement.no_agreement_reason}
        </StatusMessage>
      ) : null}
      <ul className="agreement__signatures" aria-label="Signatures">
        {agreement.signatures.map((item) => (
          <li key={item.signer}>
            {SIGNER_NAMES[item.signer]} signed{item.typed_name ? ` as “${item.typed_name}”` : ''} on the device{' '}
            {formatDateTime(item.signed_at)}, received {formatDateTime(item.received_at)}
            {!stands(item)
              ? ' (an earlier version: signs again)'
              : item.content_hash === deviceHash
                ? ''
                : ' (before the pickup inspection)'}
            .
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {/* "Saved on this device" is said while something waits; once sent, the signatures list says it. */}
        {saved && (!saved.queued || waiting.length > 0) ? (
          <StatusMessage tone="success">{saved.text}</StatusMessage>
        ) : null}
        {entries.map((entry) => (
          <QueuedEntry key={entry.id} entry={entry} thing="signature" />
        ))}
      </div>
      <Refusal message={refusal} />
      {agreement.pdf_url ? (
        <p>
          <a href={agreement.pdf_url} target="_blank" rel="noreferrer">
            Signed agreement (PDF)
          </a>
        </p>
      ) : null}
      {next && canSign ? (
        <div className="agreement__sign">
          <h3 className="agreement__sign-title">
            {next === 'customer'
              ? side === 'staff'
                ? 'The customer signs'
                : 'Sign the agreement'
              : 'Staff countersign'}
          </h3>
          <SignaturePad key={next} name={SIGNER_NAMES[next]} busy={busy} onSign={(given) => void sign(next, given)} />
        </div>
      ) : side === 'customer' && has('customer') && !agreement.signed ? (
        <p className="agreement__lead">You have signed. The desk countersigns at pickup.</p>
      ) : null}
    </>
  );
}
