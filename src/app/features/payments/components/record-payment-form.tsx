import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { PAYMENT_METHODS } from '#domain/constants';
import { PAYMENT_KINDS } from '#domain/payment-kinds';
import { localIsoDate } from '#domain/dates';
import { PARSE_CONFIG } from '#domain/schemas/parse';
import { paymentSchema } from '#domain/schemas/payment';
import { Button } from '../../../components/button.tsx';
import { Refusal, useFocusFirstInvalid } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { firstMessages, refusalParts } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { usePaymentWrites } from '../api/payments.ts';
import { paymentKindLabel } from '../payment-labels.ts';

interface Draft {
  amount: string;
  kind: string;
  method: string;
  paid_on: string;
  reference: string;
}

const emptyDraft = (): Draft => ({
  amount: '',
  kind: 'payment',
  method: 'cash',
  paid_on: localIsoDate(),
  reference: '',
});

/**
 * "Record payment": checked with the server's schema, then sent once with an Idempotency-Key
 * kept until it succeeds, so pressing again after a lost reply does not record it twice.
 */
export function RecordPaymentForm({ bookingId }: { bookingId: number }) {
  const { record } = usePaymentWrites();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    // Checked here, sent as typed: the API reads amounts as decimal text, not the parsed minor units.
    const values = { ...draft, booking: bookingId };
    const parsed = v.safeParse(paymentSchema, values, PARSE_CONFIG);
    if (!parsed.success) {
      setErrors(firstMessages(v.flatten<typeof paymentSchema>(parsed.issues).nested));
      return;
    }
    setErrors({});
    record.mutate(
      { values, key },
      {
        onSuccess: (payment) => {
          setSaved(`${paymentKindLabel(payment.kind)} recorded.`);
          setDraft(emptyDraft());
          setKey(crypto.randomUUID());
        },
        onError: (error) => {
          const { fields, message } = refusalParts(error, Object.keys(values), 'The payment could not be recorded.');
          setErrors(fields);
          setFailure(message);
        },
      },
    );
  };

  return (
    <form ref={formRef} className="record-payment" onSubmit={submit} noValidate aria-label="Record payment">
      <h3 className="record-payment__title">Record payment</h3>
      {saved ? <StatusMessage tone="success">{saved}</StatusMessage> : null}
      {!online ? <StatusMessage tone="warning">Recording payments needs a connection.</StatusMessage> : null}
      <div className="record-payment__fields">
        <TextField
          label="Amount"
          inputMode="decimal"
          value={draft.amount}
          onChange={set('amount')}
          error={errors.amount}
        />
        <SelectField label="Kind" value={draft.kind} onChange={set('kind')} error={errors.kind}>
          {PAYMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {paymentKindLabel(kind)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Method" value={draft.method} onChange={set('method')} error={errors.method}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" value={draft.paid_on} onChange={set('paid_on')} error={errors.paid_on} />
        <TextField label="Reference" value={draft.reference} onChange={set('reference')} error={errors.reference} />
      </div>
      <Refusal message={failure} />
      <Button type="submit" disabled={!online || record.isPending}>
        {record.isPending ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}
