import { useId, useRef, useState, type RefObject } from 'react';
import type { BookingInspections } from '#domain/api/inspections';
import { formatMoney as decimalText, parseMoney } from '#domain/money';
import { undecidedCharges } from '#domain/return-charges';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, refusalParts } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useOutboxEntries, type OutboxEntry } from '../../../offline/outbox.ts';
import { isRefusedEntry, QueuedEntry } from '../../../offline/queued-entry.tsx';
import { InspectionPhotos, queuedInspectionKind, useBookingInspections } from '../../inspections/index.ts';
import {
  chargesTarget,
  chargeWriteOf,
  type DecisionBody,
  type EditBody,
  type ShownCharge,
  type ShownProposal,
  withQueuedWrites,
} from '../api/queued-charges.ts';
import {
  sameWrite,
  useReturnChargeWrites,
  useReturnCharges,
  type ReturnChargeWrites,
  type ReturnCharges,
} from '../api/return-charges.ts';
import { AnswerDisputeForm, DisputeThread } from './dispute-thread.tsx';
import { InvoicePaid } from './invoice-paid.tsx';
import { asking, Sending, sendChecked, WriteState } from './write-state.tsx';
import '../return-charges.css';

type Writes = ReturnChargeWrites;
const STATUS_WORDS = { confirmed: 'Charged', waived: 'Waived', dismissed: 'Dismissed, already known' } as const;
const FIELDS = ['amount', 'reason', 'note'] as const;

type FieldRefs = Partial<Record<(typeof FIELDS)[number], RefObject<HTMLInputElement | null>>>;

/** A refusal's first field takes the focus, its message beside it (called from the failed call's handler). */
function focusRefused(error: unknown, refs: FieldRefs, fallback: string) {
  const name = Object.keys(refusalParts(error, FIELDS, fallback).fields)[0] as (typeof FIELDS)[number] | undefined;
  if (name) refs[name]?.current?.focus();
}

/** Blank fields are left out, so the server reads them as not given. */
function given<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '')) as T;
}

/**
 * An amount and a reason for a charge: their state, the two fields and the refusal said beside the
 * field it names (which takes the focus). `refused` is the failed call's handler.
 */
function useAmountAndReason(initialAmount: string, fallback: string) {
  const [amount, setAmount] = useState(initialAmount);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const parts = refusalParts(error, FIELDS, fallback);
  const refused = (failure: unknown) => {
    setError(failure);
    focusRefused(failure, { amount: amountRef, reason: reasonRef }, fallback);
  };
  const fields = (labels: { amount: string; reason: string; reasonHint?: string }) => (
    <>
      <div className="return-charge__form">
        <TextField
          ref={amountRef}
          label={labels.amount}
          inputMode="decimal"
          value={amount}
          error={parts.fields.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          ref={reasonRef}
          label={labels.reason}
          hint={labels.reasonHint}
          value={reason}
          error={parts.fields.reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <Refusal message={parts.message} />
    </>
  );
  return { amount, reason, clearRefusal: () => setError(null), refused, fields };
}

const PHOTO_COLUMNS = [
  ['pickup', 'At pickup'],
  ['return', 'At return'],
] as const;

/**
 * The evidence beside a damage charge: the pickup inspection's photos and the return's, side by
 * side (stacked on a phone). Photos are of the whole car, not of one mark, so each damage shows them all.
 */
function DamagePhotos({ inspections, charge }: { inspections: BookingInspections | undefined; charge: string }) {
  // Private photos are never kept on the device: offline they are said to come, not shown broken.
  const online = useOnline();
  if (!inspections) return null;
  if (!online) {
    return <p className="return-charges__empty">The pickup and return photos show when the connection returns.</p>;
  }
  return (
    <div className="return-charge__photos" role="group" aria-label={`Photos for ${charge}`}>
      {PHOTO_COLUMNS.map(([kind, title]) => (
        <section key={kind} className="return-charge__photo-column" aria-label={title}>
          <h5 className="return-charge__photo-title">{title}</h5>
          <InspectionPhotos
            photos={inspections[kind]?.photos ?? []}
            label={`Photos ${title.toLowerCase()}`}
            alt={(index) => `${title}, photo ${index + 1}`}
            none={`No photos ${title.toLowerCase()}.`}
          />
        </section>
      ))}
    </div>
  );
}

const VERBS = { confirm: 'charged', waive: 'waived', dismiss: 'dismissed as already known' } as const;

/** A proposed charge with its working, and what staff may do with it: confirm (a damage with its cost), waive with a reason, dismiss a damage. */
function ProposedCharge({
  item,
  writes,
  currency,
  inspections,
  bookingId,
}: {
  item: ShownProposal;
  writes: Writes;
  currency: string;
  inspections: BookingInspections | undefined;
  bookingId: number;
}) {
  const { charge } = item;
  const titleId = useId();
  const { amount, reason, clearRefusal, refused, fields } = useAmountAndReason(
    charge.amount ?? '',
    'The charge could not be saved.',
  );
  const send = (decision: DecisionBody['decision']) => {
    clearRefusal();
    const body = given({ code: charge.code, decision, amount, reason });
    void sendChecked(
      writes.send,
      { type: 'decide', body },
      `${charge.label}: ${VERBS[decision]} (booking #${bookingId})`,
      refused,
    );
  };
  const damage = charge.kind === 'damage';
  const pending = asking(writes);
  const sending = pending?.type === 'decide' && pending.body.code === charge.code;
  return (
    <li className="return-charge" aria-labelledby={titleId}>
      <div className="return-charge__line">
        <h4 id={titleId} className="return-charge__title">
          {charge.label}
        </h4>
        <span className="return-charge__amount">
          {charge.amount === null ? 'Cost to set' : formatMoney(charge.amount, currency)}
        </span>
      </div>
      <p className="return-charge__working">{charge.working}</p>
      {damage ? <DamagePhotos inspections={inspections} charge={charge.label} /> : null}
      <WriteState entry={item.refused} thing="decision" />
      {sending ? <Sending /> : null}
      {fields({
        amount: damage ? 'Cost' : 'Amount',
        reason: 'Reason',
        reasonHint: 'Needed to waive it or charge another amount.',
      })}
      <div className="return-charge__form">
        <Button size="sm" disabled={writes.busy} onClick={() => send('confirm')}>
          Confirm
        </Button>
        <Button size="sm" variant="secondary" disabled={writes.busy} onClick={() => send('waive')}>
          Waive
        </Button>
        {damage ? (
          <Button size="sm" variant="ghost" disabled={writes.busy} onClick={() => send('dismiss')}>
            Dismiss, already known
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A decided charge — the server's, or one decided on this device and waiting to send (marked so) —
 * and a change to a saved one: another amount or waived, with the reason (kept).
 */
function DecidedCharge({
  item,
  writes,
  currency,
  locked,
  inspections,
  bookingId,
}: {
  item: ShownCharge;
  writes: Writes;
  currency: string;
  /** Finalized, or a finalize is waiting to send: nothing changes any more. */
  locked: boolean;
  inspections: BookingInspections | undefined;
  bookingId: number;
}) {
  const [changing, setChanging] = useState(false);
  const { amount, reason, clearRefusal, refused, fields } = useAmountAndReason(
    item.amount,
    'The change could not be saved.',
  );
  const saved = item.saved;
  const openDispute = saved?.disputes.find((dispute) => dispute.status === 'open');
  const pending = asking(writes);
  const sending = pending?.type === 'edit' && pending.chargeId === saved?.id;
  const send = (decision: EditBody['decision']) => {
    if (!saved) return;
    clearRefusal();
    void sendChecked(
      writes.send,
      { type: 'edit', chargeId: saved.id, body: given({ decision, amount, reason }) },
      `${item.label}: changed to ${decision === 'waive' ? 'waived' : amount} (booking #${bookingId})`,
      refused,
    ).then((status) => {
      if (status !== 'refused') setChanging(false);
    });
  };
  return (
    <li className="return-charge" aria-label={item.label}>
      <div className="return-charge__line">
        <span className="return-charge__title">{item.label}</span>
        <span className="return-charge__status">{STATUS_WORDS[item.status]}</span>
        <span className="return-charge__amount">{formatMoney(item.amount, currency)}</span>
      </div>
      {item.reason ? <p className="return-charge__reason">Reason: {item.reason}</p> : null}
      {item.kind === 'damage' ? <DamagePhotos inspections={inspections} charge={item.label} /> : null}
      {saved ? <DisputeThread disputes={saved.disputes} side="staff" /> : null}
      {openDispute ? <AnswerDisputeForm disputeId={openDispute.id} about={item.label} /> : null}
      <WriteState entry={item.waiting} thing="decision" />
      {sending ? <Sending /> : null}
      <WriteState
        entry={item.refused}
        thing={item.refused && chargeWriteOf(item.refused.request)?.type === 'edit' ? 'change' : 'decision'}
      />
      {locked || !saved || item.waiting ? null : changing ? (
        <>
          {fields({ amount: 'New amount', reason: 'Reason for the change' })}
          <div className="return-charge__form">
            <Button size="sm" disabled={writes.busy} onClick={() => send('confirm')}>
              Charge this amount
            </Button>
            <Button size="sm" variant="secondary" disabled={writes.busy} onClick={() => send('waive')}>
              Waive
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setChanging(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div className="return-charge__form">
          <Button size="sm" variant="secondary" aria-label={`Change ${item.label}`} onClick={() => setChanging(true)}>
            Change
          </Button>
        </div>
      )}
    </li>
  );
}

const ADDED_WORDS = { cleaning: 'Cleaning', other: 'Other charge' } as const;

/** An amount as typed, in the currency when it reads as one ("25" → "£25.00"). */
function amountText(typed: string, currency: string): string {
  const minor = parseMoney(typed.trim());
  return minor === null ? typed.trim() : formatMoney(decimalText(minor), currency);
}

/** Cleaning or other, with its amount and a note. */
function AddCharge({ writes, bookingId, currency }: { writes: Writes; bookingId: number; currency: string }) {
  const [kind, setKind] = useState<'cleaning' | 'other'>('cleaning');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const fallback = 'The charge could not be added.';
  const parts = refusalParts(error, FIELDS, fallback);
  const pending = asking(writes);
  return (
    <form
      className="return-charge"
      aria-label="Add a charge"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        const refused = (failure: unknown) => {
          setError(failure);
          focusRefused(failure, { amount: amountRef, note: noteRef }, fallback);
        };
        void sendChecked(
          writes.send,
          { type: 'decide', body: given({ code: kind, decision: 'confirm' as const, amount, note }) },
          `${ADDED_WORDS[kind]}: ${note.trim()}, ${amountText(amount, currency)} (booking #${bookingId})`,
          refused,
        ).then((status) => {
          if (status === 'refused') return;
          setAmount('');
          setNote('');
        });
      }}
    >
      <h4 className="return-charge__title">Add a charge</h4>
      <div className="return-charge__form">
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'cleaning' | 'other')}
        >
          <option value="cleaning">Cleaning</option>
          <option value="other">Other</option>
        </SelectField>
        <TextField
          ref={amountRef}
          label="Amount"
          inputMode="decimal"
          value={amount}
          error={parts.fields.amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          ref={noteRef}
          label="Note"
          value={note}
          error={parts.fields.note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <Refusal message={parts.message} />
      {pending?.type === 'decide' && pending.body.code === kind ? <Sending /> : null}
      <div className="return-charge__form">
        <Button type="submit" size="sm" variant="secondary" disabled={writes.busy}>
          Add charge
        </Button>
      </div>
    </form>
  );
}

function Settlement({ charges }: { charges: ReturnCharges }) {
  const { settlement, currency } = charges;
  if (!settlement) return null;
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <section aria-label="Settlement">
      <h3 className="return-charges__subtitle">Invoice {settlement.invoice_number} issued</h3>
      <InvoicePaid settlement={settlement} />
      <dl className="return-charges__summary">
        <div>
          <dt>Charges</dt>
          <dd>{money(settlement.charges)}</dd>
        </div>
        <div>
          <dt>Deposit held</dt>
          <dd>{money(settlement.deposit_held)}</dd>
        </div>
        <div>
          <dt>Deposit applied</dt>
          <dd>{money(settlement.deposit_applied)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{money(settlement.refund)}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{money(settlement.due)}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The writes of this booking's return charges still on the device, in the order they were made.
 * The one this screen is sending is left out until the server accepts it (its form stays for a
 * refusal), then kept until the charges are read again after it; a refusal the form has already
 * shown is left out (its entry is being discarded).
 */
function usePendingWrites(writes: Writes): OutboxEntry[] {
  const entries = useOutboxEntries({ kind: 'return-charge', target: writes.target }).filter(
    (entry) => !writes.handled.includes(entry.id),
  );
  const { inFlight } = writes;
  if (!inFlight) return entries;
  const others = entries.filter((entry) => !sameWrite(entry.request, inFlight.entry.request));
  return inFlight.accepted ? [...others, inFlight.entry] : others;
}

/**
 * Return charges on Booking Details, once the return inspection is recorded: each proposed charge
 * with its working (a damage with the pickup and return photos beside it) to confirm, waive or
 * dismiss, the decided ones to change, cleaning or other to add, then "Finalize invoice" and the
 * settlement. Every write goes through the outbox (decision 053): with no signal it shows at once,
 * marked as waiting to send, and is sent once, in order, when the connection returns; the proposal
 * is read from the cache kept when the page was last opened online.
 */
export default function ReturnChargesPanel({ bookingId, returned }: { bookingId: number; returned: boolean }) {
  const queuedReturn = useOutboxEntries({ kind: 'inspection', target: chargesTarget(bookingId) }).some(
    (entry) => queuedInspectionKind(entry.request.url) === 'return' && !isRefusedEntry(entry),
  );
  if (!returned && !queuedReturn) return null;
  return <ReturnChargesBody bookingId={bookingId} returned={returned} />;
}

/**
 * The panel itself. Before the booking is returned on the server, a return inspection saved on this
 * device and not sent yet is said, with what the proposal needs.
 */
function ReturnChargesBody({ bookingId, returned }: { bookingId: number; returned: boolean }) {
  const query = useReturnCharges(bookingId, returned);
  const writes = useReturnChargeWrites(bookingId);
  const pending = usePendingWrites(writes);
  // Booking Details has read them for its Inspections panel: the same query, no other call.
  const inspections = useBookingInspections(bookingId).data;
  const [finalizeError, setFinalizeError] = useState<unknown>(null);
  const titleId = useId();
  const charges = query.data;
  const shown = charges ? withQueuedWrites(charges, pending) : null;
  const finalizing = shown?.finalize && shown.finalize.state !== 'attention' && shown.finalize.state !== 'conflict';
  const locked = charges?.settlement !== null || Boolean(finalizing);

  const finalize = () => {
    if (!shown) return;
    setFinalizeError(null);
    // Said beside the button, where the focus moves (Refusal).
    const refused = (failure: unknown) => setFinalizeError(failure);
    if (shown.proposed.length > 0) {
      refused(new ApiError(409, { error: undecidedCharges(shown.proposed.map((item) => item.charge.label)) }));
      return;
    }
    void sendChecked(
      writes.send,
      { type: 'finalize' },
      `Final invoice and deposit settlement (booking #${bookingId})`,
      refused,
    );
  };

  return (
    <section className="panel return-charges" aria-labelledby={titleId}>
      <h2 id={titleId} className="return-charges__title">
        Return charges
      </h2>
      {charges && shown ? (
        <>
          {shown.proposed.length > 0 ? (
            <ul className="return-charges__list" aria-label="Proposed charges">
              {shown.proposed.map((item) => (
                <ProposedCharge
                  key={item.charge.code}
                  item={item}
                  writes={writes}
                  currency={charges.currency}
                  inspections={inspections}
                  bookingId={bookingId}
                />
              ))}
            </ul>
          ) : null}
          {shown.decided.length > 0 ? (
            <ul className="return-charges__list" aria-label="Decided charges">
              {shown.decided.map((item) => (
                <DecidedCharge
                  key={item.saved ? `${item.key}-${item.saved.updated_at}` : item.key}
                  item={item}
                  writes={writes}
                  currency={charges.currency}
                  locked={locked}
                  inspections={inspections}
                  bookingId={bookingId}
                />
              ))}
            </ul>
          ) : null}
          {shown.proposed.length === 0 && shown.decided.length === 0 ? (
            <p className="return-charges__empty">The return proposes no charges.</p>
          ) : null}
          {shown.refusedElsewhere.map((entry) => (
            <QueuedEntry key={entry.id} entry={entry} thing="charge" />
          ))}
          {charges.settlement ? (
            <Settlement charges={charges} />
          ) : finalizing && shown.finalize ? (
            <section aria-label="Final invoice">
              <h3 className="return-charges__subtitle">Final invoice: issued when back online</h3>
              <p className="return-charges__empty">
                Charges: {formatMoney(decimalText(shown.confirmedTotal), charges.currency)}; deposit held{' '}
                {formatMoney(charges.deposit_held, charges.currency)}. The invoice number and the deposit settlement are
                given by the server when the finalize arrives, after the decisions above.
              </p>
              <WriteState entry={shown.finalize} thing="finalize" />
            </section>
          ) : (
            <>
              <AddCharge writes={writes} bookingId={bookingId} currency={charges.currency} />
              <p className="return-charges__empty">
                Charged so far: {formatMoney(decimalText(shown.confirmedTotal), charges.currency)}; deposit held{' '}
                {formatMoney(charges.deposit_held, charges.currency)}.
              </p>
              <WriteState entry={shown.finalize} thing="finalize" />
              <Refusal message={refusalParts(finalizeError, [], 'The invoice could not be finalized.').message} />
              <div className="return-charge__form">
                <Button disabled={writes.busy} onClick={finalize}>
                  {writes.inFlight?.entry.request.url.endsWith('/finalize/') ? 'Finalizing...' : 'Finalize invoice'}
                </Button>
              </div>
            </>
          )}
        </>
      ) : !returned ? (
        <p className="return-charges__empty">
          The return inspection is saved on this device. Connect to see the proposed charges: they are worked out by the
          server once the inspection arrives.
        </p>
      ) : query.error instanceof ApiError && query.error.status === 409 ? (
        <p className="return-charges__empty">{errorMessage(query.error, '')}</p>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading the return charges..."
          failure="The return charges could not be loaded."
          offline="Connect to see the proposed charges."
        />
      )}
    </section>
  );
}
