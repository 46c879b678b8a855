import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatDateTime } from '../lib/format.ts';
import { discardEntry, OUTBOX_VERSION, type OutboxEntry, retryEntry, useRecentlySent } from './outbox.ts';
import { draftHash } from './outbox-drafts.ts';
import { Dot, needsUser } from './sync-dot.tsx';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending…',
  attention: 'Needs attention',
  conflict: 'Conflict',
  paused: 'Paused',
};

function canRetry(entry: OutboxEntry): boolean {
  if (entry.version !== OUTBOX_VERSION || entry.state === 'sending') return false;
  return entry.state !== 'waiting' || entry.attempts > 0;
}

interface EntryItemProps {
  entry: OutboxEntry;
  onDiscard: (entry: OutboxEntry) => void;
  onReopen: (entry: OutboxEntry) => void;
}

function EntryItem({ entry, onDiscard, onReopen }: EntryItemProps) {
  const [busy, setBusy] = useState(false);
  const reopen = needsUser(entry) ? entry.request.reopen : undefined;
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
          {reopen ? (
            <Button size="sm" onClick={() => onReopen(entry)}>
              {reopen.label}
            </Button>
          ) : null}
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

interface SyncPanelProps {
  open: boolean;
  online: boolean;
  entries: OutboxEntry[];
  onClose: () => void;
}

/**
 * The list behind the sync status: each write not yet on the server with its state; refused ones
 * show the server's message with Retry and Discard (which asks first). Loaded when first opened.
 */
export function SyncPanel({ open, online, entries, onClose }: SyncPanelProps) {
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [discardBusy, setDiscardBusy] = useState(false);
  const panel = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const recentId = useId();
  const recent = useRecentlySent();
  const router = useRouter();

  // The form the write came from, with what was typed; the entry stays here until it is sent again.
  const reopen = (entry: OutboxEntry) => {
    const target = entry.request.reopen;
    if (!target) return;
    // Closed at once, not in the next render's effect: the focus it gives back must land before the
    // form takes it.
    panel.current?.close();
    onClose();
    router.history.push(`${target.path}${draftHash(entry.id)}`);
  };

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

  return (
    <dialog
      ref={panel}
      className="sync-panel"
      aria-labelledby={titleId}
      onClose={(event) => {
        // The discard confirmation is a dialog inside this one: its close is not this panel's.
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sync-panel__inner">
        <header className="sync-panel__header">
          <h2 id={titleId} className="sync-panel__title">
            Sync status
          </h2>
          <button type="button" className="sync-panel__close" onClick={onClose}>
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
              <EntryItem key={entry.id} entry={entry} onDiscard={setDiscarding} onReopen={reopen} />
            ))}
          </ul>
        ) : (
          <p className="sync-panel__empty">Everything is up to date. Nothing is waiting to be sent.</p>
        )}
        {recent.length ? (
          <section className="sync-panel__recent" aria-labelledby={recentId}>
            <h3 id={recentId} className="sync-panel__subtitle">
              Recently sent
            </h3>
            <ul className="sync-panel__list">
              {recent.map((write) => (
                <li key={write.id} className="sync-entry sync-entry--sent">
                  <div className="sync-entry__head">
                    <span className="sync-entry__label">{write.label}</span>
                    <span className="sync-chip sync-chip--sent">Sent</span>
                  </div>
                  <p className="sync-entry__meta">Sent {formatDateTime(new Date(write.sentAt))}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
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
  );
}
