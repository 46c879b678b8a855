/**
 * An accepted booking request holds its vehicle for its dates until the customer confirms it (it
 * gets a booking), it is declined, or its hold ends (decision 035). One rule for the server's
 * refusals and the app's badges: both read the stored end time against their own clock.
 */
import type { RequestStatus } from './constants.ts';

/** Hours an accepted request holds the vehicle, unless the agency sets its own (Settings). */
export const DEFAULT_HOLD_HOURS = 48;
/** The longest hold an agency may set: thirty days. */
export const MAX_HOLD_HOURS = 720;

const HOUR_MS = 3_600_000;

/** What the rule reads of a request. */
export interface HoldFacts {
  status: RequestStatus;
  has_booking: boolean;
  /** When the hold ends (ISO 8601 UTC); null for a request accepted before holds existed. */
  hold_until: string | null;
}

/** The end of a hold that starts at `acceptedAt` and lasts `hours`, as stored (ISO 8601 UTC). */
export function holdEndsAt(acceptedAt: Date, hours: number): string {
  return new Date(acceptedAt.getTime() + hours * HOUR_MS).toISOString();
}

/** Accepted, not booked, and its hold has ended: it can no longer be confirmed and blocks nothing. */
export function isHoldExpired(request: HoldFacts, now: Date): boolean {
  return (
    request.status === 'accepted' &&
    !request.has_booking &&
    request.hold_until !== null &&
    Date.parse(request.hold_until) <= now.getTime()
  );
}

/** Accepted, not booked, and its hold still runs: the vehicle is kept for its dates. */
export function isHeld(request: HoldFacts, now: Date): boolean {
  return (
    request.status === 'accepted' &&
    !request.has_booking &&
    request.hold_until !== null &&
    Date.parse(request.hold_until) > now.getTime()
  );
}

/** The status people see: the stored one, or "expired" for an accepted request whose hold ended. */
export type ShownRequestStatus = RequestStatus | 'expired';

export function shownRequestStatus(request: HoldFacts, now: Date): ShownRequestStatus {
  return isHoldExpired(request, now) ? 'expired' : request.status;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-12-03 → "3 Dec". */
export function dayAndMonth(isoDate: string): string {
  const [, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month - 1] ?? ''}`;
}

/** 2026-11-28T14:00:00.000Z → "28 Nov 14:00 UTC": the server has no reader's time zone, so it says which. */
export function dayMonthTimeUtc(isoTimestamp: string): string {
  return `${dayAndMonth(isoTimestamp)} ${isoTimestamp.slice(11, 16)} UTC`;
}

/**
 * The refusal of anything over a held period: "Booking request #12 (Jane Doe) holds this vehicle
 * from 3 Dec to 6 Dec until 28 Nov 14:00 UTC."
 */
export function holdSentence(hold: {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  hold_until: string;
}): string {
  const who = hold.name.trim() ? ` (${hold.name.trim()})` : '';
  return `Booking request #${hold.id}${who} holds this vehicle from ${dayAndMonth(hold.start_date)} to ${dayAndMonth(hold.end_date)} until ${dayMonthTimeUtc(hold.hold_until)}.`;
}
