/* Shared by the sync status button and its panel (loaded later), so the panel does not import the button. */
import type { OutboxEntry } from './outbox-types.ts';

/** An entry the user has to look at: refused, or in conflict with a change made elsewhere. */
export function needsUser(entry: OutboxEntry): boolean {
  return entry.state === 'attention' || entry.state === 'conflict';
}

/** The online / offline dot beside the status and the notices. */
export function Dot({ online }: { online: boolean }) {
  return <span className={`sync-dot ${online ? 'sync-dot--online' : 'sync-dot--offline'}`} aria-hidden="true" />;
}
