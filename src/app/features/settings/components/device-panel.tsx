import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { SessionUser } from '#domain/api/session';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOutboxEntries } from '../../../offline/outbox-state.ts';
import { clearDeviceData, keptData, readDeviceStorage, type DeviceStorage, type KeptData } from '../device-data.ts';
import '../settings.css';

const CLEARED = "This device's data has been cleared.";
const NOT_CLEARED = "This device's data could not be cleared. Try again.";

function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * The offline state of this device: storage used, how old the kept data is, the writes waiting to
 * send, and "Clear this device's data" (after a confirmation that names the unsent changes).
 */
export function DevicePanel({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const waiting = useOutboxEntries();
  const [storage, setStorage] = useState<DeviceStorage | null>(null);
  const [kept, setKept] = useState<KeptData>(() => keptData(queryClient));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const refresh = useCallback(() => {
    void readDeviceStorage().then(setStorage);
  }, []);
  useEffect(refresh, [refresh]);
  // The kept lists change as queries load and refresh in the background: follow the cache.
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    const update = () => setKept(keptData(queryClient));
    update();
    return cache.subscribe((event) => {
      if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') update();
    });
  }, [queryClient]);

  const clear = async () => {
    setBusy(true);
    try {
      const discarded = await clearDeviceData(queryClient, user, waiting);
      setOutcome({
        tone: 'success',
        text: discarded ? `${CLEARED} Unsent changes discarded: ${discarded}.` : CLEARED,
      });
    } catch {
      setOutcome({ tone: 'error', text: NOT_CLEARED });
    } finally {
      setBusy(false);
      setConfirming(false);
      refresh();
    }
  };

  return (
    <section className="device-panel" aria-labelledby="device-panel-title">
      <h2 id="device-panel-title" className="settings-panel__title">
        This device
      </h2>
      <dl className="device-panel__facts">
        <div>
          <dt>Storage used</dt>
          <dd>
            {storage === null
              ? 'Checking...'
              : storage.usage === null
                ? 'Not reported by this browser.'
                : `${formatBytes(storage.usage)}${storage.quota ? ` of ${formatBytes(storage.quota)} available` : ''}.`}{' '}
            {storage?.persisted
              ? 'The browser keeps it even when space runs low.'
              : 'The browser may remove it when space runs low.'}
          </dd>
        </div>
        <div>
          <dt>Kept for offline use</dt>
          <dd>
            {kept.oldestUpdatedAt === null
              ? 'Nothing yet: lists and records are kept as you open them.'
              : `${kept.count} ${kept.count === 1 ? 'list or record' : 'lists and records'}, the oldest from ${formatDateTime(new Date(kept.oldestUpdatedAt))}.`}
          </dd>
        </div>
        <div>
          <dt>Waiting to send</dt>
          <dd>
            {waiting.length === 0 ? 'No changes waiting to send.' : `${changes(waiting.length)} waiting to send.`}
          </dd>
        </div>
      </dl>
      {outcome && outcome.tone !== 'error' ? <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={outcome?.tone === 'error' ? outcome.text : null} />
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
          Clear this device&apos;s data
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Clear this device's data?"
        message={
          <>
            <p>
              The lists and records kept for offline use are removed from this device. You stay signed in, and they load
              again from the server.
            </p>
            {waiting.length > 0 ? (
              <p>
                <strong>{changes(waiting.length)} not yet sent will be lost.</strong>
              </p>
            ) : null}
          </>
        }
        confirmLabel="Clear data"
        tone="danger"
        busy={busy}
        onConfirm={() => void clear()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
