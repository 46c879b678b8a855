import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useOnline } from './connectivity.ts';
import { discardEntry, OUTBOX_VERSION, type OutboxEntry, retryEntry, useOutboxEntries } from './outbox.ts';
import './sync-status.css';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending…',
  attention: 'Needs attention',
  conflict: 'Conflict',
  paused: 'Paused',
};

function needsUser(entry: OutboxEntry): boolean {
  return entry.state === 'attention' || entry.state === 'conflict';
}

function canRetry(entry: OutboxEntry): boolean {
  if (entry.version !== OUTBOX_VERSION || entry.state === 'sending') return false;
  return entry.state !== 'waiting' || entry.attempts > 0;
}

function Dot({ online }: { online: boolean }) {
  return <span className={`sync-dot ${online ? 'sync-dot--online' : 'sync-dot--offline'}`} aria-hidden="true" />;
}

function EntryItem({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: (entry: OutboxEntry) => void }) {
  const [busy, setBusy] = useState(false);
  // A one-field refusal repeats its message as the summary: list only what the summary does not say.
  const fieldMessages = [...new Set(Object.values(entry.errorFields ?? {}).flat())].filter(
    (message) => message !== entry.lastError,
  );
  const details = [`Saved ${formatDateTime(new Date(entry.createdAt))}`];
  if (entry.attempts > 0) details.push(`${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}`);
  if (entry.state === 'waiting' && entry.attempts > 0 && entry.nextAttemptAt > entry.createdAt) {
    details.push(`next try ${formatDateTime(new Date(entry.nextAttemptAt))}`);
  }

  const retry = () => {
    setBusy(true);
    void retryEntry(entry.id).finally(() => setBusy(false));
  };

  return (
    <li className={`sync-entry sync-entry--${entry.state}`}>
      <div className="sync-entry__head">
        <span className="sync-entry__label">{entry.label}</span>
        <span className={`sync-chip sync-chip--${entry.state}`}>{STATE_TEXT[entry.state]}</span>
      </div>
      <p className="sync-entry__meta">{details.join(' · ')}</p>
      {entry.lastError && (entry.state !== 'waiting' || entry.attempts > 0) ? (
        <p className={needsUser(entry) ? 'sync-entry__error' : 'sync-entry__note'}>{entry.lastError}</p>
      ) : null}
      {fieldMessages.length ? (
        <ul className="sync-entry__fields">
          {fieldMessages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {entry.state !== 'sending' ? (
        <div className="sync-entry__actions">
          {canRetry(entry) ? (
            <Button size="sm" variant="secondary" onClick={retry} disabled={busy}>
              {entry.state === 'waiting' || entry.state === 'paused' ? 'Send now' : 'Retry'}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" className="sync-entry__discard" onClick={() => onDiscard(entry)}>
            Discard
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The online/offline indicator with the number of writes not yet on the server. It opens a panel
 * listing each of them with its state; refused ones show the server's message with Retry and
 * Discard (which asks first).
 */
export function SyncStatus() {
  const online = useOnline();
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [discardBusy, setDiscardBusy] = useState(false);
  const panel = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pending = entries.length;
  const attention = entries.filter(needsUser).length;

  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const confirmDiscard = () => {
    if (!discarding) return;
    setDiscardBusy(true);
    void discardEntry(discarding.id).finally(() => {
      setDiscardBusy(false);
      setDiscarding(null);
    });
  };

  const summary = `${online ? 'Online' : 'Offline'}${pending ? `, ${pending} pending` : ''}${
    attention ? `, ${attention} ${attention === 1 ? 'needs' : 'need'} attention` : ''
  }`;

  return (
    <div className="sync-status">
      <button
        type="button"
        className={`sync-status__button${online ? '' : ' sync-status__button--offline'}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Dot online={online} />
        <span className="sync-status__state">{online ? 'Online' : 'Offline'}</span>
        {pending ? (
          <span className={`sync-status__count${attention ? ' sync-status__count--attention' : ''}`}>
            {pending}
            <span className="sync-status__count-word"> pending</span>
          </span>
        ) : null}
        {attention ? <span className="visually-hidden">, {attention} need attention</span> : null}
      </button>
      {/* Read out when the connection or the queue changes; the button's text alone is not announced. */}
      <span className="visually-hidden" aria-live="polite">
        {summary}
      </span>

      <dialog
        ref={panel}
        className="sync-panel"
        aria-labelledby={titleId}
        onClose={(event) => {
          // The discard confirmation is a dialog inside this one: its close is not this panel's.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        <div className="sync-panel__inner">
          <header className="sync-panel__header">
            <h2 id={titleId} className="sync-panel__title">
              Sync status
            </h2>
            <button type="button" className="sync-panel__close" onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close</span>
            </button>
          </header>
          <p className={`sync-panel__connection${online ? '' : ' sync-panel__connection--offline'}`}>
            <Dot online={online} />
            {online
              ? 'Online. Changes are sent as soon as they are saved.'
              : 'Offline. Changes are kept on this device and sent when the connection returns.'}
          </p>
          {entries.length ? (
            <ul className="sync-panel__list">
              {entries.map((entry) => (
                <EntryItem key={entry.id} entry={entry} onDiscard={setDiscarding} />
              ))}
            </ul>
          ) : (
            <p className="sync-panel__empty">Everything is up to date. Nothing is waiting to be sent.</p>
          )}
        </div>
        <ConfirmDialog
          open={discarding !== null}
          title="Discard this change?"
          message={
            discarding ? (
              <p>“{discarding.label}” has not reached the server. Discarding removes it from this device for good.</p>
            ) : null
          }
          confirmLabel="Discard"
          tone="danger"
          busy={discardBusy}
          onConfirm={confirmDiscard}
          onCancel={() => setDiscarding(null)}
        />
      </dialog>
    </div>
  );
}
