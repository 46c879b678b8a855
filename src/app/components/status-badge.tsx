import type { BadgeTone } from '../lib/booking-labels.ts';

/** A coloured status word; the word itself carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
