import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage, type StatusTone } from '../../../components/status-message.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';

/** What the last action said; a refusal names its row (`id`) and is said there. */
type Outcome = { tone: StatusTone; text: string; id?: number };

/** What a record's form is given: the record (null: a new one) and how to close, with what was saved. */
export interface RecordFormProps<T> {
  record: T | null;
  online: boolean;
  onDone: (saved: T | null) => void;
}

export interface PriceListPanelProps<T extends { id: number }> {
  /** Names the heading's id: `${id}-title`. */
  id: string;
  title: string;
  lead: ReactNode;
  /** "category": "Add category", "Edit Economy"… */
  noun: string;
  empty: string;
  /** "your categories": "Loading your categories...", "Your categories could not be loaded." */
  plural: string;
  query: UseQueryResult<{ items: T[]; total: number }>;
  canEdit: boolean;
  online: boolean;
  nameOf: (record: T) => string;
  /** The record's line under its name. */
  detail: (record: T) => ReactNode;
  Form: (props: RecordFormProps<T>) => ReactNode;
  remove: UseMutationResult<void, Error, number>;
  /** The confirmation's words about what removing it does. */
  removeMessage: (record: T) => string;
  /** Shown between the heading and the list (the seasons' calendar strip). */
  children?: ReactNode;
}

/**
 * One list of the price list, as Settings' Pickup locations panel shows its places: the records,
 * add, edit in place, remove after a confirmation; a refusal is said beside its control. Agents
 * read it: no buttons. Changing it needs a connection.
 */
export function PriceListPanel<T extends { id: number }>(props: PriceListPanelProps<T>) {
  const { id, title, lead, noun, empty, plural, query, canEdit, online, nameOf, detail, Form, remove } = props;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const capitalised = plural.charAt(0).toUpperCase() + plural.slice(1);

  const confirmRemove = async (record: T) => {
    setOutcome(null);
    try {
      await remove.mutateAsync(record.id);
      setOutcome({ tone: 'success', text: `${nameOf(record)} has been removed.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, `The ${noun} could not be removed.`), id: record.id });
    } finally {
      setRemoving(null);
    }
  };

  const items = query.data?.items;
  return (
    <section className="panel rates-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rates-panel__title">
        {title}
      </h2>
      <p className="rates-panel__lead">{lead}</p>
      {canEdit && !online ? (
        <StatusMessage tone="warning">
          Changing {plural} needs a connection. Try again when you are back online.
        </StatusMessage>
      ) : null}
      {items ? (
        items.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <>
            {props.children}
            <ul className="rates-list">
              {items.map((record) =>
                editing === record.id ? (
                  <li key={record.id} className="rates-list__item">
                    <Form
                      record={record}
                      online={online}
                      onDone={(saved) => {
                        setEditing(null);
                        if (saved) setOutcome({ tone: 'success', text: `${nameOf(saved)} has been saved.` });
                      }}
                    />
                  </li>
                ) : (
                  <li key={record.id} className="rates-list__item">
                    <div className="rates-list__who">
                      <span className="rates-list__name">{nameOf(record)}</span>
                      <span className="rates-list__detail">{detail(record)}</span>
                    </div>
                    {canEdit ? (
                      <div className="rates-list__status">
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={!online}
                          aria-label={`Edit ${nameOf(record)}`}
                          onClick={() => setEditing(record.id)}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={!online}
                          aria-label={`Remove ${nameOf(record)}`}
                          onClick={() => setRemoving(record)}
                        >
                          Remove
                        </Button>
                      </div>
                    ) : null}
                    {outcome?.tone === 'error' && outcome.id === record.id ? (
                      <Refusal className="refusal--block" message={outcome.text} />
                    ) : null}
                  </li>
                ),
              )}
            </ul>
            {query.data && query.data.total > items.length ? (
              <p className="rates-panel__lead">
                Showing {items.length} of {query.data.total}.
              </p>
            ) : null}
          </>
        )
      ) : (
        <QueryFallback
          query={query}
          loadingLabel={`Loading ${plural}...`}
          failure={`${capitalised} could not be loaded.`}
          offline={`${capitalised} will appear when the connection returns.`}
        />
      )}
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      {canEdit ? (
        editing === 'new' ? (
          <Form
            record={null}
            online={online}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setOutcome({ tone: 'success', text: `${nameOf(saved)} has been added.` });
            }}
          />
        ) : (
          <div className="form__actions">
            <Button variant="secondary" disabled={!online} onClick={() => setEditing('new')}>
              Add {noun}
            </Button>
          </div>
        )
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove this ${noun}?`}
        message={removing ? props.removeMessage(removing) : ''}
        confirmLabel="Remove"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
