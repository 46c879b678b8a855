import { Button } from '../components/button.tsx';
import { StatusMessage } from '../components/status-message.tsx';
import { discardEntry } from './outbox.ts';
import type { OutboxEntry } from './outbox-types.ts';

/** An entry the server refused or found in conflict: it waits for the person, not for the network. */
export const isRefusedEntry = (entry: OutboxEntry) => entry.state === 'attention' || entry.state === 'conflict';

/**
 * One write of a screen still on this device: waiting to send, or refused with the server's
 * reason and a button to discard it. `thing` names it in the button and the fallback ("inspection").
 */
export function QueuedEntry({ entry, thing }: { entry: OutboxEntry; thing: string }) {
  if (!isRefusedEntry(entry)) {
    return (
      <StatusMessage tone="warning">
        Waiting to send: {entry.label}. It is saved on this device and is sent when the connection returns.
      </StatusMessage>
    );
  }
  return (
    <StatusMessage
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={() => void discardEntry(entry.id)}>
          Discard this {thing}
        </Button>
      }
    >
      Error: {entry.lastError ?? `The ${thing} was not accepted.`}
    </StatusMessage>
  );
}
