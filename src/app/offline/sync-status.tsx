import { lazy, Suspense, useState } from 'react';
import { SNAPSHOT_OMIT } from '../pwa/first-screen.ts';
import { useOnline } from './connectivity.ts';
import { useOutboxEntries } from './outbox-state.ts';
import type { OutboxEntry } from './outbox-types.ts';
import './sync-status.css';

// The panel's list, actions and dialogs load when it is first opened, not with every page.
const SyncPanel = lazy(() => import('./sync-panel.tsx').then((module) => ({ default: module.SyncPanel })));

export function needsUser(entry: OutboxEntry): boolean {
  return entry.state === 'attention' || entry.state === 'conflict';
}

export function Dot({ online }: { online: boolean }) {
  return <span className={`sync-dot ${online ? 'sync-dot--online' : 'sync-dot--offline'}`} aria-hidden="true" />;
}

/**
 * The online/offline indicator with the number of writes not yet on the server. It opens a panel
 * listing each of them with its state.
 */
export function SyncStatus() {
  const online = useOnline();
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it is the dialog's own close (focus goes back).
  const [opened, setOpened] = useState(false);
  const pending = entries.length;
  const attention = entries.filter(needsUser).length;

  const summary = `${online ? 'Online' : 'Offline'}${pending ? `, ${pending} pending` : ''}${
    attention ? `, ${attention} ${attention === 1 ? 'needs' : 'need'} attention` : ''
  }`;

  return (
    // Left out of the kept first screen (pwa/first-screen.ts): "Online" then may no longer be true.
    <div className="sync-status" {...SNAPSHOT_OMIT}>
      <button
        type="button"
        className={`sync-status__button${online ? '' : ' sync-status__button--offline'}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
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

      {opened ? (
        <Suspense fallback={null}>
          <SyncPanel open={open} online={online} entries={entries} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
