import { useEffect, useState } from 'react';
import { useHasDirtyForms } from '../lib/dirty-forms.ts';
import { useOutboxSending } from '../offline/outbox-state.ts';
import { useStaleBuild } from './stale-build.ts';
import { isHeld } from './stale-build-policy.ts';
import { useUpdateWaiting } from './update-state.ts';
import './pwa.css';

/**
 * "A new version is available — Reload". A reload would throw away a half-filled form or cut a
 * write in flight, so the click is remembered and carried out once both are clear.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const dirty = useHasDirtyForms();
  const syncing = useOutboxSending();
  const [requested, setRequested] = useState(false);
  const blocked = dirty || syncing;
  // The stale-build alert says the same and more; one message at a time.
  const superseded = isHeld(useStaleBuild());

  useEffect(() => {
    // The registration that found the update has loaded this module already.
    if (requested && !blocked) void import('./register.ts').then((module) => module.applyUpdate());
  }, [requested, blocked]);

  if (!waiting || superseded) return null;
  return (
    <div role="status" className="pwa-update-prompt">
      <p>
        A new version is available —{' '}
        <button type="button" onClick={() => setRequested(true)} disabled={requested && !blocked}>
          Reload
        </button>
      </p>
      {requested && dirty && <p className="pwa-update-reason">Finish or leave the form first.</p>}
      {requested && !dirty && syncing && <p className="pwa-update-reason">Waiting for changes to sync…</p>}
    </div>
  );
}
