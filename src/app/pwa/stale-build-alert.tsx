import { useEffect, useState } from 'react';
import { useOutboxSending } from '../offline/outbox-state.ts';
import { continueRecovery, reloadApp, useStaleBuild } from './stale-build.ts';
import { isHeld, type HeldReason } from './stale-build-policy.ts';
import './pwa.css';

const REASONS: Record<HeldReason, string> = {
  unsaved:
    'Opening the next screen needs a reload. Save your changes first: reloading discards anything not yet saved on this page.',
  sending: 'It reloads once your changes have been sent.',
  repeated: 'Some screens could still not be loaded. Reload to try again.',
};

/**
 * Shown when a deploy replaced the code this tab needs and the automatic reload was held back
 * (see stale-build.ts). "Reload" waits for a write in flight, never for a form: the browser asks
 * before it discards unsaved changes.
 */
export function StaleBuildAlert() {
  const status = useStaleBuild();
  const sending = useOutboxSending();
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (status === 'sending' && !sending) continueRecovery();
  }, [status, sending]);
  useEffect(() => {
    if (requested && !sending) reloadApp();
  }, [requested, sending]);

  if (!isHeld(status)) return null;
  return (
    <div role="alert" className="pwa-update-prompt">
      <p>
        <strong>The app has been updated.</strong> {REASONS[status]}
      </p>
      <p className="pwa-update-actions">
        <button type="button" onClick={() => setRequested(true)} disabled={requested}>
          Reload
        </button>
      </p>
      {requested && sending && <p className="pwa-update-reason">Waiting for changes to be sent…</p>}
    </div>
  );
}
