import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiCustomer } from '#domain/api/customers';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { discardEntry, reviseEntry, useOutboxEntries, type OutboxEntry } from '../../../offline/outbox.ts';
import { customerQueryOptions, useCustomer } from '../api/get-customer.ts';
import { customerTarget, LICENSE_FIELD } from '../api/update-customer.ts';
import { CUSTOMER_FIELDS, FIELD_LABELS, type CustomerField } from '../customer-values.ts';

/** The staff edits of one customer that the server has not accepted yet. */
export function useCustomerEdits(id: number): OutboxEntry[] {
  return useOutboxEntries({ kind: 'customer-edit', target: customerTarget(id) });
}

const isField = (name: string): name is CustomerField => (CUSTOMER_FIELDS as string[]).includes(name);
const lastValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/** What an edit changes, field by field, as the user typed it. */
function editedValues(entry: OutboxEntry): { label: string; mine: string; field: CustomerField | null }[] {
  const form = entry.request.form;
  if (!form) return [];
  const rows: { label: string; mine: string; field: CustomerField | null }[] = [];
  for (const [name, value] of Object.entries(form.fields)) {
    if (isField(name)) rows.push({ label: FIELD_LABELS[name], mine: lastValue(value) ?? '', field: name });
  }
  if (form.files[LICENSE_FIELD]?.length) rows.push({ label: "Driver's license", mine: 'A new image', field: null });
  if (lastValue(form.fields.delete_drivers_license) === 'true') {
    rows.push({ label: "Driver's license", mine: 'Removed', field: null });
  }
  return rows;
}

const shown = (value: string | null | undefined) => (value ? value : '(empty)');

/**
 * Edits of this customer still on this device: waiting to send, refused, or in conflict with a
 * change someone else saved meanwhile. A conflict shows both versions and lets the user keep
 * theirs (sent again against the new version) or drop it; nothing is overwritten silently.
 */
export function CustomerEditStatus({ id }: { id: number }) {
  const entries = useCustomerEdits(id);
  if (entries.length === 0) return null;
  return (
    <div className="customer-edits" aria-live="polite">
      {entries.map((entry) =>
        entry.state === 'conflict' && !entry.errorFields ? (
          <ConflictPanel key={entry.id} id={id} entry={entry} />
        ) : entry.state === 'conflict' || entry.state === 'attention' ? (
          <RefusedEdit key={entry.id} entry={entry} />
        ) : (
          <StatusMessage key={entry.id} tone="warning">
            Waiting to send: {entry.label}. It is saved on this device and is sent when the connection returns.
          </StatusMessage>
        ),
      )}
    </div>
  );
}

function RefusedEdit({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState(false);
  const messages = Object.values(entry.errorFields ?? {}).flat();
  return (
    <StatusMessage
      tone="error"
      action={
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void discardEntry(entry.id).finally(() => setBusy(false));
          }}
        >
          Discard this change
        </Button>
      }
    >
      Error: {entry.lastError ?? 'The change was not accepted.'}
      {messages.length > 0 ? ` ${messages.filter((message) => message !== entry.lastError).join(' ')}` : null}
    </StatusMessage>
  );
}

/** The customer record a 412 carries as `current` (the outbox keeps it as unknown data). */
function isApiCustomer(value: unknown): value is ApiCustomer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ApiCustomer>).id === 'number' &&
    typeof (value as Partial<ApiCustomer>).updated_at === 'string'
  );
}

function ConflictPanel({ id, entry }: { id: number; entry: OutboxEntry }) {
  const queryClient = useQueryClient();
  const current = useCustomer(id);
  const [busy, setBusy] = useState(false);

  // The other person's version: the copy in the cache predates it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey });
  }, [queryClient, id, entry.id]);

  // The copy the server refused with (kept offline too), until a fresher one arrives.
  const refusedWith = isApiCustomer(entry.serverCopy) ? entry.serverCopy : undefined;
  const fetched = current.isFetching ? undefined : current.data;
  const theirs: ApiCustomer | undefined =
    fetched && (!refusedWith || fetched.updated_at >= refusedWith.updated_at) ? fetched : (refusedWith ?? current.data);
  const rows = editedValues(entry);
  const fresh = theirs !== undefined && (refusedWith !== undefined || !current.isFetching);

  const keepMine = async () => {
    const form = entry.request.form;
    if (!theirs || !form) return;
    setBusy(true);
    try {
      await reviseEntry(entry.id, {
        ...entry.request,
        form: { ...form, fields: { ...form.fields, expected_updated_at: theirs.updated_at } },
      });
    } finally {
      setBusy(false);
    }
  };
  const discardMine = async () => {
    setBusy(true);
    try {
      await discardEntry(entry.id);
      await queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="conflict panel" aria-labelledby={`conflict-${entry.id}`}>
      <h2 id={`conflict-${entry.id}`} className="conflict__title">
        Someone else changed this customer
      </h2>
      <p>
        Your change was not saved because this customer was changed by someone else after you opened it. Compare and
        choose which version to keep.
      </p>
      <div className="table-frame">
        <table className="table">
          <caption className="visually-hidden">Your change and the saved version</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved by someone else</th>
              <th scope="col">Your change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label + row.mine}>
                <th scope="row">{row.label}</th>
                <td>
                  {!theirs
                    ? 'Loading...'
                    : row.field
                      ? shown(theirs[row.field])
                      : theirs.drivers_license
                        ? 'A license on file'
                        : 'None'}
                </td>
                <td>{shown(row.mine)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="conflict__actions">
        <Button variant="secondary" disabled={busy} onClick={() => void discardMine()}>
          Discard my changes
        </Button>
        <Button disabled={busy || !fresh} onClick={() => void keepMine()}>
          Keep my changes
        </Button>
      </div>
    </section>
  );
}
