import { useId, useRef, useState, type RefObject } from 'react';
import type { BookingInspections } from '#domain/api/inspections';
import type { ProposedChargeView, ReturnChargeView } from '#domain/api/return-charges';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, refusalParts } from '../../../lib/form-errors.ts';
import { InspectionPhotos, useBookingInspections } from '../../inspections/index.ts';
import {
  useReturnChargeWrites,
  useReturnCharges,
  type DecisionBody,
  type ReturnCharges,
} from '../api/return-charges.ts';
import { AnswerDisputeForm, DisputeThread } from './dispute-thread.tsx';
import '../return-charges.css';

type Writes = ReturnType<typeof useReturnChargeWrites>;
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
  if (!inspections) return null;
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

/** A proposed charge with its working, and what staff may do with it: confirm (a damage with its cost), waive with a reason, dismiss a damage. */
function ProposedCharge({
  charge,
  writes,
  currency,
  inspections,
}: {
  charge: ProposedChargeView;
  writes: Writes;
  currency: string;
  inspections: BookingInspections | undefined;
}) {
  const titleId = useId();
  const { amount, reason, clearRefusal, refused, fields } = useAmountAndReason(
    charge.amount ?? '',
    'The charge could not be saved.',
  );
  const send = (decision: DecisionBody['decision']) => {
    clearRefusal();
    writes.decide.mutate(given({ code: charge.code, decision, amount, reason }), { onError: refused });
  };
  const damage = charge.kind === 'damage';
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
      {fields({
        amount: damage ? 'Cost' : 'Amount',
        reason: 'Reason',
        reasonHint: 'Needed to waive it or charge another amount.',
      })}
      <div className="return-charge__form">
        <Button size="sm" disabled={writes.decide.isPending} onClick={() => send('confirm')}>
          Confirm
        </Button>
        <Button size="sm" variant="secondary" disabled={writes.decide.isPending} onClick={() => send('waive')}>
          Waive
        </Button>
        {damage ? (
          <Button size="sm" variant="ghost" disabled={writes.decide.isPending} onClick={() => send('dismiss')}>
            Dismiss, already known
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** A decided charge, and a change to it: another amount or waived, with the reason (kept). */
function DecidedCharge({
  charge,
  writes,
  currency,
  finalized,
  inspections,
}: {
  charge: ReturnChargeView;
  writes: Writes;
  currency: string;
  finalized: boolean;
  inspections: BookingInspections | undefined;
}) {
  const [changing, setChanging] = useState(false);
  const openDispute = charge.disputes.find((dispute) => dispute.status === 'open');
  const { amount, reason, clearRefusal, refused, fields } = useAmountAndReason(
    charge.amount,
    'The change could not be saved.',
  );
  const send = (decision: 'confirm' | 'waive') => {
    clearRefusal();
    writes.edit.mutate(
      { chargeId: charge.id, body: given({ decision, amount, reason }) },
      { onError: refused, onSuccess: () => setChanging(false) },
    );
  };
  return (
    <li className="return-charge" aria-label={charge.label}>
      <div className="return-charge__line">
        <span className="return-charge__title">{charge.label}</span>
        <span className="return-charge__status">{STATUS_WORDS[charge.status]}</span>
        <span className="return-charge__amount">{formatMoney(charge.amount, currency)}</span>
      </div>
      {charge.reason ? <p className="return-charge__reason">Reason: {charge.reason}</p> : null}
      {charge.kind === 'damage' ? <DamagePhotos inspections={inspections} charge={charge.label} /> : null}
      <DisputeThread disputes={charge.disputes} side="staff" />
      {openDispute ? <AnswerDisputeForm disputeId={openDispute.id} about={charge.label} /> : null}
      {finalized ? null : changing ? (
        <>
          {fields({ amount: 'New amount', reason: 'Reason for the change' })}
          <div className="return-charge__form">
            <Button size="sm" disabled={writes.edit.isPending} onClick={() => send('confirm')}>
              Charge this amount
            </Button>
            <Button size="sm" variant="secondary" disabled={writes.edit.isPending} onClick={() => send('waive')}>
              Waive
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setChanging(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div className="return-charge__form">
          <Button size="sm" variant="secondary" aria-label={`Change ${charge.label}`} onClick={() => setChanging(true)}>
            Change
          </Button>
        </div>
      )}
    </li>
  );
}

/** Cleaning or other, with its amount and a note. */
function AddCharge({ writes }: { writes: Writes }) {
  const [kind, setKind] = useState<'cleaning' | 'other'>('cleaning');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const fallback = 'The charge could not be added.';
  const parts = refusalParts(error, FIELDS, fallback);
  return (
    <form
      className="return-charge"
      aria-label="Add a charge"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        writes.decide.mutate(given({ code: kind, decision: 'confirm' as const, amount, note }), {
          onError: (failure) => {
            setError(failure);
            focusRefused(failure, { amount: amountRef, note: noteRef }, fallback);
          },
          onSuccess: () => {
            setAmount('');
            setNote('');
          },
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
          label="Note"
          value={note}
          error={parts.fields.note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <Refusal message={parts.message} />
      <div className="return-charge__form">
        <Button type="submit" size="sm" variant="secondary" disabled={writes.decide.isPending}>
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
 * Return charges on Booking Details, once the return inspection is recorded: each proposed charge
 * with its working (a damage with the pickup and return photos beside it) to confirm, waive or dismiss, the decided ones to change, cleaning or other to
 * add, then "Finalize invoice" and the settlement. Online only (the calls move money).
 */
export default function ReturnChargesPanel({ bookingId }: { bookingId: number }) {
  const query = useReturnCharges(bookingId);
  const writes = useReturnChargeWrites(bookingId);
  // Booking Details has read them for its Inspections panel: the same query, no other call.
  const inspections = useBookingInspections(bookingId).data;
  const [finalizeError, setFinalizeError] = useState<unknown>(null);
  const titleId = useId();
  const charges = query.data;
  return (
    <section className="panel return-charges" aria-labelledby={titleId}>
      <h2 id={titleId} className="return-charges__title">
        Return charges
      </h2>
      {charges ? (
        <>
          {charges.proposed.length > 0 ? (
            <ul className="return-charges__list" aria-label="Proposed charges">
              {charges.proposed.map((charge) => (
                <ProposedCharge
                  key={charge.code}
                  charge={charge}
                  writes={writes}
                  currency={charges.currency}
                  inspections={inspections}
                />
              ))}
            </ul>
          ) : null}
          {charges.decided.length > 0 ? (
            <ul className="return-charges__list" aria-label="Decided charges">
              {charges.decided.map((charge) => (
                <DecidedCharge
                  key={`${charge.id}-${charge.updated_at}`}
                  charge={charge}
                  writes={writes}
                  currency={charges.currency}
                  finalized={charges.settlement !== null}
                  inspections={inspections}
                />
              ))}
            </ul>
          ) : null}
          {charges.proposed.length === 0 && charges.decided.length === 0 ? (
            <p className="return-charges__empty">The return proposes no charges.</p>
          ) : null}
          {charges.settlement ? (
            <Settlement charges={charges} />
          ) : (
            <>
              <AddCharge writes={writes} />
              <p className="return-charges__empty">
                Charged so far: {formatMoney(charges.confirmed_total, charges.currency)}; deposit held{' '}
                {formatMoney(charges.deposit_held, charges.currency)}.
              </p>
              <Refusal message={refusalParts(finalizeError, [], 'The invoice could not be finalized.').message} />
              <div className="return-charge__form">
                <Button
                  disabled={writes.finalize.isPending}
                  onClick={() => {
                    setFinalizeError(null);
                    writes.finalize.mutate(undefined, { onError: setFinalizeError });
                  }}
                >
                  {writes.finalize.isPending ? 'Finalizing...' : 'Finalize invoice'}
                </Button>
              </div>
            </>
          )}
        </>
      ) : query.error instanceof ApiError && query.error.status === 409 ? (
        <p className="return-charges__empty">{errorMessage(query.error, '')}</p>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading the return charges..."
          failure="The return charges could not be loaded."
          offline="The return charges will appear when the connection returns."
        />
      )}
    </section>
  );
}
