import type { BookingStatus } from '#domain/constants';
import { bookingStatusLabel, bookingStatusTone, type BadgeTone } from '../lib/booking-labels.ts';

/** A coloured status word; the word itself carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

/** A booking's status in SPEC §4's colours: completed green, upcoming yellow, active blue, else red. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge tone={bookingStatusTone(status)}>{bookingStatusLabel(status)}</StatusBadge>;
}
