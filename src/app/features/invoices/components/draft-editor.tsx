import { useState } from 'react';
import * as v from 'valibot';
import type { Invoice } from '#domain/api/invoices';
import { invoiceSums } from '#domain/invoice-sums';
import { parseMoney, parseSignedMoney } from '#domain/money';
import { INVOICE_MAX_LINES, invoiceUpdateSchema } from '#domain/schemas/invoice';
import { PARSE_CONFIG } from '#domain/schemas/parse';
import { Button } from '../../../components/button.tsx';
import { Refusal, useFocusFirstInvalid } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';
import { firstMessages, refusalParts } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useChangeInvoice } from '../api/change-invoice.ts';
import { SumsList } from './sums-list.tsx';

interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unit_amount: string;
}

let nextKey = 0;
const lineDraft = (line: { description: string; quantity: number | string; unit_amount: string }): LineDraft => ({
  key: (nextKey += 1),
  description: line.description,
  quantity: String(line.quantity),
  unit_amount: line.unit_amount,
});

const LINE_FIELDS = ['description', 'quantity', 'unit_amount'] as const;

/** The draft's field names as the schema and the server name them: `lines.0.unit_amount`, `notes`. */
const fieldNames = (count: number) => [
  ...Array.from({ length: count }, (_, index) => LINE_FIELDS.map((field) => `lines.${index}.${field}`)).flat(),
  'notes',
];

const SAVE_FAILED = 'The draft could not be saved.';

interface DraftEditorProps {
  invoice: Invoice;
  currency: string;
  /** True while there are changes not saved yet (the draft cannot be issued then). */
  onDirty: (dirty: boolean) => void;
}

/** A draft's lines and notes, with its totals worked out as they are typed; Save sends them all. */
export function DraftEditor({ invoice, currency, onDirty }: DraftEditorProps) {
  const change = useChangeInvoice(invoice.id);
  const [lines, setLines] = useState(() => invoice.lines.map(lineDraft));
  const [notes, setNotes] = useState(invoice.notes ?? '');
  /** Messages under the fields they are about, by schema name; the rest is said beside Save. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string | null; cause: unknown } | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors);

  const markDirty = () => {
    setSaved(false);
    onDirty(true);
  };
  const edit = (key: number, changes: Partial<LineDraft>) => {
    markDirty();
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...changes } : line)));
  };
  const sums = invoiceSums(
    lines.map((line) => ({
      quantity: Number.parseInt(line.quantity, 10) || 0,
      unit_amount: parseSignedMoney(line.unit_amount) ?? 0,
    })),
    parseMoney(invoice.tax_rate) ?? 0,
  );
  const money = (minor: number) => formatMoney(minor / 100, currency);

  const save = () => {
    const values = {
      lines: lines.map(({ description, quantity, unit_amount }) => ({ description, quantity, unit_amount })),
      notes,
    };
    const known = fieldNames(lines.length);
    setSaved(false);
    setFailure(null);
    const parsed = v.safeParse(invoiceUpdateSchema, values, PARSE_CONFIG);
    if (!parsed.success) {
      const found = firstMessages(v.flatten<typeof invoiceUpdateSchema>(parsed.issues).nested);
      const placed = Object.fromEntries(Object.entries(found).filter(([name]) => known.includes(name)));
      const rest = Object.entries(found).find(([name]) => !known.includes(name));
      setErrors(placed);
      if (rest) setFailure({ message: rest[1], cause: parsed.issues });
      return;
    }
    setErrors({});
    change.mutate(
      { kind: 'edit', values },
      {
        onSuccess: () => {
          setSaved(true);
          onDirty(false);
        },
        onError: (error) => {
          const { fields, message } = refusalParts(error, known, SAVE_FAILED);
          setErrors(fields);
          setFailure({ message, cause: error });
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      className="panel invoice-editor"
      aria-label="Edit draft invoice"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h2 className="invoice-section__title">Lines</h2>
      <ol className="invoice-editor__lines">
        {lines.map((line, index) => (
          <li key={line.key} className="invoice-editor__line">
            <TextField
              label={`Line ${index + 1} description`}
              error={errors[`lines.${index}.description`]}
              value={line.description}
              maxLength={200}
              onChange={(event) => edit(line.key, { description: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} quantity`}
              error={errors[`lines.${index}.quantity`]}
              inputMode="numeric"
              value={line.quantity}
              onChange={(event) => edit(line.key, { quantity: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} unit price`}
              error={errors[`lines.${index}.unit_amount`]}
              inputMode="decimal"
              value={line.unit_amount}
              onChange={(event) => edit(line.key, { unit_amount: event.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.length === 1}
              onClick={() => {
                markDirty();
                // The messages are by line number, which the lines below this one change.
                setErrors({});
                setLines((all) => all.filter((other) => other.key !== line.key));
              }}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={lines.length >= INVOICE_MAX_LINES}
        onClick={() => {
          markDirty();
          setLines((all) => [...all, lineDraft({ description: '', quantity: 1, unit_amount: '' })]);
        }}
      >
        Add line
      </Button>
      <TextAreaField
        label="Notes"
        value={notes}
        error={errors.notes}
        maxLength={1000}
        rows={3}
        onChange={(event) => {
          markDirty();
          setNotes(event.target.value);
        }}
      />
      <SumsList
        label="Draft totals"
        rate={invoice.tax_rate}
        subtotal={money(sums.subtotal)}
        tax={money(sums.tax)}
        total={money(sums.total)}
      />
      {saved ? <StatusMessage tone="success">Draft saved.</StatusMessage> : null}
      <div className="invoice-editor__actions">
        <Refusal className="refusal--block" message={failure?.message} focusKey={failure?.cause} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save draft'}
        </Button>
      </div>
    </form>
  );
}
