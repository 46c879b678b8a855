import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { SNAPSHOT_OMIT } from '../components/snapshot-omit.ts';
import { useOnline } from './connectivity.ts';
import { useOutboxEntries } from './outbox-state.ts';
import { onOutboxNotice, type OutboxNotice } from './outbox-recent.ts';
import { Dot, needsUser } from './sync-dot.tsx';
import './sync-status.css';

// The panel's list, actions and dialogs load when it is first opened, not with every page.
const SyncPanel = lazy(() => import('./sync-panel.tsx').then((module) => ({ default: module.SyncPanel })));

/** How long "Sent" stays on screen; a refusal stays until it is looked at or closed. */
const SENT_NOTICE_MS = 8_000;

/** "Offline, 2 pending, 1 needs attention": the button's name, built from the numbers it shows. */
export function syncSummary(online: boolean, pending: number, attention: number): string {
  const parts = [online ? 'Online' : 'Offline'];
  if (pending) parts.push(`${pending} pending`);
  if (attention) parts.push(`${attention} ${attention === 1 ? 'needs' : 'need'} attention`);
  return parts.join(', ');
}

function noticeText(notice: OutboxNotice): string {
  return notice.type === 'sent'
    ? `Sent: ${notice.label}.`
    : `Not sent: ${notice.label}. ${notice.error || 'The server refused it.'}`;
}

/** The last notice of the outbox (a queued write sent or refused) while it is on screen. */
function useOutboxNotice(): [OutboxNotice | null, () => void] {
  const [notice, setNotice] = useState<OutboxNotice | null>(null);
  useEffect(() => onOutboxNotice(setNotice), []);
  useEffect(() => {
    if (notice?.type !== 'sent') return;
    const timer = setTimeout(() => setNotice(null), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, () => setNotice(null)];
}

/**
 * The online/offline indicator with the number of writes not yet on the server, and of those the
 * server refused. It opens a panel listing each of them with its state, and the ones recently
 * sent. A write queued earlier that is sent or refused while the person is on another screen is
 * told there, in a notice that a screen reader hears once.
 */
export function SyncStatus() {
  const online = useOnline();
  const entries = useOutboxEntries();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it is the dialog's own close (focus goes back).
  const [opened, setOpened] = useState(false);
  const [notice, dismissNotice] = useOutboxNotice();
  const pending = entries.length;
  const attention = entries.filter(needsUser).length;
  const summary = syncSummary(online, pending, attention);
  const announcement = useAnnouncement(summary, notice);

  const openPanel = () => {
    setOpened(true);
    setOpen(true);
  };

  return (
    // Left out of the kept first screen (pwa/first-screen.ts): "Online" then may no longer be true.
    <div className="sync-status" {...SNAPSHOT_OMIT}>
      <button
        type="button"
        className={`sync-status__button${online ? '' : ' sync-status__button--offline'}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={summary}
        onClick={openPanel}
      >
        <Dot online={online} />
        <span className="sync-status__state">{online ? 'Online' : 'Offline'}</span>
        {pending ? (
          <span className="sync-status__count">
            {pending}
            <span className="sync-status__count-word"> pending</span>
          </span>
        ) : null}
        {attention ? (
          <span className="sync-status__count sync-status__count--attention">
            {attention}
            <span className="sync-status__count-word"> {attention === 1 ? 'needs' : 'need'} attention</span>
          </span>
        ) : null}
      </button>
      {/* Says what changed, once: the queue, the connection, a write sent or refused. */}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>

      {/* In the body: the header's backdrop filter would pin a fixed box to the header. */}
      {notice
        ? createPortal(
            <div className={`sync-notice sync-notice--${notice.type}`} {...SNAPSHOT_OMIT}>
              <Dot online={notice.type === 'sent'} />
              <p className="sync-notice__text">{noticeText(notice)}</p>
              {notice.type === 'refused' ? (
                <button
                  type="button"
                  className="sync-notice__action"
                  onClick={() => {
                    dismissNotice();
                    openPanel();
                  }}
                >
                  Open sync status
                </button>
              ) : null}
              <button type="button" className="sync-notice__close" onClick={dismissNotice}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Close notice</span>
              </button>
            </div>,
            document.body,
          )
        : null}

      {opened ? (
        <Suspense fallback={null}>
          <SyncPanel open={open} online={online} entries={entries} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * What the live region says: nothing at first (the button's name already says it), then each
 * change of the summary, and each notice.
 */
function useAnnouncement(summary: string, notice: OutboxNotice | null): string {
  // The summary and notice last heard, and what was said of them. A notice there at the start is
  // said; the first summary is not. Updated while rendering: what is said shows in the same paint.
  const [heard, setHeard] = useState<{ summary: string; notice: OutboxNotice | null; said: string }>({
    summary,
    notice: null,
    said: '',
  });
  if (summary !== heard.summary || notice !== heard.notice) {
    const said =
      notice && notice !== heard.notice ? noticeText(notice) : summary !== heard.summary ? summary : heard.said;
    setHeard({ summary, notice, said });
  }
  return heard.said;
}
